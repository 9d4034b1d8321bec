// POST /messages/poll/{ticketId} (decision 0062): an agent's poll on a WhatsApp (QR code) ticket is stored queued, in
// the shape of an incoming poll with a fresh secret for the worker to send; the §5-style rules of the request, and
// other channels refused. The same poll pushed by the PWA's outbox (`sendPoll`, decision 0067) is stored once under
// the client's id, however often the push is replayed, and refused on other channels with nothing stored.
import { randomUUID } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { lastSeq } from "../testing/contacts-factories.ts";
import { buildContact, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { buildInbox } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));

async function ticketOn(channel: string) {
  const pool = core.db.pool;
  const wa = await buildWhatsapp(pool, { companyId: s.company.id, channel });
  const contact = await buildContact(pool, { companyId: s.company.id });
  const ticket = await buildTicket(pool, {
    companyId: s.company.id,
    contactId: contact.id,
    whatsappId: wa.id,
    status: "open",
    userId: s.admin.id,
  });
  return ticket;
}

const poll = { name: "Qual sabor?", options: ["Uva", "Limão"] };
const send = (ticketId: number, body: unknown) =>
  core.api("POST", `/messages/poll/${ticketId}`, { token: s.adminToken, body });

describe("#messages.poll", () => {
  it("stores the poll queued, shaped as an incoming one, with a secret of 32 bytes", async () => {
    const ticket = await ticketOn("whatsapp");
    const res = await send(ticket.id, { ...poll, selectableCount: 0 });
    expect(res.status).toBe(200);
    expect(res.body.messages[0]).toMatchObject({ mediaType: "pollCreationMessageV3", fromMe: true });
    const { rows } = await core.db.pool.query(
      "SELECT body, media_type, data_json, send_state FROM messages WHERE ticket_id = $1 AND from_me",
      [ticket.id],
    );
    expect(rows).toEqual([
      {
        body: "Qual sabor?\n- Uva\n- Limão",
        media_type: "pollCreationMessageV3",
        send_state: "queued",
        data_json: {
          pollCreationMessageV3: {
            name: "Qual sabor?",
            options: [{ optionName: "Uva" }, { optionName: "Limão" }],
            selectableOptionsCount: 0,
          },
          pollSecret: expect.any(String),
          votes: {},
        },
      },
    ]);
    expect(Buffer.from(rows[0].data_json.pollSecret, "base64")).toHaveLength(32);
  });

  it("refuses bad polls with their field, and polls on channels other than WhatsApp by QR code", async () => {
    const ticket = await ticketOn("whatsapp");
    const one = await send(ticket.id, { name: "Só uma?", options: ["Sim"] });
    expect([one.status, one.body.error, one.body.fields]).toEqual([400, "ERR_VALIDATION", { options: "Too Short!" }]);
    const twice = await send(ticket.id, { name: "Repetida", options: ["Sim", "Sim"] });
    expect(twice.body.fields).toEqual({ options: "Options must differ" });
    const many = await send(ticket.id, { ...poll, selectableCount: 3 });
    expect(many.body.fields).toEqual({ selectableCount: "More than the options offered" });
    const cloud = await ticketOn("whatsappapi");
    const refused = await send(cloud.id, poll);
    expect([refused.status, refused.body.error]).toEqual([409, "ERR_WRONG_STATE"]);
    const { rowCount } = await core.db.pool.query("SELECT 1 FROM messages WHERE ticket_id = ANY($1) AND from_me", [
      [ticket.id, cloud.id],
    ]);
    expect(rowCount).toBe(0);
  });
});

