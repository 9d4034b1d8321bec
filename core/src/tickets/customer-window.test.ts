// The 24-hour customer window of Meta's channels and the Cloud API's templates (issue 10; decision 0053): core
// refuses a free-form reply outside the window with ERR_OUTSIDE_MESSAGING_WINDOW, lets a template through, lists a
// connection's approved templates from the Graph API stand-in (another company's connection answers 404), and
// learns the connection's WhatsApp Business Account from a signed webhook delivery.
import { createHmac, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildContact, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { SAMPLE_TEMPLATES, startFakeGraphTemplates } from "../testing/fake-graph-templates.ts";
import { buildInbox } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const graph = forFile(() => startFakeGraphTemplates(), { stop: (g) => g.close() });
const core = coreForFile(() => ({ graphApiUrl: graph.url }));
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));

const WABA = "880011223344";
const TOKEN = "cloud-token-1";

/** An open ticket of the admin on a fresh connection of `channel`; `wroteHoursAgo`: the contact's latest message. */
async function ticketOn(channel: string, wroteHoursAgo?: number, inbox = s) {
  const pool = core.db.pool;
  const wa = await buildWhatsapp(pool, { companyId: inbox.company.id, channel, accessToken: TOKEN });
  const contact = await buildContact(pool, { companyId: inbox.company.id });
  const ticket = await buildTicket(pool, {
    companyId: inbox.company.id,
    contactId: contact.id,
    whatsappId: wa.id,
    status: "open",
    userId: inbox.admin.id,
  });
  if (wroteHoursAgo !== undefined) {
    await pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at)
       VALUES ($1, $2, $3, $4, $5, 'Oi', false, now() - $6 * interval '1 hour')`,
      [randomUUID(), inbox.company.id, ticket.id, contact.id, wa.id, wroteHoursAgo],
    );
  }
  return { wa, contact, ticket };
}

const send = (ticketId: number, body: unknown, token = s.adminToken) =>
  core.api("POST", `/messages/${ticketId}`, { token, body });

const outbound = async (ticketId: number) =>
  (
    await core.db.pool.query(
      "SELECT body, media_type, data_json, send_state FROM messages WHERE ticket_id = $1 AND from_me ORDER BY created_at",
      [ticketId],
    )
  ).rows;

const TEMPLATE = {
  name: "pedido_atualizado",
  language: "pt_BR",
  headerParams: ["#123"],
  bodyParams: ["Maria", "enviado"],
  body: "*Pedido #123*\n\nOlá Maria, seu pedido foi enviado.\n\nLoja Exemplo",
};

describe("#messages.customer-window", () => {
  it("refuses a free-form reply on a Cloud API ticket whose contact has not written in 24 h, and stores nothing", async () => {
    for (const hours of [undefined, 25]) {
      const { ticket } = await ticketOn("whatsappapi", hours);
      const res = await send(ticket.id, { body: "Olá!" });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: "ERR_OUTSIDE_MESSAGING_WINDOW", data: { channel: "whatsappapi" } });
      expect(await outbound(ticket.id)).toEqual([]);
    }
  });

  it("takes the reply within 24 h of the contact's message, a private note at any time, and Baileys without a window", async () => {
    const recent = await ticketOn("whatsappapi", 23);
    expect((await send(recent.ticket.id, { body: "Olá!" })).status).toBe(200);
    const old = await ticketOn("whatsappapi", 30);
    expect((await send(old.ticket.id, { body: "nota", isPrivate: true })).status).toBe(200);
    const baileys = await ticketOn("whatsapp");
    expect((await send(baileys.ticket.id, { body: "Olá!" })).status).toBe(200);
    expect(await outbound(recent.ticket.id)).toEqual([expect.objectContaining({ body: "Olá!", send_state: "queued" })]);
  });

  it("holds for a facebook connection too, where no template may go out", async () => {
    const { ticket } = await ticketOn("facebook", 26);
    expect((await send(ticket.id, { body: "Olá!" })).body).toMatchObject({
      error: "ERR_OUTSIDE_MESSAGING_WINDOW",
      data: { channel: "facebook" },
    });
    const template = await core.api("POST", `/messages/template/${ticket.id}`, { token: s.adminToken, body: TEMPLATE });
    expect(template.body.error).toBe("ERR_WRONG_STATE");
    const fresh = await ticketOn("instagram", 1);
    expect((await send(fresh.ticket.id, { body: "Olá!" })).status).toBe(200);
  });

  it("the push's sendMessage is refused with the same code (the PWA marks it failed with the reason)", async () => {
    const { ticket } = await ticketOn("whatsappapi");
    const res = await core.api("POST", "/sync/push", {
      token: s.adminToken,
      body: {
        clientId: "client-window-1",
        mutations: [{ id: 1, name: "sendMessage", args: { id: randomUUID(), ticketId: ticket.id, body: "Oi" } }],
      },
    });
    expect(JSON.stringify(res.body)).toContain("ERR_OUTSIDE_MESSAGING_WINDOW");
    expect(await outbound(ticket.id)).toEqual([]);
  });
});

describe("#messages.customer-window retry", () => {
  it("refuses 'Tentar novamente' on a failed reply once the window has closed, and leaves it failed", async () => {
    const { ticket, contact, wa } = await ticketOn("whatsappapi", 30);
    const id = randomUUID();
    await core.db.pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, ack,
         send_state, error_code) VALUES ($1, $2, $3, $4, $5, $6, 'Oi', true, -1, 'failed', 'ERR_SENDING_WAPP_MSG')`,
      [id, s.company.id, ticket.id, contact.id, wa.id, s.admin.id],
    );
    const res = await core.api("POST", "/sync/push", {
      token: s.adminToken,
      body: { clientId: "client-window-2", mutations: [{ id: 1, name: "retryMessage", args: { id } }] },
    });
    expect(JSON.stringify(res.body)).toContain("ERR_OUTSIDE_MESSAGING_WINDOW");
    const { rows } = await core.db.pool.query("SELECT send_state FROM messages WHERE id = $1", [id]);
    expect(rows[0].send_state).toBe("failed");
  });
});

