// A client-made message id names a message within its company (decision 0027): an id another company
// already used is a new message here, stored and queued like any other, never "already used"; a company's
// own id sent again is the same message, stored once. Every lookup by id sees the caller's company only.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { buildContact } from "../testing/factories.ts";
import { buildInbox, buildMessage, type Inbox } from "../testing/messages-factories.ts";
import { coreForFile } from "../testing/test-world.ts";

const core = coreForFile();

type Mutation = { name: string; args: unknown };

/** Pushes as a new client (a new tab), one mutation; answers its result. */
async function pushOne(token: string, mutation: Mutation) {
  const body = { clientId: `client-${randomUUID()}`, mutations: [{ id: 1, ...mutation }] };
  const res = await core.api("POST", "/sync/push", { token, body });
  expect(res.status).toBe(200);
  return res.body.results[0] as { id: number; ok: boolean; error?: { error: string } };
}

const rowsOf = async (id: string) =>
  (
    await core.db.pool.query(
      "SELECT company_id, ticket_id, body, send_state, is_forwarded FROM messages WHERE id = $1 ORDER BY company_id",
      [id],
    )
  ).rows;

const changesOf = async (companyId: number, id: string) =>
  (
    await core.db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM change_log WHERE company_id = $1 AND entity = 'messages' AND entity_id = $2",
      [companyId, id],
    )
  ).rows[0]!.n;

const sendText = (s: Inbox, id: string, body: string): Mutation => ({
  name: "sendMessage",
  args: { id, ticketId: s.ticket.id, body },
});

