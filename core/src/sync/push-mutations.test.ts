// The inbox mutations beyond sendMessage and the transitions, pushed through
// POST /sync/push: each does what its REST route does, once, however often the
// push is replayed after a lost answer, and a refused one changes nothing.
import { randomUUID } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import {
  buildTag,
  buildTicketNote,
  changesAfter,
  hideNumbersForTest,
  lastSeq,
  tagContact,
} from "../testing/contacts-factories.ts";
import { buildContact, buildTicket } from "../testing/factories.ts";
import { buildInbox, buildMessage, type Inbox } from "../testing/messages-factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { logTypes } from "../testing/tickets-factories.ts";

const core = coreForFile();

type Mutation = { name: string; args: unknown };

/** Pushes the mutations as one new client, then pushes them again as if the first answer was lost. */
async function pushTwice(token: string, companyId: number, mutations: Mutation[]) {
  const body = { clientId: `client-${randomUUID()}`, mutations: mutations.map((m, i) => ({ id: i + 1, ...m })) };
  const first = await core.api("POST", "/sync/push", { token, body });
  expect(first.status).toBe(200);
  const seq = await lastSeq(core.db.pool, companyId);
  const replay = await core.api("POST", "/sync/push", { token, body });
  expect(replay.body).toEqual(first.body);
  // The replay recorded no change for any PWA to pull.
  expect(await lastSeq(core.db.pool, companyId)).toBe(seq);
  return first.body.results as { id: number; ok: boolean; error?: { error: string } }[];
}

/** Pushes one mutation that must be refused; answers its error code once sure it changed nothing. */
async function refusal(token: string, companyId: number, mutation: Mutation): Promise<string | undefined> {
  const seq = await lastSeq(core.db.pool, companyId);
  const [result] = await pushTwice(token, companyId, [mutation]);
  expect(await lastSeq(core.db.pool, companyId)).toBe(seq);
  expect(result?.ok).toBe(false);
  return result?.error?.error;
}

const okAll = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, ok: true }));

/** A ticket waiting in the inbox's queue, so its agent sees it. */
async function pendingTicket(s: Inbox) {
  const contact = await buildContact(core.db.pool, { companyId: s.company.id });
  const t = await buildTicket(core.db.pool, {
    companyId: s.company.id,
    contactId: contact.id,
    whatsappId: s.wa.id,
    queueId: s.queue.id,
  });
  return { ...t, contactId: contact.id };
}

const count = async (sql: string, params: unknown[]) =>
  (await core.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!.n;

describe("#sync.push tickets", () => {
  it("creates a ticket once, owned by the caller, and the next pull brings it", async () => {
    const s = await buildInbox(core);
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const boot = await core.api("GET", "/sync/pull", { token: s.adminToken });
    const args = { contactId: contact.id, whatsappId: s.wa.id, queueId: s.queue.id };
    expect(await pushTwice(s.adminToken, s.company.id, [{ name: "createTicket", args }])).toEqual(okAll(1));
    const { rows } = await core.db.pool.query(
      "SELECT id, status, user_id, queue_id FROM tickets WHERE contact_id = $1",
      [contact.id],
    );
    expect(rows).toEqual([{ id: expect.any(Number), status: "open", user_id: s.admin.id, queue_id: s.queue.id }]);
    expect(await logTypes(core.db.pool, rows[0].id)).toEqual(["create", "open"]);
    const next = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: s.adminToken });
    expect(next.body.put.tickets.map((t: { id: number }) => t.id)).toEqual([rows[0].id]);
  });

  it("deletes a ticket for an admin and refuses a plain agent", async () => {
    const s = await buildInbox(core);
    const t = await pendingTicket(s);
    const refused = await refusal(s.agentToken, s.company.id, { name: "deleteTicket", args: { ticketId: t.id } });
    expect(refused).toBe("ERR_NO_PERMISSION");
    expect(await count("tickets WHERE id = $1", [t.id])).toBe(1);
    expect(await pushTwice(s.adminToken, s.company.id, [{ name: "deleteTicket", args: { ticketId: t.id } }])).toEqual(
      okAll(1),
    );
    expect(await count("tickets WHERE id = $1", [t.id])).toBe(0);
  });

  it("closes every pending ticket of a queue for an admin, and none for an agent", async () => {
    const s = await buildInbox(core);
    const a = await pendingTicket(s);
    const b = await pendingTicket(s);
    const args = { status: "pending", selectedQueueIds: [s.queue.id] };
    expect(await refusal(s.agentToken, s.company.id, { name: "closeAllTickets", args })).toBe("ERR_NO_PERMISSION");
    expect(await count("tickets WHERE id = ANY($1) AND status = 'pending'", [[a.id, b.id]])).toBe(2);
    expect(await pushTwice(s.adminToken, s.company.id, [{ name: "closeAllTickets", args }])).toEqual(okAll(1));
    expect(await count("tickets WHERE id = ANY($1) AND status = 'closed'", [[a.id, b.id]])).toBe(2);
    expect(await logTypes(core.db.pool, a.id)).toEqual(["closed"]);
    // The admin's open ticket is another tab: it stays.
    expect(await count("tickets WHERE id = $1 AND status = 'open'", [s.ticket.id])).toBe(1);
  });
});

