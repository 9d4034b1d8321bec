// Issue 7: every answer that carries a contact number is presented for its
// caller. Under LGPD number hiding a plain user never reads a whole number on any
// path (REST, sync pull, action answers, messages), while an admin reads them all;
// and the replica gives a plain user only the public view of colleagues.
import { describe, expect, it } from "vitest";
import { buildVCard } from "../messages/vcard.ts";
import { setHideNumbers } from "../testing/contacts-factories.ts";
import { buildContact, buildTicket } from "../testing/factories.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { maskNumber } from "./mask-number.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const number = "5511987650001";
const second = "5511987650002";
/** A number only a contact card carries (no contact has it yet). */
const card = "5511987650003";
const w = forFile(async () => {
  const pool = core.db.pool;
  const contactId = (await buildContact(pool, { companyId: s.company.id, number, name: "Lia Lgpd" })).id;
  const secondId = (await buildContact(pool, { companyId: s.company.id, number: second, name: "Beto Lgpd" })).id;
  // Waiting in the agent's queue: both the agent and the admin see it.
  const waiting = await buildTicket(pool, {
    companyId: s.company.id,
    contactId,
    whatsappId: s.wa.id,
    status: "pending",
    queueId: s.queue.id,
  });
  // An inbound Cloud API image keeps the webhook's payload, whose `from` is the contact's number.
  const inbound = await buildMessage(pool, { companyId: s.company.id, ticketId: waiting.id, contactId, body: "" });
  await pool.query("UPDATE messages SET media_type = 'image', data_json = $2 WHERE id = $1", [
    inbound.id,
    JSON.stringify({ from: number, id: "wamid.1", type: "image", image: { id: "m1" } }),
  ]);
  // An inbound Cloud API contact card: the number in the vCard text, in our {vCard} and in the webhook's phones.
  const cardMessage = await buildMessage(pool, { companyId: s.company.id, ticketId: waiting.id, contactId, body: "" });
  await pool.query("UPDATE messages SET media_type = 'contactMessage', body = $2, data_json = $3 WHERE id = $1", [
    cardMessage.id,
    buildVCard({ name: "Caio Cartão", number: card }),
    JSON.stringify({
      from: number,
      type: "contacts",
      contacts: [{ name: { formatted_name: "Caio Cartão" }, phones: [{ phone: `+${card}`, wa_id: card }] }],
      vCard: { name: "Caio Cartão", number: card },
    }),
  ]);
  await setHideNumbers(pool, s.company.id, true);
  return { waiting, contactId, secondId, cardMessage, inbound };
});

/** Every answer that carries one of the two numbers, as one text per path. */
async function everyPath(token: string, asAgent: boolean): Promise<Record<string, string>> {
  const get = async (path: string) => {
    const res = await core.api("GET", path, { token });
    expect(res.status, path).toBe(200);
    return JSON.stringify(res.body);
  };
  const out: Record<string, string> = {};
  out["GET /tickets"] = await get("/tickets?status=pending&showAll=true");
  out["GET /tickets/u/{uuid}"] = await get(`/tickets/u/${w.waiting.uuid}`);
  out["GET /contacts"] = await get("/contacts?searchParam=lgpd");
  out["GET /contacts/list"] = await get("/contacts/list?searchParam=lgpd");
  out["GET /contacts/{id}"] = await get(`/contacts/${w.contactId}`);
  // A masked user finds a contact by the number they see (decision 0044), an admin by the whole one.
  out["GET /contacts/profile/{number}"] = await get(`/contacts/profile/${asAgent ? maskNumber(number) : number}`);
  out["GET /messages/{ticketId}"] = await get(`/messages/${w.waiting.id}`);
  out["GET /sync/pull (first)"] = await get("/sync/pull");
  const cursor = JSON.parse(out["GET /sync/pull (first)"]).cursor;

  // Action answers: a note on the waiting ticket (a reply needs it accepted first, decision 0033),
  // opening a ticket for the second contact, a transition.
  const sent = await core.api("POST", `/messages/${w.waiting.id}`, { token, body: { body: "oi", isPrivate: true } });
  expect(sent.status).toBe(200);
  out["POST /messages/{ticketId}"] = JSON.stringify(sent.body);
  const created = await core.api("POST", "/tickets", {
    token,
    body: { contactId: w.secondId, queueId: s.queue.id, whatsappId: s.wa.id, status: "open", userId: null },
  });
  expect(created.status).toBe(201);
  out["POST /tickets"] = JSON.stringify(created.body);
  const moved = await core.api("PUT", `/tickets/${created.body.id}`, { token, body: { status: "pending" } });
  expect(moved.status).toBe(200);
  out["PUT /tickets/{id}"] = JSON.stringify(moved.body);
  const edited = await core.api("PUT", `/contacts/${w.secondId}`, {
    token,
    body: { name: asAgent ? "Beto Lgpd A" : "Beto Lgpd B" },
  });
  expect(edited.status).toBe(200);
  out["PUT /contacts/{id}"] = JSON.stringify(edited.body);

  // The incremental pull carries what those calls changed (a ticket, a message, a contact).
  out["GET /sync/pull (incremental)"] = await get(`/sync/pull?cursor=${cursor}`);
  await core.api("PUT", `/tickets/${created.body.id}`, { token: s.adminToken, body: { status: "closed" } });
  return out;
}