describe("#sync.push sendPoll", () => {
  const push = (mutations: { name: string; args: unknown }[], clientId = `client-${randomUUID()}`) =>
    core.api("POST", "/sync/push", {
      token: s.adminToken,
      body: { clientId, mutations: mutations.map((m, i) => ({ id: i + 1, ...m })) },
    });

  it("stores the pushed poll once under the client's id, with core's secret, however often the push is replayed", async () => {
    const ticket = await ticketOn("whatsapp");
    const id = uuidv7();
    const args = { id, ticketId: ticket.id, name: " Qual sabor? ", options: ["Uva ", "Limão"], selectableCount: 1 };
    const clientId = `client-${randomUUID()}`;
    const first = await push([{ name: "sendPoll", args }], clientId);
    expect(first.body.results).toEqual([{ id: 1, ok: true }]);
    const seq = await lastSeq(core.db.pool, s.company.id);
    const replay = await push([{ name: "sendPoll", args }], clientId);
    expect(replay.body).toEqual(first.body);
    expect(await lastSeq(core.db.pool, s.company.id)).toBe(seq);
    const { rows } = await core.db.pool.query(
      "SELECT id, body, media_type, data_json, send_state, user_id FROM messages WHERE ticket_id = $1 AND from_me",
      [ticket.id],
    );
    expect(rows).toEqual([
      {
        id,
        body: "Qual sabor?\n- Uva\n- Limão",
        media_type: "pollCreationMessageV3",
        send_state: "queued",
        user_id: s.admin.id,
        data_json: {
          pollCreationMessageV3: {
            name: "Qual sabor?",
            options: [{ optionName: "Uva" }, { optionName: "Limão" }],
            selectableOptionsCount: 1,
          },
          pollSecret: expect.any(String),
          votes: {},
        },
      },
    ]);
    expect(Buffer.from(rows[0].data_json.pollSecret, "base64")).toHaveLength(32);
  });

  it("takes how many answers a contact may pick, from 1 to the options offered (decision 0074)", async () => {
    const ticket = await ticketOn("whatsapp");
    const three = { ticketId: ticket.id, name: "Melhor dia?", options: ["Segunda", "Terça", "Quarta"] };
    const id = uuidv7();
    const res = await push([
      { name: "sendPoll", args: { id, ...three, selectableCount: 2 } },
      { name: "sendPoll", args: { id: uuidv7(), ...three, selectableCount: 4 } },
      { name: "sendPoll", args: { id: uuidv7(), ...three, selectableCount: 1.5 } },
    ]);
    expect(res.body.results.map((r: { ok: boolean; error?: { error: string } }) => r.ok || r.error?.error)).toEqual([
      true,
      "ERR_VALIDATION",
      "ERR_VALIDATION",
    ]);
    expect(res.body.results[1].error.fields).toEqual({ selectableCount: "More than the options offered" });
    const { rows } = await core.db.pool.query(
      `SELECT id, data_json->'pollCreationMessageV3'->'selectableOptionsCount' AS selectable
       FROM messages WHERE ticket_id = $1 AND company_id = $2 AND from_me`,
      [ticket.id, s.company.id],
    );
    expect(rows).toEqual([{ id, selectable: 2 }]);
  });

  it("refuses a bad poll and a poll on the Cloud API, storing nothing", async () => {
    const ticket = await ticketOn("whatsapp");
    const cloud = await ticketOn("whatsappapi");
    const seq = await lastSeq(core.db.pool, s.company.id);
    const res = await push([
      { name: "sendPoll", args: { id: uuidv7(), ticketId: ticket.id, name: "Repetida", options: ["Sim", "Sim"] } },
      { name: "sendPoll", args: { id: uuidv7(), ticketId: cloud.id, ...poll } },
    ]);
    expect(res.body.results.map((r: { error?: { error: string } }) => r.error?.error)).toEqual([
      "ERR_VALIDATION",
      "ERR_WRONG_STATE",
    ]);
    expect(await lastSeq(core.db.pool, s.company.id)).toBe(seq);
    const { rowCount } = await core.db.pool.query("SELECT 1 FROM messages WHERE ticket_id = ANY($1) AND from_me", [
      [ticket.id, cloud.id],
    ]);
    expect(rowCount).toBe(0);
  });
});
