import pg from "pg";
import { describe, expect, it } from "vitest";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import { buildContact, buildTicket } from "../testing/factories.ts";
import { buildInbox, buildMessage, inboxTicket } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));

const freshTicket = (inbox = s) => inboxTicket(core, inbox);

const rowsOf = async (ticketId: number) =>
  (
    await core.db.pool.query(
      `SELECT body, send_state, ack, from_me, is_private, media_type, data_json, quoted_msg_id, user_id
       FROM messages WHERE ticket_id = $1 ORDER BY created_at`,
      [ticketId],
    )
  ).rows;

const changesOf = async (companyId: number, entity: string, id: string | number) =>
  (
    await core.db.pool.query(
      "SELECT count(*)::int AS n FROM change_log WHERE company_id = $1 AND entity = $2 AND entity_id = $3",
      [companyId, entity, String(id)],
    )
  ).rows[0].n;

describe("#messages.send", () => {
  it("queues a text reply for the channel worker, tells it, and records the change", async () => {
    const ticket = await freshTicket();
    await core.db.pool.query("UPDATE tickets SET last_message = 'quanto custa?' WHERE id = $1", [ticket.id]);
    const previewBefore = "quanto custa?";
    const listener = new pg.Client({ connectionString: core.databaseUrl });
    await listener.connect();
    const told = new Promise<string | undefined>((resolve) => listener.on("notification", (n) => resolve(n.payload)));
    await listener.query(`LISTEN ${OUTBOUND_CHANNEL}`);
    try {
      const res = await core.api("POST", `/messages/${ticket.id}`, {
        token: s.adminToken,
        body: { body: "Olá, tudo bem?", fromMe: true, read: true },
      });
      expect(res.status).toBe(200);
      const [message] = res.body.messages;
      expect(message).toMatchObject({ body: "Olá, tudo bem?", fromMe: true, ack: 0, ticket: { id: ticket.id } });
      expect(await told).toBe(String(s.wa.id));
      expect(await rowsOf(ticket.id)).toEqual([
        expect.objectContaining({
          body: "Olá, tudo bem?",
          send_state: "queued",
          from_me: true,
          media_type: "chat",
          user_id: s.admin.id,
        }),
      ]);
      // The list's preview stays the customer's last message (decision 0089): the reply does not replace it.
      const t = await core.db.pool.query("SELECT last_message FROM tickets WHERE id = $1", [ticket.id]);
      expect(t.rows[0].last_message).toBe(previewBefore);
      expect(await changesOf(s.company.id, "messages", message.id)).toBe(1);
      expect(await changesOf(s.company.id, "tickets", ticket.id)).toBe(1);
    } finally {
      await listener.end();
    }
  });

  it("keeps a private note in the inbox: never queued, even on a ticket without connection", async () => {
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const ticket = await buildTicket(core.db.pool, {
      companyId: s.company.id,
      contactId: contact.id,
      status: "open",
      userId: s.admin.id,
    });
    const res = await core.api("POST", `/messages/${ticket.id}`, {
      token: s.adminToken,
      body: { body: "cliente pediu desconto", isPrivate: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.messages[0].isPrivate).toBe(true);
    expect(await rowsOf(ticket.id)).toEqual([expect.objectContaining({ is_private: true, send_state: null })]);
    const out = await core.api("POST", `/messages/${ticket.id}`, {
      token: s.adminToken,
      body: { body: "to the contact" },
    });
    expect(out.status).toBe(409);
    expect(out.body.error).toBe("ERR_WRONG_STATE");
  });

  it("stores a quoted reply, and refuses to quote a message of another ticket", async () => {
    const ticket = await freshTicket();
    const elsewhere = await freshTicket();
    const asked = await buildMessage(core.db.pool, { companyId: s.company.id, ticketId: ticket.id, body: "preço?" });
    const foreign = await buildMessage(core.db.pool, { companyId: s.company.id, ticketId: elsewhere.id });
    const res = await core.api("POST", `/messages/${ticket.id}`, {
      token: s.adminToken,
      body: { body: "R$ 10", quotedMsg: { id: asked.id, body: "preço?", fromMe: false } },
    });
    expect(res.status).toBe(200);
    expect(res.body.messages[0].quotedMsg).toEqual({ id: asked.id, body: "preço?", fromMe: false });
    const refused = await core.api("POST", `/messages/${ticket.id}`, {
      token: s.adminToken,
      body: { body: "wrong quote", quotedMsg: foreign.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.quotedMsg).toBeDefined();
    expect((await rowsOf(ticket.id)).map((m) => m.body)).toEqual(["preço?", "R$ 10"]);
  });

  it("sends a contact card as a contactMessage, with the card in body and dataJson", async () => {
    const ticket = await freshTicket();
    const res = await core.api("POST", `/messages/${ticket.id}`, {
      token: s.adminToken,
      body: { body: "", vCard: { id: 7, name: "Maria Souza", number: "+55 (11) 98888-7777" } },
    });
    expect(res.status).toBe(200);
    const [row] = await rowsOf(ticket.id);
    expect(row.media_type).toBe("contactMessage");
    expect(row.body).toContain("FN:Maria Souza");
    expect(row.body).toContain("TEL;type=CELL;waid=5511988887777:+5511988887777");
    expect(row.data_json).toEqual({ vCard: { name: "Maria Souza", number: "5511988887777" } });
    expect(row.send_state).toBe("queued");
    // Not the list's preview: that is the customer's last message (decision 0089).
    const t = await core.db.pool.query("SELECT last_message FROM tickets WHERE id = $1", [ticket.id]);
    expect(t.rows[0].last_message).not.toContain("Maria Souza");
  });

  it("refuses a reply on a pending ticket (nobody attends it: accept first) but keeps a private note", async () => {
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const pending = await buildTicket(core.db.pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: "pending",
      queueId: s.queue.id,
    });
    const rest = await core.api("POST", `/messages/${pending.id}`, { token: s.adminToken, body: { body: "Oi" } });
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ error: "ERR_WRONG_STATE", data: { status: "pending" } });
    const pushed = await core.api("POST", "/sync/push", {
      token: s.agentToken,
      body: {
        clientId: `client-${crypto.randomUUID()}`,
        mutations: [
          { id: 1, name: "sendMessage", args: { id: crypto.randomUUID(), ticketId: pending.id, body: "Oi" } },
        ],
      },
    });
    expect(pushed.body.results[0]).toMatchObject({ ok: false, error: { error: "ERR_WRONG_STATE" } });
    expect(await rowsOf(pending.id)).toEqual([]);

    const note = await core.api("POST", `/messages/${pending.id}`, {
      token: s.adminToken,
      body: { body: "Cliente VIP", isPrivate: true },
    });
    expect(note.status).toBe(200);
    expect(await rowsOf(pending.id)).toEqual([expect.objectContaining({ body: "Cliente VIP", is_private: true })]);
    const row = await core.db.pool.query("SELECT status, user_id FROM tickets WHERE id = $1", [pending.id]);
    expect(row.rows[0]).toEqual({ status: "pending", user_id: null });
  });

  it("refuses empty or whitespace-only text with 400 and stores nothing", async () => {
    const ticket = await freshTicket();
    for (const body of [{ body: "   \n " }, {}]) {
      const res = await core.api("POST", `/messages/${ticket.id}`, { token: s.adminToken, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
    expect(await rowsOf(ticket.id)).toEqual([]);
  });

  it("refuses another company's ticket (404), a closed ticket (409 wrong state) and another company's media (400)", async () => {
    const foreign = await core.api("POST", `/messages/${other.ticket.id}`, {
      token: s.adminToken,
      body: { body: "hi" },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_TICKET_FOUND");
    expect(await rowsOf(other.ticket.id)).toEqual([]);

    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const closed = await buildTicket(core.db.pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: "closed",
    });
    const res = await core.api("POST", `/messages/${closed.id}`, { token: s.adminToken, body: { body: "hi" } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "ERR_WRONG_STATE", data: { status: "closed" } });

    const ticket = await freshTicket();
    const media = await core.api("POST", `/messages/${ticket.id}`, {
      token: s.adminToken,
      body: { body: "", mediaUrl: `/media/${other.company.id}/0190-file.png` },
    });
    expect(media.status).toBe(400);
    expect(media.body.fields.mediaUrl).toBeDefined();
    expect(await rowsOf(ticket.id)).toEqual([]);
  });
});
