// The external messages API end to end (spec 3 §7): a call to core's POST /api/messages/send with a Cloud API
// connection's token is queued by core and sent by the channel worker to the (fake) Graph API, once, even when
// the call is retried with the same Idempotency-Key. Templates (the way past the 24-hour window), contact cards and
// interactive messages go out as the Graph API's own template, contacts and interactive messages (decision 0116).
import { randomUUID } from "node:crypto";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { afterEach, describe, expect, it } from "vitest";
import { fakeGraphApiForFile, sentTexts } from "../testing/fake-graph-api.ts";
import {
  contactWrote,
  messageState,
  setupCloudConnection,
  TEST_WORKER,
  waitFor,
} from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";

const fake = fakeGraphApiForFile();
const core = coreForFile(() => ({ graphApiUrl: fake.url }));
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

async function cloudWithToken() {
  const c = await setupCloudConnection(core.db.pool);
  const token = randomUUID().replaceAll("-", "").slice(0, 30);
  await core.db.pool.query("UPDATE whatsapps SET token = $1 WHERE id = $2 AND company_id = $3", [
    token,
    c.whatsappId,
    c.companyId,
  ]);
  return { ...c, token };
}

const send = (token: string, body: unknown, key?: string) =>
  fetch(`${core.url}/api/messages/send`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      ...(key ? { "Idempotency-Key": key } : {}),
    },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

describe("#external-api.outbound", () => {
  it("reaches the Cloud API once for a call retried with the same Idempotency-Key", async () => {
    const c = await cloudWithToken();
    await contactWrote(core.db.pool, c);
    const key = randomUUID();
    const call = { number: c.contactNumber, body: "Seu boleto vence amanhã", closeTicket: true };
    const first = await send(c.token, call, key);
    expect(first.status).toBe(200);
    expect(first.body.ticket).toMatchObject({ id: c.ticketId, status: "closed" });
    worker = await startWorker({ databaseUrl: core.databaseUrl, graphApiUrl: fake.url, ...TEST_WORKER });
    const id = first.body.messages[0].id as string;
    await waitFor(async () => (await messageState(core.db.pool, id)).send_state === "sent", "the message to be sent");
    // The caller never got the answer and calls again: nothing new is stored or sent.
    const retry = await send(c.token, call, key);
    expect(retry.body.messages[0]).toMatchObject({ id, sendState: "sent", ack: 1 });
    await worker.drained();
    expect(sentTexts(fake).filter((t) => t === "Seu boleto vence amanhã")).toHaveLength(1);
    expect(fake.requests.filter((r) => r.body.to === c.contactNumber)).toHaveLength(1);
  });

  it("refuses a free-form text to a contact outside the 24-hour window of the Cloud API", async () => {
    const c = await cloudWithToken();
    const res = await send(c.token, { number: c.contactNumber, body: "Oi" });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_OUTSIDE_MESSAGING_WINDOW");
  });

  it("sends an approved template past the 24-hour window, as the Graph API's template message with its values", async () => {
    const c = await cloudWithToken();
    // The contact never wrote: a text is refused (above), a template goes.
    const res = await send(c.token, {
      number: c.contactNumber,
      template: {
        name: "pedido_enviado",
        language: "pt_BR",
        components: [
          { type: "header", parameters: [{ type: "text", text: "Pedido 42" }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Maria" },
              { type: "text", text: "amanhã" },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.messages[0]).toMatchObject({
      mediaType: "template",
      body: "pedido_enviado (pt_BR): Pedido 42 | Maria | amanhã",
      sendState: "queued",
    });
    worker = await startWorker({ databaseUrl: core.databaseUrl, graphApiUrl: fake.url, ...TEST_WORKER });
    const id = res.body.messages[0].id as string;
    await waitFor(async () => (await messageState(core.db.pool, id)).send_state === "sent", "the template to be sent");
    const sent = fake.requests.filter((r) => r.body.to === c.contactNumber);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      type: "template",
      template: {
        name: "pedido_enviado",
        language: { code: "pt_BR" },
        components: [
          { type: "header", parameters: [{ type: "text", text: "Pedido 42" }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Maria" },
              { type: "text", text: "amanhã" },
            ],
          },
        ],
      },
    });
  });

  it("sends a contact card and an interactive list inside the window as the Graph API's contacts and list", async () => {
    const c = await cloudWithToken();
    await contactWrote(core.db.pool, c);
    const card = await send(c.token, {
      number: c.contactNumber,
      contact: { name: "Suporte Loja", number: "5511933334444" },
    });
    expect(card.status).toBe(200);
    expect(card.body.messages[0]).toMatchObject({ mediaType: "contactMessage", sendState: "queued" });
    const list = await send(c.token, {
      number: c.contactNumber,
      interactive: {
        type: "list",
        title: "Horários",
        text: "Escolha um horário",
        buttonText: "Ver horários",
        sections: [
          {
            title: "Manhã",
            rows: [
              { title: "09:00", rowId: "h9" },
              { title: "10:00", rowId: "h10" },
            ],
          },
        ],
      },
    });
    expect(list.status).toBe(200);
    expect(list.body.messages[0]).toMatchObject({ mediaType: "listMessage", sendState: "queued" });
    worker = await startWorker({ databaseUrl: core.databaseUrl, graphApiUrl: fake.url, ...TEST_WORKER });
    for (const id of [card.body.messages[0].id, list.body.messages[0].id]) {
      await waitFor(async () => (await messageState(core.db.pool, id)).send_state === "sent", "the message to be sent");
    }
    const sent = fake.requests.filter((r) => r.body.to === c.contactNumber).map((r) => r.body);
    expect(sent).toEqual([
      expect.objectContaining({
        type: "contacts",
        contacts: [expect.objectContaining({ name: expect.objectContaining({ formatted_name: "Suporte Loja" }) })],
      }),
      expect.objectContaining({
        type: "interactive",
        interactive: expect.objectContaining({
          type: "list",
          action: expect.objectContaining({
            button: "Ver horários",
            sections: [
              {
                title: "Manhã",
                rows: [
                  expect.objectContaining({ id: "h9", title: "09:00" }),
                  expect.objectContaining({ id: "h10", title: "10:00" }),
                ],
              },
            ],
          }),
        }),
      }),
    ]);
  });
});