describe("#messages.template", () => {
  it("queues a template outside the window, with its values in data_json, by REST and by the push", async () => {
    const { ticket } = await ticketOn("whatsappapi");
    const res = await core.api("POST", `/messages/template/${ticket.id}`, { token: s.adminToken, body: TEMPLATE });
    expect(res.status).toBe(200);
    expect(res.body.messages[0]).toMatchObject({ body: TEMPLATE.body, mediaType: "template", ack: 0 });
    const id = randomUUID();
    const push = await core.api("POST", "/sync/push", {
      token: s.adminToken,
      body: {
        clientId: "client-template-1",
        mutations: [
          { id: 1, name: "sendTemplate", args: { ...TEMPLATE, id, ticketId: ticket.id, name: "retomar_conversa" } },
        ],
      },
    });
    expect(push.status).toBe(200);
    expect(await outbound(ticket.id)).toEqual([
      {
        body: TEMPLATE.body,
        media_type: "template",
        send_state: "queued",
        data_json: {
          template: {
            name: "pedido_atualizado",
            language: "pt_BR",
            headerParams: ["#123"],
            bodyParams: ["Maria", "enviado"],
          },
        },
      },
      expect.objectContaining({
        media_type: "template",
        data_json: expect.objectContaining({ template: expect.objectContaining({ name: "retomar_conversa" }) }),
      }),
    ]);
  });

  it("refuses values Meta would refuse (new lines, empty) and another company's ticket", async () => {
    const { ticket } = await ticketOn("whatsappapi");
    const bad = await core.api("POST", `/messages/template/${ticket.id}`, {
      token: s.adminToken,
      body: { ...TEMPLATE, bodyParams: ["Maria\nSilva", ""] },
    });
    expect(bad.status).toBe(400);
    const foreign = await core.api("POST", `/messages/template/${ticket.id}`, {
      token: other.adminToken,
      body: TEMPLATE,
    });
    expect(foreign.status).toBe(404);
    expect(await outbound(ticket.id)).toEqual([]);
  });
});

