import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCompany, buildQueue, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
let n = 0;
const number = () => `55119${String(70000000 + ++n + (process.pid % 1000) * 1000)}`;

/** A company with a Baileys connection (no 24-hour window) and its API token. */
async function company(o: { dueDate?: string; useExternalApi?: boolean } = {}) {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool, { dueDate: o.dueDate })).id;
  if (o.useExternalApi === false) {
    const plan = await pool.query<{ id: number }>(
      "INSERT INTO plans (name, use_external_api) VALUES ($1, false) RETURNING id",
      [`No API ${randomUUID()}`],
    );
    await pool.query("UPDATE companies SET plan_id = $1 WHERE id = $2", [plan.rows[0]!.id, companyId]);
  }
  const wa = await buildWhatsapp(pool, { companyId, channel: "whatsapp" });
  const token = randomUUID().replaceAll("-", "").slice(0, 30);
  await pool.query("UPDATE whatsapps SET token = $1 WHERE id = $2 AND company_id = $3", [token, wa.id, companyId]);
  return { companyId, whatsappId: wa.id, token };
}

const w = forFile(async () => {
  const a = await company();
  const b = await company();
  const agent = await buildUser(core.db.pool, { companyId: a.companyId, profile: "user", name: "Ana Lima" });
  const queue = await buildQueue(core.db.pool, { companyId: a.companyId });
  const otherUser = await buildUser(core.db.pool, { companyId: b.companyId });
  const otherQueue = await buildQueue(core.db.pool, { companyId: b.companyId });
  return { a, b, agentId: agent.id, queueId: queue.id, otherUserId: otherUser.id, otherQueueId: otherQueue.id };
});