describe("#messages ids per company", () => {
  it("stores and queues another company's message id as a new message, and replays of each stay one message", async () => {
    const theirs = await buildInbox(core);
    const mine = await buildInbox(core);
    const id = uuidv7();
    expect(await pushOne(theirs.adminToken, sendText(theirs, id, "deles"))).toEqual({ id: 1, ok: true });

    expect(await pushOne(mine.adminToken, sendText(mine, id, "minha"))).toEqual({ id: 1, ok: true });
    const both = [
      { company_id: theirs.company.id, ticket_id: theirs.ticket.id, body: "deles", send_state: "queued" },
      { company_id: mine.company.id, ticket_id: mine.ticket.id, body: "minha", send_state: "queued" },
    ].sort((a, b) => a.company_id - b.company_id);
    expect(await rowsOf(id)).toEqual(both.map((r) => ({ ...r, is_forwarded: false })));

    // A second tab (new client id) sends the same messages again: nothing new, in either company.
    expect(await pushOne(mine.adminToken, sendText(mine, id, "minha"))).toEqual({ id: 1, ok: true });
    expect(await pushOne(theirs.adminToken, sendText(theirs, id, "deles"))).toEqual({ id: 1, ok: true });
    expect(await rowsOf(id)).toEqual(both.map((r) => ({ ...r, is_forwarded: false })));
    expect(await changesOf(mine.company.id, id)).toBe(1);
    expect(await changesOf(theirs.company.id, id)).toBe(1);
  });

  it("takes another company's id for a forwarded copy and for an interactive message", async () => {
    const theirs = await buildInbox(core);
    const mine = await buildInbox(core);
    const [forwardId, interactiveId] = [uuidv7(), uuidv7()];
    await buildMessage(core.db.pool, { id: forwardId, companyId: theirs.company.id, ticketId: theirs.ticket.id });
    await buildMessage(core.db.pool, { id: interactiveId, companyId: theirs.company.id, ticketId: theirs.ticket.id });
    const original = await buildMessage(core.db.pool, {
      companyId: mine.company.id,
      ticketId: mine.ticket.id,
      body: "encaminhe",
    });
    const target = await buildContact(core.db.pool, { companyId: mine.company.id });

    const forward = {
      name: "forwardMessage",
      args: { id: forwardId, messageId: original.id, contactId: target.id, signMessage: false },
    };
    expect(await pushOne(mine.adminToken, forward)).toEqual({ id: 1, ok: true });
    const copy = {
      name: "sendInteractiveMessage",
      args: { id: interactiveId, ticketId: mine.ticket.id, message: { type: "copy", request: { copyText: "X1" } } },
    };
    expect(await pushOne(mine.adminToken, copy)).toEqual({ id: 1, ok: true });

    expect((await rowsOf(forwardId)).map((r) => [r.company_id, r.body, r.is_forwarded, r.send_state])).toEqual(
      [
        [theirs.company.id, "hello", false, null],
        [mine.company.id, "encaminhe", true, "queued"],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    const interactive = await rowsOf(interactiveId);
    expect(interactive.map((r) => r.company_id).sort()).toEqual([theirs.company.id, mine.company.id].sort());
    expect(interactive.find((r) => r.company_id === mine.company.id)).toMatchObject({
      ticket_id: mine.ticket.id,
      send_state: "queued",
    });
    // Replayed by another tab: still one copy each.
    expect(await pushOne(mine.adminToken, forward)).toEqual({ id: 1, ok: true });
    expect(await pushOne(mine.adminToken, copy)).toEqual({ id: 1, ok: true });
    expect(await rowsOf(forwardId)).toHaveLength(2);
    expect(await rowsOf(interactiveId)).toHaveLength(2);
  });

  it("reads, lists, pulls, edits and deletes by id within the caller's company only", async () => {
    const theirs = await buildInbox(core);
    const mine = await buildInbox(core);
    const id = uuidv7();
    await pushOne(theirs.adminToken, sendText(theirs, id, "deles"));
    await pushOne(mine.adminToken, sendText(mine, id, "minha"));

    const list = await core.api("GET", `/messages/${mine.ticket.id}`, { token: mine.adminToken });
    expect(list.body.messages.map((m: { id: string; body: string }) => [m.id, m.body])).toEqual([[id, "minha"]]);
    const pulled = await core.api("GET", "/sync/pull", { token: mine.adminToken });
    const puts = pulled.body.put.messages as { id: string; body: string }[];
    expect(puts.filter((m) => m.id === id).map((m) => m.body)).toEqual(["minha"]);

    const edited = await core.api("POST", `/messages/edit/${id}`, {
      token: mine.adminToken,
      body: { body: "editada" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, body: "editada", isEdited: true });
    const deleted = await core.api("DELETE", `/messages/${id}`, { token: mine.adminToken });
    expect(deleted.status).toBe(200);
    const stored = await core.db.pool.query(
      "SELECT company_id, body, is_edited, is_deleted FROM messages WHERE id = $1 ORDER BY company_id",
      [id],
    );
    expect(stored.rows).toEqual(
      [
        { company_id: theirs.company.id, body: "deles", is_edited: false, is_deleted: false },
        { company_id: mine.company.id, body: "editada", is_edited: true, is_deleted: true },
      ].sort((a, b) => a.company_id - b.company_id),
    );
  });

  it("stores a message once when two tabs push it at the same moment", async () => {
    const s = await buildInbox(core);
    const id = uuidv7();
    // Hold the ticket so that both pushes pass the "already stored?" check before either inserts.
    const holder = new pg.Client({ connectionString: core.databaseUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM tickets WHERE id = $1 AND company_id = $2 FOR UPDATE", [
        s.ticket.id,
        s.company.id,
      ]);
      const pushes = [pushOne(s.adminToken, sendText(s, id, "oi")), pushOne(s.adminToken, sendText(s, id, "oi"))];
      await expect
        .poll(
          async () =>
            // From another connection: a transaction reads pg_stat_activity once and keeps that snapshot.
            (
              await core.db.pool.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
              )
            ).rows[0]!.n,
          { timeout: 10_000 },
        )
        .toBe(2);
      await holder.query("COMMIT");
      expect(await Promise.all(pushes)).toEqual([
        { id: 1, ok: true },
        { id: 1, ok: true },
      ]);
    } finally {
      await holder.end();
    }
    expect(await rowsOf(id)).toEqual([
      { company_id: s.company.id, ticket_id: s.ticket.id, body: "oi", send_state: "queued", is_forwarded: false },
    ]);
    expect(await changesOf(s.company.id, id)).toBe(1);
  }, 20_000);
});