describe("#sync.push messages", () => {
  it("forwards one copy under the client's id to a new ticket of the contact", async () => {
    const s = await buildInbox(core);
    const original = await buildMessage(core.db.pool, {
      companyId: s.company.id,
      ticketId: s.ticket.id,
      body: "preço?",
    });
    const to = await buildContact(core.db.pool, { companyId: s.company.id });
    const id = uuidv7();
    const args = { id, messageId: original.id, contactId: to.id };
    expect(await pushTwice(s.adminToken, s.company.id, [{ name: "forwardMessage", args }])).toEqual(okAll(1));
    const { rows } = await core.db.pool.query(
      `SELECT m.id, m.body, m.is_forwarded, m.send_state, t.user_id FROM messages m JOIN tickets t ON t.id = m.ticket_id
       WHERE t.contact_id = $1`,
      [to.id],
    );
    expect(rows).toEqual([{ id, body: "preço?", is_forwarded: true, send_state: "queued", user_id: s.admin.id }]);
  });

  it("sends list, copy-code and PIX messages once each, and refuses a header image", async () => {
    const s = await buildInbox(core);
    const [list, copy, pix, withImage] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const send = (id: string, message: unknown) => ({
      name: "sendInteractiveMessage",
      args: { id, ticketId: s.ticket.id, message },
    });
    const results = await pushTwice(s.adminToken, s.company.id, [
      send(list, { type: "list", request: { title: "Menu", sections: [{ title: "A", rows: [{ title: "Um" }] }] } }),
      send(copy, { type: "copy", request: { title: "Cupom", copyText: "DESCONTO10" } }),
      send(pix, {
        type: "pix",
        request: { title: "Pedido", sendvalue: "10,50", sendkey_type: "CPF", sendKey: "123.456.789-09" },
      }),
      send(withImage, { type: "url", request: { copyText: "https://example.com", image: "aGVsbG8=" } }),
    ]);
    expect(results.slice(0, 3)).toEqual(okAll(3));
    expect(results[3]).toMatchObject({ ok: false, error: { error: "ERR_VALIDATION" } });
    const { rows } = await core.db.pool.query(
      "SELECT id, media_type, data_json->>'type' AS type, send_state FROM messages WHERE ticket_id = $1 ORDER BY id",
      [s.ticket.id],
    );
    expect(rows).toEqual([
      { id: list, media_type: "listMessage", type: "list", send_state: "queued" },
      { id: copy, media_type: "interactiveMessage", type: "copy", send_state: "queued" },
      { id: pix, media_type: "interactiveMessage", type: "pix", send_state: "queued" },
    ]);
  });
});

