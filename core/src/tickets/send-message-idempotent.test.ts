// POST /messages/{ticketId} with a client-made id (the body's id or an Idempotency-Key header): a send
// retried after a lost answer stores one message; the id names a message within the caller's company only.
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { buildInbox, inboxTicket } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));

const freshTicket = (inbox = s) => inboxTicket(core, inbox);

/** The send as a client makes it, with its own headers. */
async function send(ticketId: number, body: unknown, o: { token?: string; key?: string } = {}) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${o.token ?? s.adminToken}`,
    "content-type": "application/json",
  };
  if (o.key) headers["idempotency-key"] = o.key;
  const res = await fetch(`${core.url}/messages/${ticketId}`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

const rowsOf = async (companyId: number, ticketId: number) =>
  (
    await core.db.pool.query(
      "SELECT id, body, send_state FROM messages WHERE company_id = $1 AND ticket_id = $2 ORDER BY created_at",
      [companyId, ticketId],
    )
  ).rows;

const changesOf = async (companyId: number, id: string) =>
  (
    await core.db.pool.query(
      "SELECT count(*)::int AS n FROM change_log WHERE company_id = $1 AND entity = 'messages' AND entity_id = $2",
      [companyId, id],
    )
  ).rows[0].n;

describe("#messages.send idempotent", () => {
  it("stores a send retried with the body's id once and answers the stored message again", async () => {
    const ticket = await freshTicket();
    const id = uuidv7();
    const first = await send(ticket.id, { id, body: "Uma vez só" });
    const retry = await send(ticket.id, { id, body: "Uma vez só" });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(first.body.messages[0]).toMatchObject({ id, body: "Uma vez só" });
    expect(retry.body.messages[0]).toEqual(first.body.messages[0]);
    expect(await rowsOf(s.company.id, ticket.id)).toEqual([{ id, body: "Uma vez só", send_state: "queued" }]);
    expect(await changesOf(s.company.id, id)).toBe(1);
  });

  it("stores retries racing with one Idempotency-Key once", async () => {
    const ticket = await freshTicket();
    const key = uuidv7();
    const answers = await Promise.all([1, 2, 3].map(() => send(ticket.id, { body: "Corrida" }, { key })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.messages[0].id))).toEqual(new Set([key]));
    expect(await rowsOf(s.company.id, ticket.id)).toEqual([{ id: key, body: "Corrida", send_state: "queued" }]);
  });

  it("takes another company's id as a new id of the caller's own", async () => {
    const mine = await freshTicket();
    const theirs = await freshTicket(other);
    const id = uuidv7();
    expect((await send(theirs.id, { id, body: "Deles" }, { token: other.adminToken })).status).toBe(200);
    const res = await send(mine.id, { body: "Meu" }, { key: id });
    expect(res.status).toBe(200);
    expect(res.body.messages[0]).toMatchObject({ id, body: "Meu" });
    expect(await rowsOf(s.company.id, mine.id)).toEqual([{ id, body: "Meu", send_state: "queued" }]);
    expect(await rowsOf(other.company.id, theirs.id)).toEqual([{ id, body: "Deles", send_state: "queued" }]);
  });

  it("refuses a used id with other content (409), ids that disagree and a key that is not a UUID (400)", async () => {
    const ticket = await freshTicket();
    const id = uuidv7();
    expect((await send(ticket.id, { id, body: "Primeira" })).status).toBe(200);
    const changed = await send(ticket.id, { body: "Outra coisa" }, { key: id });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe("ERR_CREATING_MESSAGE");
    const elsewhere = await send((await freshTicket()).id, { id, body: "Primeira" });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error).toBe("ERR_CREATING_MESSAGE");
    const disagree = await send(ticket.id, { id: uuidv7(), body: "x" }, { key: uuidv7() });
    expect(disagree.status).toBe(400);
    expect(disagree.body.error).toBe("ERR_VALIDATION");
    const notUuid = await send(ticket.id, { body: "x" }, { key: "retry-1" });
    expect(notUuid.status).toBe(400);
    expect(await rowsOf(s.company.id, ticket.id)).toEqual([{ id, body: "Primeira", send_state: "queued" }]);
  });
});