describe("#whatsapp.templates", () => {
  it("lists the approved templates of the connection's account, read once a minute, to any member", async () => {
    graph.accounts.set(WABA, { token: TOKEN, templates: SAMPLE_TEMPLATES });
    const { wa } = await ticketOn("whatsappapi");
    // The admin names the account (digits only); the connection's answer shows it.
    const bad = await core.api("PUT", `/whatsapp/${wa.id}`, { token: s.adminToken, body: { businessAccountId: "x1" } });
    expect(bad.status).toBe(400);
    const set = await core.api("PUT", `/whatsapp/${wa.id}`, { token: s.adminToken, body: { businessAccountId: WABA } });
    expect(set.body).toMatchObject({ businessAccountId: WABA, sendHold: null });
    const calls = graph.calls.length;
    const res = await core.api("GET", `/whatsapp/${wa.id}/templates`, { token: s.agentToken });
    expect(res.status).toBe(200);
    expect(res.body.templates).toEqual([
      {
        name: "pedido_atualizado",
        language: "pt_BR",
        category: "UTILITY",
        header: { format: "TEXT", text: "Pedido {{1}}" },
        body: "Olá {{1}}, seu pedido foi {{2}}.",
        footer: "Loja Exemplo",
        buttons: ["Falar com atendente"],
        headerVariables: 1,
        bodyVariables: 2,
        sendable: true,
      },
      expect.objectContaining({ name: "retomar_conversa", bodyVariables: 0, header: null, sendable: true }),
    ]);
    expect((await core.api("GET", `/whatsapp/${wa.id}/templates`, { token: s.adminToken })).status).toBe(200);
    expect(graph.calls.length).toBe(calls + 1);
    expect(graph.calls.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
    // Another company's connection is not found, and its account is never asked.
    const foreign = await core.api("GET", `/whatsapp/${wa.id}/templates`, { token: other.adminToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect(graph.calls.length).toBe(calls + 1);
  });

  it("says why when it cannot list: no account known yet, another channel, the Graph API down", async () => {
    const unknown = await ticketOn("whatsappapi");
    expect((await core.api("GET", `/whatsapp/${unknown.wa.id}/templates`, { token: s.adminToken })).body).toMatchObject(
      { error: "ERR_WRONG_STATE" },
    );
    const baileys = await ticketOn("whatsapp");
    expect((await core.api("GET", `/whatsapp/${baileys.wa.id}/templates`, { token: s.adminToken })).status).toBe(409);
    const down = await ticketOn("whatsappapi");
    await core.db.pool.query("UPDATE whatsapps SET business_account_id = '77' WHERE id = $1", [down.wa.id]);
    graph.mode = "error";
    try {
      const res = await core.api("GET", `/whatsapp/${down.wa.id}/templates`, { token: s.adminToken });
      expect(res.status).toBe(502);
      expect(res.body.error).toBe("ERR_GRAPH_API_UNAVAILABLE");
    } finally {
      graph.mode = "ok";
    }
  });

  it("learns the account from a signed webhook delivery's entry id", async () => {
    const phoneNumberId = `55${Date.now() % 1_000_000_000}`;
    const wa = await buildWhatsapp(core.db.pool, {
      companyId: s.company.id,
      phoneNumberId,
      accessToken: TOKEN,
      appSecret: "secret-1",
    });
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: WABA, changes: [{ field: "messages", value: { metadata: { phone_number_id: phoneNumberId } } }] }],
    });
    const signature = `sha256=${createHmac("sha256", "secret-1").update(body).digest("hex")}`;
    const res = await fetch(`${core.url}/webhooks/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    expect(res.status).toBe(200);
    const { rows } = await core.db.pool.query("SELECT business_account_id FROM whatsapps WHERE id = $1", [wa.id]);
    expect(rows[0].business_account_id).toBe(WABA);
  });
});
