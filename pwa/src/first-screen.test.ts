// What the first screen carries (decision 0081): the entry's static imports, followed through every module they
// reach, never include Dexie. The login page paints before IndexedDB's library is fetched, and the initial
// JavaScript stays within issue 7's budget. Type-only imports are erased by the build, so they are not followed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname);
const CORE_SRC = path.resolve(SRC, "../../core/src");

type Specifier = { importKind?: string; exportKind?: string };
type Statement = {
  type: string;
  importKind?: string;
  exportKind?: string;
  source?: { value: string } | null;
  specifiers?: Specifier[];
};

/** The modules `file` imports for their values (not `import type`, not `{ type X }` alone, not `import()`). */
function valueImports(file: string): string[] {
  const program = parseAst(readFileSync(file, "utf8"), { lang: file.endsWith(".tsx") ? "tsx" : "ts" }, file);
  const found: string[] = [];
  for (const node of program.body as unknown as Statement[]) {
    if (!node.source) continue;
    if (node.type === "ImportDeclaration") {
      const specifiers = node.specifiers ?? [];
      const typeOnly =
        node.importKind === "type" || (specifiers.length > 0 && specifiers.every((s) => s.importKind === "type"));
      if (!typeOnly) found.push(node.source.value);
    } else if (
      (node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") &&
      node.exportKind !== "type"
    ) {
      found.push(node.source.value);
    }
  }
  return found;
}

/** Every module the entry reaches through value imports: local files by path, packages by name. */
function firstScreen(): { files: Map<string, string | null>; packages: Map<string, string> } {
  const files = new Map<string, string | null>();
  const packages = new Map<string, string>();
  const queue: [string, string | null][] = [[path.join(SRC, "main.tsx"), null]];
  while (queue.length > 0) {
    const [file, from] = queue.shift()!;
    if (files.has(file)) continue;
    files.set(file, from);
    if (!/\.(ts|tsx)$/.test(file)) continue; // stylesheets
    for (const spec of valueImports(file)) {
      if (spec.startsWith(".")) queue.push([path.resolve(path.dirname(file), spec), file]);
      else if (spec.startsWith("@chatflow/core/")) queue.push([path.join(CORE_SRC, spec.slice(15)), file]);
      else if (!packages.has(spec)) packages.set(spec, file);
    }
  }
  return { files, packages };
}

/** How `file` is reached from the entry, for the failure message. */
function chain(files: Map<string, string | null>, file: string): string {
  const steps: string[] = [];
  for (let at: string | null | undefined = file; at; at = files.get(at)) steps.push(path.relative(SRC, at));
  return steps.join(" <- ");
}

describe("#first screen", () => {
  const { files, packages } = firstScreen();

  it("walks the entry's imports (the app, the session, the route guards)", () => {
    for (const module of ["app.tsx", "auth/session.ts", "app-services.ts", "auth/route-guards.tsx"])
      expect(files.has(path.join(SRC, module)), module).toBe(true);
    expect(packages.has("react-dom/client")).toBe(true);
  });

  it("carries no Dexie: the local store loads with the first screen that needs it", () => {
    for (const pkg of ["dexie", "dexie-react-hooks", "y-indexeddb"])
      expect(packages.has(pkg), `${pkg} <- ${chain(files, packages.get(pkg) ?? "")}`).toBe(false);
    for (const module of ["app-db.ts", "store/db.ts"]) {
      const file = path.join(SRC, module);
      expect(files.has(file), chain(files, file)).toBe(false);
    }
  });

  it("carries no zod: the login's schemas and the two-factor answer are read without a schema library", () => {
    // The two-factor login answer once pulled all of zod into the entry through its contract (about 95 KB).
    expect(packages.has("zod"), `zod <- ${chain(files, packages.get("zod") ?? "")}`).toBe(false);
  });
});