describe("#sync.push sendContact", () => {
  it("sends a company contact's card once, built from the stored number where the agent sees it masked", async () => {
    const s = await buildInbox(core);
    const pool = core.db.pool;
    await hideNumbersForTest(pool, s.company.id);
    const card = await buildContact(pool, { companyId: s.company.id, name: "João; Silva", number: "5511912345678" });
    const customer = await buildContact(pool, { companyId: s.company.id });
    const ticket = await buildTicket(pool, {
      companyId: s.company.id,
      contactId: customer.id,
      whatsappId: s.wa.id,
      status: "open",
      userId: s.agent.id,
      queueId: s.queue.id,
    });
    // What the agent's replica holds of that contact: the number masked.
    const pulled = await core.api("GET", "/sync/pull", { token: s.agentToken });
    const seen = pulled.body.put.contacts.find((c: { id: number }) => c.id === card.id);
    expect(seen?.number).not.toBe("5511912345678");
    const id = uuidv7();
    const args = { id, ticketId: ticket.id, contactId: card.id, createdAt: new Date().toISOString() };
    expect(await pushTwice(s.agentToken, s.company.id, [{ name: "sendContact", args }])).toEqual(okAll(1));
    const { rows } = await pool.query(
      "SELECT body, media_type, data_json, send_state, user_id FROM messages WHERE ticket_id = $1",
      [ticket.id],
    );
    expect(rows).toEqual([
      {
        body: [
          "BEGIN:VCARD",
          "VERSION:3.0",
          "N:;João\\; Silva;;;",
          "FN:João\\; Silva",
          "TEL;type=CELL;waid=5511912345678:+5511912345678",
          "END:VCARD",
        ].join("\n"),
        media_type: "contactMessage",
        data_json: { vCard: { name: "João; Silva", number: "5511912345678" } },
        send_state: "queued",
        user_id: s.agent.id,
      },
    ]);
    const last = await pool.query("SELECT last_message FROM tickets WHERE id = $1", [ticket.id]);
    // Not the list's preview: that is the customer's last message (decision 0089).
    expect(last.rows[0].last_message).not.toContain("João; Silva");
  });

  it("refuses a group, an unknown contact and a closed ticket, storing nothing", async () => {
    const s = await buildInbox(core);
    const group = await buildContact(core.db.pool, { companyId: s.company.id, number: "120363000000000000" });
    await core.db.pool.query("UPDATE contacts SET is_group = true WHERE id = $1 AND company_id = $2", [
      group.id,
      s.company.id,
    ]);
    const send = (contactId: number) => ({
      name: "sendContact",
      args: { id: uuidv7(), ticketId: s.ticket.id, contactId },
    });
    expect(await refusal(s.adminToken, s.company.id, send(group.id))).toBe("ERR_VALIDATION");
    expect(await refusal(s.adminToken, s.company.id, send(2_000_000_000))).toBe("ERR_NO_CONTACT_FOUND");
    await core.db.pool.query("UPDATE tickets SET status = 'closed' WHERE id = $1 AND company_id = $2", [
      s.ticket.id,
      s.company.id,
    ]);
    expect(await refusal(s.adminToken, s.company.id, send(s.contact.id))).toBe("ERR_WRONG_STATE");
    expect(await count("messages WHERE ticket_id = $1", [s.ticket.id])).toBe(0);
  });
});