describe("#presenters LGPD masking on every path", () => {
  it("never shows a plain user a whole number anywhere, and shows it masked", async () => {
    const seen = await everyPath(s.agentToken, true);
    for (const [path, text] of Object.entries(seen)) {
      expect(text, path).not.toContain(number);
      expect(text, path).not.toContain(second);
      expect(text, path).not.toContain(card);
    }
    for (const path of [
      "GET /tickets",
      "GET /tickets/u/{uuid}",
      "GET /contacts/{id}",
      "GET /contacts/profile/{number}",
      "GET /sync/pull (first)",
    ]) {
      expect(seen[path], path).toContain(maskNumber(number));
    }
    expect(seen["GET /messages/{ticketId}"]).toContain(maskNumber(number));
    expect(seen["GET /messages/{ticketId}"]).toContain(`waid=${maskNumber(card)}:+${maskNumber(card)}`);
    expect(seen["POST /tickets"]).toContain(maskNumber(second));
    expect(seen["PUT /contacts/{id}"]).toContain(maskNumber(second));
    expect(seen["GET /sync/pull (incremental)"]).toContain(maskNumber(second));
    // The stored rows keep their whole numbers: masking is only what the answer shows.
    const stored = await core.db.pool.query("SELECT number FROM contacts WHERE id = ANY($1) ORDER BY id", [
      [w.contactId, w.secondId],
    ]);
    expect(stored.rows.map((r) => r.number)).toEqual([number, second]);
  });

  it("shows an admin the whole numbers on the same paths", async () => {
    const seen = await everyPath(s.adminToken, false);
    for (const path of [
      "GET /tickets",
      "GET /tickets/u/{uuid}",
      "GET /contacts",
      "GET /contacts/list",
      "GET /contacts/{id}",
      "GET /contacts/profile/{number}",
      "GET /messages/{ticketId}",
      "GET /sync/pull (first)",
    ]) {
      expect(seen[path], path).toContain(number);
    }
    expect(seen["GET /messages/{ticketId}"]).toContain(`waid=${card}:+${card}`);
    for (const path of ["POST /tickets", "PUT /tickets/{id}", "PUT /contacts/{id}", "GET /sync/pull (incremental)"]) {
      expect(seen[path], path).toContain(second);
    }
  });
});

describe("#messages.contactCard 'Conversar' by the stored card", () => {
  it("gives a masked user the card's contact by id (added once, then found), its number still masked", async () => {
    const path = `/messages/${w.cardMessage.id}/contact-card`;
    const first = await core.api("POST", path, { token: s.agentToken });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: "Caio Cartão", number: maskNumber(card) });
    const stored = await core.db.pool.query("SELECT id, number FROM contacts WHERE company_id = $1 AND number = $2", [
      s.company.id,
      card,
    ]);
    expect(stored.rows).toEqual([{ id: first.body.id, number: card }]);
    // The same card again: the same contact, not a second one; an admin reads the whole number.
    const again = await core.api("POST", path, { token: s.adminToken });
    expect(again.body).toMatchObject({ id: first.body.id, number: card });
  });

  it("answers 404 for a message that is not a contact card, or none", async () => {
    for (const id of [w.inbound.id, crypto.randomUUID()]) {
      const res = await core.api("POST", `/messages/${id}/contact-card`, { token: s.agentToken });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_MESSAGE_FOUND");
    }
  });
});

describe("#presenters the replica's users", () => {
  const PUBLIC = ["color", "id", "name", "online", "queues"];

  it("gives a plain user only the public view of colleagues, and their own whole row", async () => {
    const res = await core.api("GET", "/sync/pull", { token: s.agentToken });
    const users = res.body.put.users as Record<string, unknown>[];
    const admin = users.find((u) => u.id === s.admin.id)!;
    expect(Object.keys(admin).sort()).toEqual(PUBLIC);
    expect(JSON.stringify(users.filter((u) => u.id !== s.agent.id))).not.toContain(s.admin.email);
    const self = users.find((u) => u.id === s.agent.id)!;
    expect(self).toMatchObject({ email: s.agent.email, profile: "user" });
    expect(self.queues).toEqual([{ id: s.queue.id, name: "Sales", color: expect.any(String) }]);
  });

  it("keeps the public view in an incremental pull after a colleague changes", async () => {
    const first = await core.api("GET", "/sync/pull", { token: s.agentToken });
    await core.api("PUT", `/users/${s.admin.id}`, { token: s.adminToken, body: { name: "Ana Renamed" } });
    const next = await core.api("GET", `/sync/pull?cursor=${first.body.cursor}`, { token: s.agentToken });
    const admin = (next.body.put.users as Record<string, unknown>[]).find((u) => u.id === s.admin.id)!;
    expect(admin).toMatchObject({ name: "Ana Renamed" });
    expect(Object.keys(admin).sort()).toEqual(PUBLIC);
  });

  it("gives an admin every user's whole row (e-mail, profile, permission flags)", async () => {
    const res = await core.api("GET", "/sync/pull", { token: s.adminToken });
    const agent = (res.body.put.users as Record<string, unknown>[]).find((u) => u.id === s.agent.id)!;
    expect(agent).toMatchObject({
      email: s.agent.email,
      profile: "user",
      allTicket: "disabled",
      allUserChat: "disabled",
    });
  });

  it("gives a plain user the public view in the users picker too", async () => {
    const res = await core.api("GET", "/users/list", { token: s.agentToken });
    const admin = (res.body as Record<string, unknown>[]).find((u) => u.id === s.admin.id)!;
    expect(Object.keys(admin).sort()).toEqual(["color", "id", "name", "online"]);
    expect(JSON.stringify(res.body)).not.toContain(s.admin.email);
  });
});
