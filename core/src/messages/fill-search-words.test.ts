// The timed job that gives the messages stored before migration 0124 their stored search words (decision 0124):
// newest first, a bounded batch a run, every company's, the words the trigger would have written, and nothing else
// of the message changed.
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { fillSearchWords } from "./fill-search-words.ts";

const core = coreForFile();
const run = (batch: number) => transaction(core.db.pool, (client) => fillSearchWords(client, { batch }));

describe("fillSearchWords", () => {
  it("fills the messages without stored words newest first, a batch a run, and then finds nothing to do", async () => {
    const pool = core.db.pool;
    const a = await buildInbox(core);
    const b = await buildInbox(core);
    const old = await buildMessage(pool, {
      companyId: a.company.id,
      ticketId: a.ticket.id,
      body: "Pedido antigo",
      minutesAgo: 30,
    });
    const mid = await buildMessage(pool, {
      companyId: b.company.id,
      ticketId: b.ticket.id,
      body: "Boleto pago",
      minutesAgo: 20,
    });
    const recent = await buildMessage(pool, {
      companyId: a.company.id,
      ticketId: a.ticket.id,
      body: "Atendimentos",
      minutesAgo: 10,
    });
    const ids = [old.id, mid.id, recent.id];
    // As rows stored before the migration are (the trigger runs on writes of the text only).
    await pool.query("UPDATE messages SET search_vector = NULL WHERE id = ANY($1::uuid[])", [ids]);
    const before = await pool.query(
      "SELECT id, updated_at, body FROM messages WHERE id = ANY($1::uuid[]) ORDER BY id",
      [ids],
    );
    const filled = async () =>
      (
        await pool.query<{ id: string; same: boolean }>(
          `SELECT id, search_vector = to_tsvector('portuguese_unaccent'::regconfig, body) AS same
           FROM messages WHERE id = ANY($1::uuid[]) AND search_vector IS NOT NULL`,
          [ids],
        )
      ).rows;

    expect(await run(1)).toBe(1);
    expect((await filled()).map((r) => r.id)).toEqual([recent.id]);
    expect(await run(1)).toBe(1);
    expect((await filled()).map((r) => r.id).sort()).toEqual([recent.id, mid.id].sort());
    expect(await run(10)).toBe(1);
    const all = await filled();
    expect(all.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(all.every((r) => r.same)).toBe(true);
    expect(await run(10)).toBe(0);
    // Nothing else of the messages changed.
    expect(
      (await pool.query("SELECT id, updated_at, body FROM messages WHERE id = ANY($1::uuid[]) ORDER BY id", [ids]))
        .rows,
    ).toEqual(before.rows);
  });
});
