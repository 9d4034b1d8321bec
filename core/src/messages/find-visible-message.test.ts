// Issue 7: a message exists for the caller only when its ticket does. Every route
// that names a message or a ticket by id answers 404 for one of the caller's own
// company in a queue the caller cannot see, and changes nothing.
import { randomUUID } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { buildTag } from "../testing/contacts-factories.ts";
import { buildContact, buildQueue, buildTicket } from "../testing/factories.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const w = forFile(async () => {
  const pool = core.db.pool;
  const support = await buildQueue(pool, { companyId: s.company.id, name: "Support" });
  const contact = await buildContact(pool, { companyId: s.company.id, name: "Hidden Contact" });
  /** A ticket in a queue the agent is not in, held by the admin: outside the agent's view. */
  const hidden = await buildTicket(pool, {
    companyId: s.company.id,
    contactId: contact.id,
    whatsappId: s.wa.id,
    status: "open",
    userId: s.admin.id,
    queueId: support.id,
  });
  /** The agent's own message on it (sent while the ticket was theirs), so only visibility can refuse. */
  const ownMessage = (
    await buildMessage(pool, {
      companyId: s.company.id,
      ticketId: hidden.id,
      fromMe: true,
      userId: s.agent.id,
      body: "before the transfer",
      sendState: "sent",
      minutesAgo: 1,
    })
  ).id;
  const audioMessage = (await buildMessage(pool, { companyId: s.company.id, ticketId: hidden.id, body: "voice" })).id;
  await pool.query("UPDATE messages SET media_type = 'audio', media_url = '/media/1/a.ogg' WHERE id = $1", [
    audioMessage,
  ]);
  const tagId = (await buildTag(pool, { companyId: s.company.id, name: "Urgent" })).id;
  return { hidden, ownMessage, audioMessage, tagId };
});

/** Everything a refused call could have changed, read in one go. */
async function snapshot() {
  const pool = core.db.pool;
  const q = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows;
  return {
    ticket: await q("SELECT status, user_id, queue_id, unread_messages, last_message FROM tickets WHERE id = $1", [
      w.hidden.id,
    ]),
    messages: await q(
      `SELECT id, body, is_edited, is_deleted, send_state, data_json FROM messages
       WHERE company_id = $1 ORDER BY id`,
      [s.company.id],
    ),
    logs: await q("SELECT count(*)::int AS n FROM ticket_logs WHERE ticket_id = $1", [w.hidden.id]),
    tags: await q("SELECT count(*)::int AS n FROM ticket_tags WHERE ticket_id = $1", [w.hidden.id]),
    notes: await q("SELECT count(*)::int AS n FROM ticket_notes WHERE ticket_id = $1", [w.hidden.id]),
    tickets: await q("SELECT count(*)::int AS n FROM tickets WHERE company_id = $1", [s.company.id]),
    changes: await q("SELECT count(*)::int AS n FROM change_log WHERE company_id = $1", [s.company.id]),
  };
}

type Call = [method: string, path: () => string, body?: () => unknown];

const messageCalls: Record<string, Call> = {
  edit: ["POST", () => `/messages/edit/${w.ownMessage}`, () => ({ body: "changed" })],
  delete: ["DELETE", () => `/messages/${w.ownMessage}`],
  forward: ["POST", () => "/message/forward", () => ({ messageId: w.ownMessage, contactId: s.contact.id })],
  transcribe: ["GET", () => `/messages/transcribeAudio/${w.audioMessage}`],
};

const ticketCalls: Record<string, Call> = {
  "list messages": ["GET", () => `/messages/${w.hidden.id}`],
  "send a message": ["POST", () => `/messages/${w.hidden.id}`, () => ({ body: "hello" })],
  "send an interactive list": [
    "POST",
    () => `/messages/lista/${w.hidden.id}`,
    () => ({
      title: "Menu",
      text: "Pick one",
      buttonText: "Open",
      sections: [{ title: "A", rows: [{ id: "1", title: "One" }] }],
    }),
  ],
  "open by uuid": ["GET", () => `/tickets/u/${w.hidden.uuid}`],
  "read the log": ["GET", () => `/tickets-log/${w.hidden.id}`],
  "update (accept)": ["PUT", () => `/tickets/${w.hidden.id}`, () => ({ status: "open", userId: s.agent.id })],
  resolve: ["PUT", () => `/tickets/${w.hidden.id}`, () => ({ status: "closed" })],
  "add a tag": ["PUT", () => `/ticket-tags/${w.hidden.id}/${w.tagId}`],
  "remove its tags": ["DELETE", () => `/ticket-tags/${w.hidden.id}`],
  "write a note": ["POST", () => "/ticket-notes", () => ({ note: "secret", ticketId: w.hidden.id })],
  "list its notes": ["GET", () => `/ticket-notes/list?ticketId=${w.hidden.id}`],
};

describe("#messages on a ticket the caller may not see", () => {
  it("is visible to the admin, so the refusals below are about visibility only", async () => {
    const res = await core.api("GET", `/messages/${w.hidden.id}`, { token: s.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { id: string }) => m.id)).toContain(w.ownMessage);
  });

  for (const [name, [method, path, body]] of Object.entries(messageCalls)) {
    it(`${name}: answers 404 ERR_NO_MESSAGE_FOUND and changes nothing`, async () => {
      const before = await snapshot();
      const res = await core.api(method, path(), { token: s.agentToken, body: body?.() });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_MESSAGE_FOUND");
      expect(await snapshot()).toEqual(before);
    });
  }

  it("sync push edit, delete and forward are refused the same way", async () => {
    const before = await snapshot();
    const mutations = [
      { name: "editMessage", args: { id: w.ownMessage, body: "changed" } },
      { name: "deleteMessage", args: { id: w.ownMessage } },
      { name: "forwardMessage", args: { id: uuidv7(), messageId: w.ownMessage, contactId: s.contact.id } },
    ];
    for (const [i, m] of mutations.entries()) {
      const res = await core.api("POST", "/sync/push", {
        token: s.agentToken,
        body: { clientId: `client-${randomUUID()}`, mutations: [{ id: i + 1, ...m }] },
      });
      expect(res.body.results[0]).toMatchObject({ ok: false, error: { error: "ERR_NO_MESSAGE_FOUND" } });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("#tickets by id the caller may not see", () => {
  for (const [name, [method, path, body]] of Object.entries(ticketCalls)) {
    it(`${name}: answers 404 ERR_NO_TICKET_FOUND and changes nothing`, async () => {
      const before = await snapshot();
      const res = await core.api(method, path(), { token: s.agentToken, body: body?.() });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
      expect(await snapshot()).toEqual(before);
    });
  }
});
