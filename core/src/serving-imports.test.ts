// Core's idle memory (README: < 150 MB 10 s after start) depends on what the serving process loads at start.
// MikroORM, kysely and the entities' metadata (about 20 MB) serve only the CRUD use cases on the company
// EntityManager and the start-up migrations (a worker thread): routes and push handlers reach those use cases
// through lazyUseCase (decision 0039). This walks the static imports from core's entry point and fails when one
// of those packages becomes reachable again, naming the chain of files that reaches it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = import.meta.dirname;
const LAZY_ONLY = /^(@mikro-orm\/|kysely$)/;

/** The static import and re-export specifiers of a module: `import type` / `export type` load nothing. */
export function staticImports(text: string): string[] {
  const specs: string[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^"';]*?\bfrom\s*["']([^"']+)["']/gm)) {
    if (!m[1]) specs.push(m[2]!);
  }
  for (const m of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) specs.push(m[1]!);
  return specs;
}

/** Every package reached from `entry` through static imports, with the chain of files that reaches it. */
export function reachablePackages(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>([entry]);
  const queue: { file: string; chain: string[] }[] = [{ file: entry, chain: [path.relative(SRC, entry)] }];
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    for (const spec of staticImports(readFileSync(file, "utf8"))) {
      if (spec.startsWith(".")) {
        const next = path.resolve(path.dirname(file), spec);
        if (seen.has(next) || !existsSync(next)) continue;
        seen.add(next);
        queue.push({ file: next, chain: [...chain, path.relative(SRC, next)] });
      } else if (!spec.startsWith("node:") && !packages.has(spec)) {
        packages.set(spec, chain);
      }
    }
  }
  return packages;
}

describe("what core's serving process loads at start", () => {
  it("reaches neither MikroORM nor kysely from main.ts: the EntityManager use cases load on first use", () => {
    const reached = reachablePackages(path.join(SRC, "main.ts"));
    // Not vacuous: the walk gets through the app to express, pg and zod.
    expect([...reached.keys()]).toEqual(expect.arrayContaining(["express", "pg", "zod"]));
    const eager = [...reached].filter(([spec]) => LAZY_ONLY.test(spec)).map(([spec, chain]) => [spec, chain]);
    expect(eager).toEqual([]);
  });

  it("would see them through a use case imported statically", () => {
    const reached = reachablePackages(path.join(SRC, "tags/create-tag.ts"));
    expect([...reached.keys()].filter((spec) => LAZY_ONLY.test(spec)).sort()).toEqual([
      "@mikro-orm/core",
      "@mikro-orm/postgresql",
      "kysely",
    ]);
  });

  it("reads imports as Node does: type-only ones load nothing, re-exports and bare imports do", () => {
    const text = [
      'import type { A } from "type-only";',
      'import { type B, c } from "mixed";',
      'export { d } from "re-export";',
      'export type { E } from "type-re-export";',
      'import "side-effect";',
      '// import { f } from "commented";',
      'const g = await import("dynamic");',
      "import {",
      "  h,",
      '} from "multi-line";',
    ].join("\n");
    expect(staticImports(text).sort()).toEqual(["mixed", "multi-line", "re-export", "side-effect"]);
  });
});
