// Routes parse, call a use case and answer (decision 0085): no route file runs SQL on the pool or a client, or
// works the EntityManager; that lives in the domain's use-case and queries files. This reads every
// `*-routes.ts` of core and fails naming the files and lines that do it again.
import { glob, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = import.meta.dirname;

/** What a route must not hold: a query call, the EntityManager, or a statement's text in a string. */
const PERSISTENCE = [
  { what: "a query call", re: /\.query\s*(<[^>]*>\s*)?\(/ },
  {
    what: "the EntityManager",
    re: /\bcompanyEm\s*\(|\bem\s*\.\s*\w+\s*\(|\.(nativeUpdate|nativeDelete|flush|persist|findOne|findAll)\s*\(/,
  },
  { what: "a SQL statement", re: /["'`]\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS)\b/i },
];

/** The lines of `text` that hold persistence, as "line: what"; comments are not code. */
export function persistenceIn(text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
    for (const { what, re } of PERSISTENCE) if (re.test(code)) found.push(`${i + 1}: ${what}`);
  });
  return found;
}

describe("routes hold no SQL", () => {
  it("no *-routes.ts file of core queries the pool, a client or the EntityManager", async () => {
    const files: string[] = [];
    for await (const file of glob("**/*-routes.ts", { cwd: SRC })) files.push(file);
    // Not vacuous: core has dozens of route files.
    expect(files.length).toBeGreaterThan(40);
    const offenders: Record<string, string[]> = {};
    for (const file of files.sort()) {
      const found = persistenceIn(await readFile(path.join(SRC, file), "utf8"));
      if (found.length > 0) offenders[file] = found;
    }
    expect(offenders).toEqual({});
  });

  it("would see each kind of persistence in a route", () => {
    const route = [
      "// a comment may say SELECT 1 FROM x and pool.query(...)",
      'const { rows } = await pool.query<HelpDTO>("SELECT id FROM helps");',
      "await client.query(sql, params);",
      "const em = companyEm(client, actor.companyId);",
      "await em.nativeDelete(Help, { id });",
      "const sql = `DELETE FROM helps WHERE id = $1`;",
      "res.json(await listHelps(pool));",
    ].join("\n");
    expect(persistenceIn(route)).toEqual([
      "2: a query call",
      "2: a SQL statement",
      "3: a query call",
      "4: the EntityManager",
      "5: the EntityManager",
      "6: a SQL statement",
    ]);
  });
});