const send = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${core.url}/api/messages/send`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

const messagesTo = async (companyId: number, num: string) =>
  (
    await core.db.pool.query(
      `SELECT m.id, m.body, m.send_state, m.user_id, m.media_type, m.media_url, t.status, t.user_id AS ticket_user,
         t.queue_id FROM messages m JOIN contacts c ON c.id = m.contact_id AND c.company_id = m.company_id
         JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
       WHERE m.company_id = $1 AND c.number = $2 ORDER BY m.created_at`,
      [companyId, num],
    )
  ).rows;

describe("#external-api.send", () => {
  it("adds the contact, opens a waiting ticket on the token's connection and queues the text once", async () => {
    const num = number();
    const res = await send(w.a.token, { number: num, body: "Olá do ERP" });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ whatsappId: w.a.whatsappId, status: "pending", userId: null });
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({ body: "Olá do ERP", mediaType: "chat", sendState: "queued", ack: 0 });
    const rows = await messagesTo(w.a.companyId, num);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.body.messages[0].id, send_state: "queued", user_id: null });
    // A second call to the same number goes on in the same ticket.
    const again = await send(w.a.token, { number: num, body: "Segunda" });
    expect(again.body.ticket.id).toBe(res.body.ticket.id);
  });

  it("gives the ticket to userId in queueId, signs with the user's name and closes it after", async () => {
    const num = number();
    const res = await send(w.a.token, {
      number: num,
      body: "Seu pedido saiu",
      userId: w.agentId,
      queueId: w.queueId,
      sendSignature: true,
      closeTicket: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ userId: w.agentId, queueId: w.queueId, status: "closed" });
    expect(res.body.messages[0].body).toBe("*Ana Lima:*\nSeu pedido saiu");
    const rows = await messagesTo(w.a.companyId, num);
    expect(rows).toEqual([expect.objectContaining({ user_id: w.agentId, send_state: "queued", status: "closed" })]);
  });

  it("stores one message for calls retried with the same Idempotency-Key", async () => {
    const num = number();
    const key = `order-${randomUUID()}`;
    const first = await send(
      w.a.token,
      { number: num, body: "Pedido 42", closeTicket: true },
      { "Idempotency-Key": key },
    );
    const retry = await send(
      w.a.token,
      { number: num, body: "Pedido 42", closeTicket: true },
      { "Idempotency-Key": key },
    );
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.messages[0].id).toBe(first.body.messages[0].id);
    expect(retry.body.ticket.id).toBe(first.body.ticket.id);
    expect(await messagesTo(w.a.companyId, num)).toHaveLength(1);
    // The same key with another text is another message under a used key: refused.
    const other = await send(w.a.token, { number: num, body: "Outro" }, { "Idempotency-Key": key });
    expect(other.body.error).toBe("ERR_CREATING_MESSAGE");
  });

  it("stores one contact and one message for two concurrent first calls with the same key", async () => {
    const num = number();
    const key = randomUUID();
    const [x, y] = await Promise.all([
      send(w.a.token, { number: num, body: "Ao mesmo tempo" }, { "Idempotency-Key": key }),
      send(w.a.token, { number: num, body: "Ao mesmo tempo" }, { "Idempotency-Key": key }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.messages[0].id).toBe(y.body.messages[0].id);
    expect(await messagesTo(w.a.companyId, num)).toHaveLength(1);
  });

  it("sends each file of a multipart call, captioned by body or named by the file", async () => {
    const num = number();
    const form = new FormData();
    form.append("number", num);
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001" +
        "0d0a2db40000000049454e44ae426082",
      "hex",
    );
    form.append("medias", new Blob([new Uint8Array(png)], { type: "image/png" }), "nota.png");
    form.append("medias", new Blob([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")]), "boleto.pdf");
    const res = await fetch(`${core.url}/api/messages/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.a.token}` },
      body: form,
    });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.messages.map((m: { body: string; mediaType: string }) => [m.body, m.mediaType])).toEqual([
      ["nota.png", "image"],
      ["boleto.pdf", "application"],
    ]);
    expect(body.messages[0].mediaUrl).toMatch(new RegExp(`^/media/${w.a.companyId}/.+\\.png$`));
    expect(await messagesTo(w.a.companyId, num)).toHaveLength(2);
  });
});

describe("#external-api.refusals", () => {
  it("answers 401 ERR_INVALID_API_TOKEN without a token or with one no connection has", async () => {
    for (const token of [undefined, "", "x".repeat(30)]) {
      const res = await send(token, { number: number(), body: "Oi" });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("ERR_INVALID_API_TOKEN");
    }
    // A session token is not a connection token.
    const admin = await core.login("admin@chatflow.local", "chatflow");
    expect((await send(admin.token, { number: number(), body: "Oi" })).status).toBe(401);
  });

  it("answers 403 for a plan without useExternalApi and for an expired subscription, writing nothing", async () => {
    const noApi = await company({ useExternalApi: false });
    const expired = await company({ dueDate: "2020-01-01" });
    for (const c of [noApi, expired]) {
      const num = number();
      const res = await send(c.token, { number: num, body: "Oi" });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
      const contacts = await core.db.pool.query("SELECT 1 FROM contacts WHERE company_id = $1 AND number = $2", [
        c.companyId,
        num,
      ]);
      expect(contacts.rowCount).toBe(0);
    }
  });

  it("refuses a number with a mask or too short with a field error, and an empty text", async () => {
    for (const bad of ["+55 (11) 99999-0000", "5511-99990000", "1234", ""]) {
      const res = await send(w.a.token, { number: bad, body: "Oi" });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(res.body.fields.number).toBeTruthy();
    }
    const hugeId = await send(w.a.token, { number: number(), body: "Oi", userId: 2 ** 31 });
    expect([hugeId.status, hugeId.body.error]).toEqual([400, "ERR_VALIDATION"]);
    const nul = await send(w.a.token, { number: number(), body: "O\u0000i" });
    expect(nul.status).toBe(400);
    const empty = await send(w.a.token, { number: number(), body: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.body).toBeTruthy();
  });

  it("answers another company's userId and queueId as not found, and writes nothing", async () => {
    const num = number();
    const user = await send(w.a.token, { number: num, body: "Oi", userId: w.otherUserId });
    expect([user.status, user.body.error]).toEqual([404, "ERR_NO_USER_FOUND"]);
    const queue = await send(w.a.token, { number: num, body: "Oi", queueId: w.otherQueueId });
    expect([queue.status, queue.body.error]).toEqual([404, "ERR_NO_QUEUE_FOUND"]);
    const contacts = await core.db.pool.query("SELECT 1 FROM contacts WHERE company_id = $1 AND number = $2", [
      w.a.companyId,
      num,
    ]);
    expect(contacts.rowCount).toBe(0);
  });

  it("sends through the token's own company only: the same number in two companies is two contacts", async () => {
    const num = number();
    await send(w.a.token, { number: num, body: "De A" });
    await send(w.b.token, { number: num, body: "De B" });
    expect((await messagesTo(w.a.companyId, num)).map((m) => m.body)).toEqual(["De A"]);
    expect((await messagesTo(w.b.companyId, num)).map((m) => m.body)).toEqual(["De B"]);
  });
});

describe("#external-api.rate-limit", () => {
  const limited = coreForFile(() => ({
    limits: { ...core.config.limits, externalApiPerToken: { max: 2, windowSeconds: 600 } },
  }));
  it("answers 429 with Retry-After past the limit of a connection's token", async () => {
    const companyId = (await buildCompany(limited.db.pool)).id;
    const wa = await buildWhatsapp(limited.db.pool, { companyId, channel: "whatsapp" });
    const token = randomUUID().replaceAll("-", "").slice(0, 30);
    await limited.db.pool.query("UPDATE whatsapps SET token = $1 WHERE id = $2 AND company_id = $3", [
      token,
      wa.id,
      companyId,
    ]);
    const call = () =>
      fetch(`${limited.url}/api/messages/send`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ number: "5511988887777", body: "Oi" }),
      });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const third = await call();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses a bad template, contact card or interactive message with the field's error, and writes nothing", async () => {
    const num = number();
    const cases: [unknown, string, string][] = [
      [{ template: { name: "Pedido Enviado", language: "pt_BR" } }, "template.name", "Invalid template name"],
      [{ template: { name: "pedido", language: "portuguese" } }, "template.language", "Invalid language"],
      [
        {
          template: {
            name: "pedido",
            language: "pt_BR",
            components: [{ type: "body", parameters: [{ type: "text", text: "linha 1\nlinha 2" }] }],
          },
        },
        "template.components.0.parameters.0.text",
        "Sem quebras de linha, tabulações ou mais de quatro espaços seguidos",
      ],
      [
        {
          template: {
            name: "pedido",
            language: "pt_BR",
            components: [
              {
                type: "header",
                parameters: [
                  { type: "text", text: "a" },
                  { type: "text", text: "b" },
                ],
              },
            ],
          },
        },
        "template.components",
        "A header takes one value",
      ],
      [
        { template: { name: "pedido", language: "pt_BR", components: [{ type: "button", parameters: [] }] } },
        "template.components.0.type",
        "Only header and body components take values",
      ],
      [{ contact: { name: "", number: "5511933334444" } }, "contact.name", "Required"],
      [{ contact: { name: "Loja", number: "12" } }, "contact.number", "Invalid number"],
      [
        { interactive: { type: "list", title: "Menu", text: "Escolha", sections: [] } },
        "interactive.sections",
        "Add at least one option",
      ],
      [
        { interactive: { type: "url", copyText: "ftp://x", buttonText: "Abrir" } },
        "interactive.copyText",
        "Nenhum link disponível.",
      ],
      [{ interactive: { type: "poll" } }, "interactive.type", "Unknown interactive type: list, copy, call or url"],
      [
        { contact: { name: "Loja", number: "5511933334444" }, interactive: { type: "copy", copyText: "ABC" } },
        "interactive",
        "Send one of template, contact or interactive at a time",
      ],
    ];
    for (const [extra, field, message] of cases) {
      const res = await send(w.a.token, { number: num, ...(extra as object) });
      expect([res.status, res.body.error, res.body.fields?.[field]], field).toEqual([400, "ERR_VALIDATION", message]);
    }
    expect(await messagesTo(w.a.companyId, num)).toEqual([]);
    const contacts = await core.db.pool.query("SELECT 1 FROM contacts WHERE company_id = $1 AND number = $2", [
      w.a.companyId,
      num,
    ]);
    expect(contacts.rowCount).toBe(0);
  });

  it("refuses a template on a connection that is not the Cloud API with 409 ERR_WRONG_STATE, writing nothing", async () => {
    const num = number();
    const res = await send(w.a.token, { number: num, template: { name: "pedido_enviado", language: "pt_BR" } });
    expect([res.status, res.body.error]).toEqual([409, "ERR_WRONG_STATE"]);
    expect(await messagesTo(w.a.companyId, num)).toEqual([]);
  });

  it("stores a contact card and a copy-code button as the composer does, unsigned, once per Idempotency-Key", async () => {
    const num = number();
    const card = await send(w.a.token, {
      number: num,
      userId: w.agentId,
      sendSignature: true,
      contact: { name: "Suporte Loja", number: "+55 11 93333-4444" },
    });
    expect(card.status).toBe(200);
    const stored = await core.db.pool.query("SELECT body, media_type, data_json FROM messages WHERE id = $1", [
      card.body.messages[0].id,
    ]);
    expect(stored.rows[0]).toEqual({
      body: expect.stringContaining("TEL;type=CELL;waid=5511933334444:+5511933334444"),
      media_type: "contactMessage",
      data_json: { vCard: { name: "Suporte Loja", number: "5511933334444" } },
    });
    expect(stored.rows[0].body).not.toContain("Ana Lima");
    const key = randomUUID();
    const call = {
      number: num,
      interactive: { type: "copy", title: "Seu cupom", buttonText: "Copiar", copyText: "PROMO10" },
    };
    const first = await send(w.a.token, call, { "Idempotency-Key": key });
    const again = await send(w.a.token, call, { "Idempotency-Key": key });
    expect(first.status).toBe(200);
    expect(again.body.messages).toEqual(first.body.messages);
    expect(first.body.messages[0]).toMatchObject({ mediaType: "interactiveMessage" });
    expect((await messagesTo(w.a.companyId, num)).map((m) => m.media_type)).toEqual([
      "contactMessage",
      "interactiveMessage",
    ]);
  });
});
