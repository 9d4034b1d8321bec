// npm run import:whaticket as an operator runs it (node on the script, Chat-flow's database in DATABASE_URL): a
// clear error and nothing written for bad input, a dry run's counts, then the import with its progress and report.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { testDbForFile, tmpDirForFile } from "../core/src/testing/test-world.ts";
import { sourceDbForFile, targetCounts } from "./whaticket/testing.ts";

const root = path.resolve(import.meta.dirname, "..");
const target = testDbForFile();
const source = sourceDbForFile("whaticket-community-schema.sql");
const dir = tmpDirForFile("chatflow-import-cli-");

function cli(...args: string[]) {
  return promisify(execFile)(process.execPath, [path.join(root, "scripts/import-whaticket.ts"), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: target.url, DATA_DIR: path.join(dir.path, "data") },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
}

describe("npm run import:whaticket", () => {
  // Six runs of the command, each opening Chat-flow's database and checking its migrations: more than the default.
  it("refuses bad input clearly, counts in a dry run, then imports with a report", { timeout: 120_000 }, async () => {
    const t = "'2024-03-01T10:00:00Z'";
    await source.pool.query(`INSERT INTO "Contacts" ("id", "name", "number", "createdAt", "updatedAt")
      VALUES (1, 'Carla', '5511999990001', ${t}, ${t})`);
    await source.pool.query(`INSERT INTO "Tickets" ("id", "status", "contactId", "createdAt", "updatedAt")
      VALUES (1, 'pending', 1, ${t}, ${t})`);
    await source.pool.query(`INSERT INTO "Messages" ("id", "body", "ticketId", "createdAt", "updatedAt")
      VALUES ('3EB0C1', 'Oi', 1, ${t}, ${t})`);
    const before = await targetCounts(target.pool);

    const noSource = await cli("--company", "1");
    expect(noSource.code).toBe(1);
    expect(noSource.err).toContain("--from postgres://... is required");
    const noCompany = await cli("--from", source.url, "--company", "999");
    expect(noCompany.code).toBe(1);
    expect(noCompany.err).toContain("import:whaticket: Chat-flow has no company 999");
    const notWhaticket = await cli("--from", target.url, "--dry-run");
    expect(notWhaticket.code).toBe(1);
    expect(notWhaticket.err).toContain('not a Whaticket database: no "Users", "Contacts"');

    const dry = await cli("--from", source.url, "--dry-run");
    expect(dry.err).toBe("");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("dry run: nothing will be written");
    expect(dry.out).toContain("messages: would import 1");
    expect(dry.out).toContain("tickets: would import 1");
    expect(await targetCounts(target.pool)).toEqual(before);

    // A password in --from is never printed (the test server's own, or one its trust authentication ignores).
    const from = new URL(source.url);
    if (!from.password) from.password = "s3cret";
    const real = await cli("--from", from.toString());
    expect(real.code).toBe(0);
    expect(real.out).toContain("source: Whaticket community (one company)");
    expect(real.out).toMatch(/source company \(community\) -> Chat-flow company \d+ \(new\)/);
    expect(real.out).toContain("messages: imported 1");
    expect(real.out).not.toContain(from.password);
    const { rows } = await target.pool.query("SELECT body FROM messages");
    expect(rows).toEqual([{ body: "Oi" }]);
  });
});