describe("#sync.push tags and notes", () => {
  it("creates tags, replaces a contact's tags and tags a ticket, once", async () => {
    const s = await buildInbox(core);
    const lane = await buildTag(core.db.pool, { companyId: s.company.id, kanban: 1 });
    const results = await pushTwice(s.adminToken, s.company.id, [
      { name: "createTag", args: { name: "Urgente" } },
      { name: "syncContactTags", args: { contactId: s.contact.id, tags: [{ name: "Cliente VIP" }] } },
      { name: "addTicketTag", args: { ticketId: s.ticket.id, tagId: lane.id } },
    ]);
    expect(results).toEqual(okAll(3));
    const tags = await core.api("GET", "/tags/list", { token: s.adminToken });
    expect(tags.body.map((t: { name: string }) => t.name).sort()).toEqual(["Cliente VIP", lane.name, "Urgente"].sort());
    const contactTags = await core.api("GET", `/contactTags/${s.contact.id}`, { token: s.adminToken });
    expect(contactTags.body.tags.map((t: { name: string }) => t.name)).toEqual(["Cliente VIP"]);
    expect(await count("ticket_tags WHERE ticket_id = $1 AND tag_id = $2", [s.ticket.id, lane.id])).toBe(1);
  });

  it("takes tags off a contact and a ticket", async () => {
    const s = await buildInbox(core);
    const tag = await buildTag(core.db.pool, { companyId: s.company.id });
    await tagContact(core.db.pool, { companyId: s.company.id, contactId: s.contact.id, tagId: tag.id });
    await core.db.pool.query("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, $3)", [
      s.ticket.id,
      tag.id,
      s.company.id,
    ]);
    const results = await pushTwice(s.adminToken, s.company.id, [
      { name: "removeContactTag", args: { tagId: tag.id, contactId: s.contact.id } },
      { name: "removeTicketTags", args: { ticketId: s.ticket.id } },
    ]);
    expect(results).toEqual(okAll(2));
    expect(await count("contact_tags WHERE contact_id = $1", [s.contact.id])).toBe(0);
    expect(await count("ticket_tags WHERE ticket_id = $1", [s.ticket.id])).toBe(0);
  });

  it("renames, recolours and deletes a tag through the outbox, once, and refuses another company's tag", async () => {
    const s = await buildInbox(core);
    const tag = await buildTag(core.db.pool, { companyId: s.company.id });
    const gone = await buildTag(core.db.pool, { companyId: s.company.id });
    await tagContact(core.db.pool, { companyId: s.company.id, contactId: s.contact.id, tagId: gone.id });
    const results = await pushTwice(s.adminToken, s.company.id, [
      { name: "updateTag", args: { tagId: tag.id, name: "Retornar", color: "#112233" } },
      { name: "deleteTag", args: { tagId: gone.id } },
    ]);
    expect(results).toEqual(okAll(2));
    const tags = await core.api("GET", "/tags/list", { token: s.adminToken });
    expect(tags.body.map((t: { name: string; color: string }) => [t.name, t.color])).toEqual([["Retornar", "#112233"]]);
    expect(await count("contact_tags WHERE tag_id = $1", [gone.id])).toBe(0);
    // The same rules as PUT and DELETE /tags/{id}: a taken name, and a tag of another company, are refused.
    const other = await buildTag(core.db.pool, { companyId: s.company.id, name: "Outra" });
    expect(
      await refusal(s.adminToken, s.company.id, { name: "updateTag", args: { tagId: other.id, name: "Retornar" } }),
    ).toBe("ERR_TAG_ALREADY_EXISTS");
    const foreign = await buildInbox(core);
    const theirs = await buildTag(core.db.pool, { companyId: foreign.company.id });
    expect(await refusal(s.adminToken, s.company.id, { name: "deleteTag", args: { tagId: theirs.id } })).toBe(
      "ERR_NO_TAG_FOUND",
    );
    expect(await count("tags WHERE id = $1", [theirs.id])).toBe(1);
  });

  it("moves a kanban card: the ticket's lane tag comes off, the new lane's goes on, plain tags stay, once", async () => {
    const s = await buildInbox(core);
    const pool = core.db.pool;
    const t = await pendingTicket(s);
    const from = await buildTag(pool, { companyId: s.company.id, kanban: 1 });
    const to = await buildTag(pool, { companyId: s.company.id, kanban: 1 });
    const plain = await buildTag(pool, { companyId: s.company.id });
    for (const tag of [from, plain]) {
      await pool.query("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, $3)", [
        t.id,
        tag.id,
        s.company.id,
      ]);
    }
    const seq = await lastSeq(pool, s.company.id);
    const results = await pushTwice(s.agentToken, s.company.id, [
      { name: "moveTicketLane", args: { ticketId: t.id, toLaneId: to.id } },
    ]);
    expect(results).toEqual(okAll(1));
    const tags = await pool.query<{ tag_id: number }>(
      "SELECT tag_id FROM ticket_tags WHERE ticket_id = $1 ORDER BY tag_id",
      [t.id],
    );
    expect(tags.rows.map((r) => r.tag_id)).toEqual([plain.id, to.id].sort((a, b) => a - b));
    // One change for the replicas, however often the push came.
    expect(await changesAfter(pool, s.company.id, seq)).toEqual([`tickets:${t.id}`]);
    // A plain tag is no lane: the move is refused and the ticket keeps its lane.
    expect(
      await refusal(s.agentToken, s.company.id, {
        name: "moveTicketLane",
        args: { ticketId: t.id, toLaneId: plain.id },
      }),
    ).toBe("ERR_NO_TAG_FOUND");
  });

  it("writes one note, and lets only its author or an admin remove one", async () => {
    const s = await buildInbox(core);
    const t = await pendingTicket(s);
    const results = await pushTwice(s.agentToken, s.company.id, [
      { name: "createTicketNote", args: { ticketId: t.id, note: "Cliente pediu retorno" } },
    ]);
    expect(results).toEqual(okAll(1));
    const notes = await core.api("GET", `/ticket-notes/list?ticketId=${t.id}`, { token: s.agentToken });
    expect(notes.body.map((n: { note: string; userId: number }) => [n.note, n.userId])).toEqual([
      ["Cliente pediu retorno", s.agent.id],
    ]);

    const admins = await buildTicketNote(core.db.pool, {
      companyId: s.company.id,
      ticketId: t.id,
      contactId: t.contactId,
      userId: s.admin.id,
    });
    const del = (noteId: number) => ({ name: "deleteTicketNote", args: { noteId } });
    expect(await refusal(s.agentToken, s.company.id, del(admins.id))).toBe("ERR_NO_PERMISSION");
    expect(await count("ticket_notes WHERE id = $1", [admins.id])).toBe(1);
    expect(await pushTwice(s.agentToken, s.company.id, [del(notes.body[0].id)])).toEqual(okAll(1));
    expect(await count("ticket_notes WHERE ticket_id = $1", [t.id])).toBe(1);
  });
});

