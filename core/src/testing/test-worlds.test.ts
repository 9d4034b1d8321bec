// Decision 0029: a test file sets up its world through forFile (coreForFile, testDbForFile, mockNetworkForFile,
// browserStackForFile...), never with beforeAll/afterAll pairs of its own, which came back after the first
// clean-up. This test reads every test file of the repository and names the ones that call either hook.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const PARTS = ["core", "channel-worker", "sync-server", "pwa", "test", "bench"];

/**
 * Files allowed to call beforeAll/afterAll, each with its reason. Only the machinery itself: a test file that
 * needs set-up once per file builds it with forFile.
 */
const ALLOWED: Record<string, string> = {
  "core/src/testing/for-file.ts": "forFile itself: the one place the hooks are written",
  "test/tenant-guard-setup.ts": "a vitest setup file (not a test): installs the tenant guard around each file",
};

/** A call of either hook, or either one imported from vitest (then called under another name). */
const HOOK_CALL = /\b(beforeAll|afterAll)\s*\(/;
const HOOK_IMPORT = /import\s*\{[^}]*\b(beforeAll|afterAll)\b[^}]*\}\s*from\s*["']vitest["']/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield full;
  }
}

/** The repository's files (relative paths) that use beforeAll/afterAll, with the line of the first use. */
export async function hookUses(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const part of PARTS) {
    if (!existsSync(path.join(root, part))) continue;
    for await (const file of filesUnder(path.join(root, part))) {
      const rel = path.relative(root, file).split(path.sep).join("/");
      if (rel === "core/src/testing/test-worlds.test.ts") continue;
      const text = await readFile(file, "utf8");
      const lines = text.split("\n");
      const at = lines.findIndex((l) => HOOK_CALL.test(l) && !/^\s*(\/\/|\*)/.test(l));
      const imported = HOOK_IMPORT.test(text);
      if (at >= 0 || imported) found.push(`${rel}:${at >= 0 ? at + 1 : "import"}`);
    }
  }
  return found.sort();
}

describe("test worlds (decision 0029)", () => {
  it("no test file writes beforeAll/afterAll: each world is set up with forFile", async () => {
    const uses = await hookUses(ROOT);
    const unexpected = uses.filter((u) => !Object.hasOwn(ALLOWED, u.split(":")[0]!));
    expect(unexpected, "move these onto forFile (core/src/testing/test-world.ts)").toEqual([]);
    // The allowed files are still there and still the ones that write the hooks: the list stays true.
    expect(uses.map((u) => u.split(":")[0]).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it("finds a hook pair written by hand, and one imported under its name", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "chatflow-hooks-"));
    try {
      await mkdir(path.join(root, "pwa/src"), { recursive: true });
      await mkdir(path.join(root, "core/src"), { recursive: true });
      await writeFile(
        path.join(root, "pwa/src/a.test.ts"),
        'import { it } from "vitest";\n// beforeAll( in a comment is fine\nbeforeAll(async () => {});\n',
      );
      await writeFile(path.join(root, "core/src/b.test.ts"), 'import { afterAll as after } from "vitest";\n');
      await writeFile(path.join(root, "core/src/c.test.ts"), 'import { it } from "vitest";\nforFile(() => ({}));\n');
      expect(await hookUses(root)).toEqual(["core/src/b.test.ts:import", "pwa/src/a.test.ts:3"]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
