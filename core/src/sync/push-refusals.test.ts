// One bad mutation in a push batch (issue 7): it is refused alone, with its error,
// the mutations before and after it apply, and a replay answers the same. Before,
// a non-AppError (bad args reaching the database, a bug) failed the whole batch with 500.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { captureLogs } from "../kernel/logger.ts";
import { buildInbox } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();

// Stand-ins for failures the contract cannot foresee, raised by the real database: a bug
// (a plain exception) and input PostgreSQL refuses (invalid_text_representation).
forFile(
  async () => {
    await core.db.pool.query(`
      CREATE FUNCTION test_refuse_tag() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'bug' THEN RAISE EXCEPTION 'a bug in the use case'; END IF;
        IF NEW.name = 'dataerror' THEN RAISE EXCEPTION 'bad text' USING ERRCODE = '22P02'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_tag BEFORE INSERT ON tags FOR EACH ROW EXECUTE FUNCTION test_refuse_tag();`);
  },
  { stop: () => core.db.pool.query("DROP TRIGGER test_refuse_tag ON tags; DROP FUNCTION test_refuse_tag();") },
);

describe("#sync.push refusals", () => {
  it("refuses each bad mutation alone and applies the rest, the same on replay", async () => {
    const s = await buildInbox(core);
    const logs = captureLogs();
    const errors = () => logs.lines.filter((l) => l.level === "error");
    const names = ["antes", "bug", "dataerror", "depois"];
    const body = {
      clientId: `client-${randomUUID()}`,
      mutations: [
        { id: 1, name: "createTag", args: { name: "antes" } },
        { id: 2, name: "acceptTicket", args: { ticketId: 3_000_000_000 } },
        { id: 3, name: "createTag", args: { name: "nul\u0000" } },
        { id: 4, name: "createTag", args: { name: "bug" } },
        { id: 5, name: "createTag", args: { name: "dataerror" } },
        { id: 6, name: "noSuchMutation", args: {} },
        { id: 7, name: "createTag", args: null },
        { id: 8, name: "createTag", args: { name: "depois" } },
      ],
    };
    const first = await core.api("POST", "/sync/push", { token: s.adminToken, body });
    expect(first.status).toBe(200);
    const outcome = first.body.results.map((r: { id: number; ok: boolean; error?: { error: string } }) =>
      r.ok ? "ok" : r.error?.error,
    );
    expect(outcome).toEqual([
      "ok",
      "ERR_VALIDATION",
      "ERR_VALIDATION",
      "ERR_INTERNAL",
      "ERR_VALIDATION",
      "ERR_VALIDATION",
      "ERR_VALIDATION",
      "ok",
    ]);
    const { rows } = await core.db.pool.query("SELECT name FROM tags WHERE company_id = $1 AND name = ANY($2)", [
      s.company.id,
      names,
    ]);
    expect(rows.map((r) => r.name).sort()).toEqual(["antes", "depois"]);
    // Only the bug reaches the error log; the database's refusal of input is a warning.
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({ mutation: "createTag", msg: "push: mutation failed" });
    expect(
      logs.lines.some(
        (l) =>
          l.level === "warn" &&
          l.msg === "push: input refused by PostgreSQL" &&
          /22P02|bad text|invalid/i.test(String(l.reason)),
      ),
    ).toBe(true);

    // The refusals are stored: a replay (lost answer) answers the same and applies nothing twice.
    const replay = await core.api("POST", "/sync/push", { token: s.adminToken, body });
    expect(replay.body).toEqual(first.body);
    expect(errors()).toHaveLength(1);
    logs.restore();
  });
});