describe("#sync.push contacts", () => {
  it("creates a contact once, and the next pull brings it", async () => {
    const s = await buildInbox(core);
    const boot = await core.api("GET", "/sync/pull", { token: s.adminToken });
    const number = `5511${String(Date.now()).slice(-9)}`;
    const args = { name: "Joana Lima", number: `+${number}` };
    expect(await pushTwice(s.adminToken, s.company.id, [{ name: "createContact", args }])).toEqual(okAll(1));
    const { rows } = await core.db.pool.query("SELECT id, name FROM contacts WHERE company_id = $1 AND number = $2", [
      s.company.id,
      number,
    ]);
    expect(rows).toEqual([{ id: expect.any(Number), name: "Joana Lima" }]);
    const next = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: s.adminToken });
    expect(next.body.put.contacts.map((c: { id: number }) => c.id)).toEqual([rows[0].id]);
  });

  it("edits, blocks and flips a contact's switches exactly once", async () => {
    const s = await buildInbox(core);
    const before = (await core.api("GET", `/contacts/${s.contact.id}`, { token: s.agentToken })).body;
    const contactId = s.contact.id;
    const results = await pushTwice(s.agentToken, s.company.id, [
      { name: "updateContact", args: { contactId, name: "Carla Nova", email: "carla@example.com" } },
      { name: "blockContact", args: { contactId, active: false } },
      { name: "toggleAcceptAudio", args: { contactId } },
      { name: "toggleDisableBot", args: { contactId } },
    ]);
    expect(results).toEqual(okAll(4));
    const after = (await core.api("GET", `/contacts/${contactId}`, { token: s.agentToken })).body;
    // A replayed toggle would have flipped the switches back.
    expect(after).toMatchObject({
      name: "Carla Nova",
      email: "carla@example.com",
      active: false,
      acceptAudioMessage: !before.acceptAudioMessage,
      disableBot: !before.disableBot,
    });
  });

  it("deletes a contact for an admin and refuses a plain agent", async () => {
    const s = await buildInbox(core);
    const args = { contactId: s.contact.id };
    expect(await refusal(s.agentToken, s.company.id, { name: "deleteContact", args })).toBe("ERR_NO_PERMISSION");
    expect(await count("contacts WHERE id = $1", [s.contact.id])).toBe(1);
    expect(await pushTwice(s.adminToken, s.company.id, [{ name: "deleteContact", args }])).toEqual(okAll(1));
    expect(await count("contacts WHERE id = $1", [s.contact.id])).toBe(0);
    expect(await count("tickets WHERE id = $1", [s.ticket.id])).toBe(0);
  });
});

