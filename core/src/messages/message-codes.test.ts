// Error codes of the message use cases that only an unusual state reaches: a
// forward with no connection left to send on, and a message id reused on another
// ticket of the same company (a client's idempotency key must name one message; another company's ids are
// not seen at all: message-ids-per-company.test.ts).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildContact, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile } from "../testing/test-world.ts";

const core = coreForFile();

const count = async (sql: string, values: unknown[]) => (await core.db.pool.query(sql, values)).rows[0].n as number;

describe("#messages.forward ERR_NO_DEF_WAPP_FOUND", () => {
  it("answers 404 ERR_NO_DEF_WAPP_FOUND when the original's connection is gone and the company has no default", async () => {
    const s = await buildInbox(core);
    const pool = core.db.pool;
    const original = await buildMessage(pool, { companyId: s.company.id, ticketId: s.ticket.id, body: "encaminhe" });
    // Removing the connection leaves its tickets without one (ON DELETE SET NULL).
    await pool.query("DELETE FROM whatsapps WHERE id = $1", [s.wa.id]);
    const target = await buildContact(pool, { companyId: s.company.id });
    const body = { messageId: original.id, contactId: target.id, signMessage: false };

    const res = await core.api("POST", "/message/forward", { token: s.adminToken, body });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_DEF_WAPP_FOUND");
    expect(await count("SELECT count(*)::int AS n FROM tickets WHERE contact_id = $1", [target.id])).toBe(0);

    // With a default connection again, the same forward goes out on it.
    const wa = await buildWhatsapp(pool, { companyId: s.company.id, channel: "whatsapp" });
    const ok = await core.api("POST", "/message/forward", { token: s.adminToken, body });
    expect(ok.status).toBe(200);
    expect(ok.body.ticket).toMatchObject({ whatsappId: wa.id });
  });
});

describe("#messages.send ERR_CREATING_MESSAGE", () => {
  const push = (token: string, mutationId: number, args: { id: string; ticketId: number; body: string }) =>
    core.api("POST", "/sync/push", {
      token,
      body: { clientId: `client-${randomUUID()}`, mutations: [{ id: mutationId, name: "sendMessage", args }] },
    });

  it("refuses a message id already used on another ticket, and keeps the first message as it was", async () => {
    const s = await buildInbox(core);
    const pool = core.db.pool;
    const contact = await buildContact(pool, { companyId: s.company.id });
    const second = await buildTicket(pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: "open",
      userId: s.admin.id,
    });
    const id = randomUUID();
    expect((await push(s.adminToken, 1, { id, ticketId: s.ticket.id, body: "primeira" })).body.results).toEqual([
      { id: 1, ok: true },
    ]);

    const reused = await push(s.adminToken, 1, { id, ticketId: second.id, body: "segunda" });
    expect(reused.status).toBe(200);
    expect(reused.body.results[0]).toMatchObject({ id: 1, ok: false, error: { error: "ERR_CREATING_MESSAGE" } });
    const { rows } = await pool.query("SELECT ticket_id, body FROM messages WHERE id = $1", [id]);
    expect(rows).toEqual([{ ticket_id: s.ticket.id, body: "primeira" }]);
    expect(await count("SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1", [second.id])).toBe(0);
  });
});
