// The other parts reach core only through its package `exports` map (core/package.json): every
// `@chatflow/core/...` import of the worker, the sync server and the PWA resolves through it, and
// a module core does not export cannot be imported from outside.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PARTS = ["channel-worker", "sync-server", "pwa"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("core's exports map", () => {
  it("resolves every import the other parts make of core", () => {
    const unresolved: string[] = [];
    for (const part of PARTS) {
      const require = createRequire(path.join(ROOT, part, "package.json"));
      for (const file of sources(path.join(ROOT, part, "src"))) {
        for (const [, spec] of readFileSync(file, "utf8").matchAll(/["'](@chatflow\/core\/[^"']+)["']/g)) {
          try {
            require.resolve(spec!);
          } catch (err) {
            unresolved.push(`${path.relative(ROOT, file)}: ${spec} (${(err as { code?: string }).code})`);
          }
        }
      }
    }
    expect(unresolved).toEqual([]);
  });

  it("refuses a module core keeps to itself", () => {
    const require = createRequire(path.join(ROOT, "channel-worker", "package.json"));
    expect(() => require.resolve("@chatflow/core/tickets/ticket-counts.ts")).toThrow(
      expect.objectContaining({ code: "ERR_PACKAGE_PATH_NOT_EXPORTED" }),
    );
  });
});
