// The PWA's layer rule (STYLE.md "Layers"): the app's own code reaches the other parts only through core's
// contract, so the browser build never pulls in server code. Tests and their support may use server fixtures.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname);
const IMPORT = /(?:import|export)\s[^;]*?from\s+"(@chatflow\/[^"]+)"|import\(\s*"(@chatflow\/[^"]+)"\s*\)/g;

function appSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : appSources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("#pwa layers", () => {
  it("imports the other parts only through @chatflow/core/contract", () => {
    const outside: string[] = [];
    for (const file of appSources(SRC)) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const spec = match[1] ?? match[2] ?? "";
        if (!spec.startsWith("@chatflow/core/contract/")) outside.push(`${path.relative(SRC, file)}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