describe("#sync.push company scoping", () => {
  it("answers another company's ids as not found, as REST does, and changes nothing there", async () => {
    const mine = await buildInbox(core);
    const other = await buildInbox(core);
    const pool = core.db.pool;
    const myTag = await buildTag(pool, { companyId: mine.company.id, kanban: 1 });
    const theirTag = await buildTag(pool, { companyId: other.company.id, kanban: 1 });
    const theirNote = await buildTicketNote(pool, {
      companyId: other.company.id,
      ticketId: other.ticket.id,
      contactId: other.contact.id,
      userId: other.admin.id,
    });
    const myMessage = await buildMessage(pool, { companyId: mine.company.id, ticketId: mine.ticket.id });
    const theirMessage = await buildMessage(pool, { companyId: other.company.id, ticketId: other.ticket.id });
    const theirContact = { contactId: other.contact.id };
    const copy = { type: "copy", request: { copyText: "X" } };
    const cases: [string, unknown, string][] = [
      ["createTicket", { ...theirContact, whatsappId: mine.wa.id, queueId: mine.queue.id }, "ERR_NO_CONTACT_FOUND"],
      [
        "createTicket",
        { contactId: mine.contact.id, whatsappId: other.wa.id, queueId: mine.queue.id },
        "ERR_NO_WAPP_FOUND",
      ],
      ["deleteTicket", { ticketId: other.ticket.id }, "ERR_NO_TICKET_FOUND"],
      [
        "forwardMessage",
        { id: uuidv7(), messageId: theirMessage.id, contactId: mine.contact.id },
        "ERR_NO_MESSAGE_FOUND",
      ],
      ["forwardMessage", { id: uuidv7(), messageId: myMessage.id, ...theirContact }, "ERR_NO_CONTACT_FOUND"],
      ["sendInteractiveMessage", { id: uuidv7(), ticketId: other.ticket.id, message: copy }, "ERR_NO_TICKET_FOUND"],
      ["sendContact", { id: uuidv7(), ticketId: mine.ticket.id, ...theirContact }, "ERR_NO_CONTACT_FOUND"],
      ["sendContact", { id: uuidv7(), ticketId: other.ticket.id, contactId: mine.contact.id }, "ERR_NO_TICKET_FOUND"],
      ["syncContactTags", { ...theirContact, tags: [] }, "ERR_NO_CONTACT_FOUND"],
      ["syncContactTags", { contactId: mine.contact.id, tags: [{ id: theirTag.id }] }, "ERR_NO_TAG_FOUND"],
      ["addTicketTag", { ticketId: mine.ticket.id, tagId: theirTag.id }, "ERR_NO_TAG_FOUND"],
      ["addTicketTag", { ticketId: other.ticket.id, tagId: myTag.id }, "ERR_NO_TICKET_FOUND"],
      ["removeTicketTags", { ticketId: other.ticket.id }, "ERR_NO_TICKET_FOUND"],
      ["moveTicketLane", { ticketId: mine.ticket.id, toLaneId: theirTag.id }, "ERR_NO_TAG_FOUND"],
      ["moveTicketLane", { ticketId: other.ticket.id, toLaneId: myTag.id }, "ERR_NO_TICKET_FOUND"],
      ["removeContactTag", { tagId: theirTag.id, contactId: mine.contact.id }, "ERR_NO_TAG_FOUND"],
      ["removeContactTag", { tagId: myTag.id, ...theirContact }, "ERR_NO_CONTACT_FOUND"],
      ["createTicketNote", { ticketId: other.ticket.id, note: "olá de fora" }, "ERR_NO_TICKET_FOUND"],
      ["deleteTicketNote", { noteId: theirNote.id }, "ERR_NO_NOTE_FOUND"],
      ["createContact", { name: "Zé Fora", number: "5511988887777", whatsappId: other.wa.id }, "ERR_NO_WAPP_FOUND"],
      ["updateContact", { ...theirContact, name: "Renomeado" }, "ERR_NO_CONTACT_FOUND"],
      ["deleteContact", theirContact, "ERR_NO_CONTACT_FOUND"],
      ["blockContact", { ...theirContact, active: false }, "ERR_NO_CONTACT_FOUND"],
      ["toggleAcceptAudio", theirContact, "ERR_NO_CONTACT_FOUND"],
      ["toggleDisableBot", theirContact, "ERR_NO_CONTACT_FOUND"],
    ];
    const seqs = [await lastSeq(pool, mine.company.id), await lastSeq(pool, other.company.id)];
    const results = await pushTwice(
      mine.adminToken,
      mine.company.id,
      cases.map(([name, args]) => ({ name, args })),
    );
    expect(results.map((r) => [cases[r.id - 1]![0], r.ok, r.error?.error])).toEqual(
      cases.map(([name, , code]) => [name, false, code]),
    );
    expect([await lastSeq(pool, mine.company.id), await lastSeq(pool, other.company.id)]).toEqual(seqs);
    expect(await count("ticket_notes WHERE id = $1", [theirNote.id])).toBe(1);
    expect(await count("tags WHERE company_id = $1", [mine.company.id])).toBe(1);
    expect(await count("contact_tags WHERE company_id = ANY($1)", [[mine.company.id, other.company.id]])).toBe(0);
  });

  it("closes no other company's tickets when named their queue", async () => {
    const mine = await buildInbox(core);
    const other = await buildInbox(core);
    const args = { status: "open", selectedQueueIds: [other.queue.id] };
    expect(await pushTwice(mine.adminToken, mine.company.id, [{ name: "closeAllTickets", args }])).toEqual(okAll(1));
    expect(await count("tickets WHERE id = ANY($1) AND status = 'open'", [[mine.ticket.id, other.ticket.id]])).toBe(2);
  });

  it("refuses a mutation name that only an object's prototype has", async () => {
    const s = await buildInbox(core);
    expect(await refusal(s.adminToken, s.company.id, { name: "toString", args: {} })).toBe("ERR_VALIDATION");
    expect(await refusal(s.adminToken, s.company.id, { name: "__proto__", args: {} })).toBe("ERR_VALIDATION");
  });
});
