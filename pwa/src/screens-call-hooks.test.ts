// How the PWA loads and changes data (issue 20; pwa/src/api/use-rest-query.ts says the rule): a screen or dialog
// (a .tsx component) calls its area's hooks only. The REST calls, the local store's tables and the outbox live in
// the area's data file (`<area>-data.ts`), so no component holds a URL or a table name. This reads every
// component and fails on a call that would put one back.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname);

function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "test-support" ? [] : components(file);
    return e.name.endsWith(".tsx") && !e.name.includes(".test.") ? [file] : [];
  });
}

/** What a component must not do itself, each with the way it shows in code. */
const FORBIDDEN: [string, RegExp][] = [
  ["a REST call", /\b(?:api|client)\.(?:get|post|put|patch|delete|postForm)\s*(?:<[^>]*>)?\(/],
  ["a fetch of core", /\bfetch(?:Json)?\s*\(/],
  ["a read of the local store", /\buseLiveQuery\s*\(|\bdb\.[a-zA-Z]+\.[a-zA-Z]+\s*\(/],
  ["a write to the outbox", /\bqueueMutation\s*\(/],
  [
    "a value import of the store or the API client",
    /^import\s+(?!type\b)[^;]*from\s+"(?:\.\.?\/)+(?:app-db|store\/db|api\/http|app-services)\.ts"/m,
  ],
];

/** Components that may import app-services for what is not data: the session's sign-in deps, the sync token. */
const SESSION_ONLY = new Set([
  "auth/login-page.tsx",
  "layout/top-bar.tsx",
  "flows/flow-editor-page.tsx",
  "quick-messages/quick-messages-route.tsx",
]);

describe("screens call hooks", () => {
  it("no component calls core, reads the local store or queues a mutation itself", () => {
    const files = components(SRC);
    expect(files.length).toBeGreaterThan(200);
    const found: string[] = [];
    for (const file of files) {
      const rel = path.relative(SRC, file).split(path.sep).join("/");
      const text = readFileSync(file, "utf8");
      for (const [what, pattern] of FORBIDDEN) {
        if (what.startsWith("a value import") && SESSION_ONLY.has(rel)) {
          if (
            /from\s+"(?:\.\.?\/)+(?:app-db|store\/db|api\/http)\.ts"/.test(text.replace(/^import\s+type[^;]*;/gm, ""))
          ) {
            found.push(`${rel}: ${what}`);
          }
          continue;
        }
        if (pattern.test(text)) found.push(`${rel}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("knows each forbidden call when it sees one (the check itself)", () => {
    const samples = [
      'const q = await api.get<T>("/queue");',
      "await fetchJson(`/auth/signup`, {});",
      "const rows = useLiveQuery(() => db.queues.toArray());",
      'await queueMutation(db, "createTag", {});',
      'import { db } from "../app-db.ts";',
    ];
    expect(samples.map((s) => FORBIDDEN.filter(([, p]) => p.test(s)).length > 0)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(FORBIDDEN.some(([, p]) => p.test('import type { ChatflowDb } from "../store/db.ts";'))).toBe(false);
  });
});
