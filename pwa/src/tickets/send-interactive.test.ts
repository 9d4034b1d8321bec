import "fake-indexeddb/auto";
import { MUTATIONS } from "@chatflow/core/contract/sync.ts";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { outboxMessageIds } from "../store/outbox.ts";
import { pushOutbox } from "../sync/push.ts";
import { buildTicket } from "../test-support/factories.ts";
import { BASE_URL, testApi } from "../test-support/fake-core.ts";
import { outboxWorldForFile } from "../test-support/outbox-world.ts";
import { type InteractiveInput, parseInteractive, sendInteractive } from "./send-interactive.ts";
import { queuedMedia } from "./send-media.ts";

const ticket = buildTicket({ id: 5, contactId: 2, lastMessage: "antes" });
const w = outboxWorldForFile(ticket);

function parsed(draft: InteractiveInput) {
  const result = parseInteractive(draft);
  if (!result.ok) throw new Error(result.error.issues.map((i) => i.message).join(", "));
  return result.message;
}

const messagesOf = (draft: InteractiveInput) => {
  const result = parseInteractive(draft);
  return result.ok ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("#tickets.parseInteractive (spec 1 §5, core's own schema)", () => {
  it("answers the spec's messages, with paths relative to the request", () => {
    expect(messagesOf({ type: "list", request: { title: " ", sections: [{ rows: [{ title: "Um" }] }] } })).toEqual({
      title: "Por favor, selecione um título.",
    });
    expect(messagesOf({ type: "list", request: { title: "Menu", sections: [{ rows: [{ title: "" }] }] } })).toEqual({
      "sections.0.rows.0.title": "Empty option",
    });
    expect(messagesOf({ type: "copy", request: { copyText: "  " } })).toEqual({
      copyText: "Nenhum conteúdo para copiar.",
    });
    expect(messagesOf({ type: "url", request: { copyText: "javascript:alert(1)" } })).toEqual({
      copyText: "Nenhum link disponível.",
    });
    expect(messagesOf({ type: "call", request: { copyText: "12" } })).toEqual({ copyText: "Invalid phone number" });
    expect(
      messagesOf({ type: "pix", request: { sendvalue: "0", sendkey_type: "CPF", sendKey: "123.456.789-09" } }),
    ).toEqual({ sendvalue: "Invalid value" });
    expect(
      messagesOf({ type: "pix", request: { sendvalue: "10", sendkey_type: "EMAIL", sendKey: "not-an-email" } }),
    ).toEqual({ sendKey: "Invalid PIX key" });
  });

  it("gives a PIX phone key the +55 prefix when it is missing, and keeps one already there", () => {
    const national = parsed({
      type: "pix",
      request: { title: "Pedido", sendvalue: "10,50", sendkey_type: "PHONE", sendKey: "(11) 91234-5678" },
    });
    expect(national.type === "pix" && national.request).toMatchObject({ sendKey: "+5511912345678", sendvalue: 10.5 });
    const foreign = parsed({
      type: "pix",
      request: { sendvalue: 3, sendkey_type: "PHONE", sendKey: "+351912345678" },
    });
    expect(foreign.type === "pix" && foreign.request.sendKey).toBe("+351912345678");
  });
});

describe("#tickets.sendInteractive", () => {
  it("writes a list as core stores it, with its mutation and the ticket's time (its preview stays the customer's)", async () => {
    const now = new Date("2025-03-04T05:06:07.000Z");
    const message = parsed({
      type: "list",
      request: {
        title: "Cardápio",
        text: "Escolha uma opção",
        buttonText: "Ver opções",
        sections: [{ title: "Pizzas", rows: [{ title: "Margherita", rowId: "1", description: "Clássica" }] }],
      },
    });
    const sent = await sendInteractive(w.db, { ticket, message, userId: 3, now });
    expect(sent).toMatchObject({
      body: "Cardápio\nEscolha uma opção",
      mediaType: "listMessage",
      ack: 0,
      dataJson: { type: "list", title: "Cardápio", buttonText: "Ver opções", footer: "" },
    });
    const [entry] = await w.db.outbox.toArray();
    expect(entry?.name).toBe("sendInteractiveMessage");
    expect(entry?.args).toEqual({ id: sent.id, ticketId: 5, message });
    expect(MUTATIONS.sendInteractiveMessage.safeParse(entry?.args).success).toBe(true);
    expect(await w.db.tickets.get(5)).toMatchObject({ lastMessage: "antes" });
    expect(await outboxMessageIds(w.db)).toEqual(new Set([sent.id]));
  });

  it("shows a PIX request's amount in the body and queues the normalised key", async () => {
    const message = parsed({
      type: "pix",
      request: { title: "Pedido 12", sendvalue: "1.234,5", sendkey_type: "PHONE", sendKey: "11912345678" },
    });
    const sent = await sendInteractive(w.db, { ticket, message, userId: 3 });
    expect(sent.body).toBe("Pedido 12\nPIX R$ 1234,50");
    expect(sent.dataJson).toMatchObject({ type: "pix", key: "+5511912345678", keyType: "PHONE", value: 1234.5 });
    const [entry] = await w.db.outbox.toArray();
    expect(entry?.args).toMatchObject({ message: { type: "pix", request: { sendKey: "+5511912345678" } } });
  });

  it("is pushed once, and a refusal marks it failed with the reason", async () => {
    const copy = parsed({ type: "copy", request: { title: "Cupom", copyText: "DESCONTO10" } });
    await sendInteractive(w.db, { ticket, message: copy, userId: 3 });
    expect(await pushOutbox({ db: w.db, api: testApi() })).toEqual({ accepted: 1, rejected: 0 });
    expect(w.core.pushes.flatMap((p) => p.mutations.map((m) => m.name))).toEqual(["sendInteractiveMessage"]);

    w.core.refuse.set(5, { error: "ERR_WRONG_STATE", message: "The ticket is closed" });
    const refused = await sendInteractive(w.db, { ticket, message: copy, userId: 3 });
    expect(await pushOutbox({ db: w.db, api: testApi() })).toEqual({ accepted: 0, rejected: 1 });
    expect(await w.db.messages.get(refused.id)).toMatchObject({ ack: -1, errorCode: "ERR_WRONG_STATE" });
  });

  it("keeps a header image in the outbox and sends it once by REST under the message's id, after a failed try too", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const image = new File([png], "banner.png", { type: "image/png" });
    const url = parsed({
      type: "url",
      request: { title: "Oferta", buttonText: "Abrir", copyText: "https://example.com/o" },
    });
    const sent = await sendInteractive(w.db, { ticket, message: url, userId: 3, image });
    const [entry] = await w.db.outbox.toArray();
    expect(entry).toMatchObject({
      name: "upload",
      args: { kind: "interactive", id: sent.id, ticketId: 5, message: url },
    });
    // The bubble shows the image from the outbox until core has stored it.
    expect(new Uint8Array(await (await queuedMedia(w.db, sent.id))!.arrayBuffer())).toEqual(png);
    expect(await outboxMessageIds(w.db)).toEqual(new Set([sent.id]));

    const bodies: Record<string, unknown>[] = [];
    let fail = true;
    w.server.use(
      http.post(`${BASE_URL}/messages/URL/5`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        if (fail) return HttpResponse.json({ error: "ERR_INTERNAL", message: "down" }, { status: 503 });
        return HttpResponse.json({
          ...sent,
          ack: 1,
          dataJson: { ...(sent.dataJson as object), imageUrl: "/media/1/x-header.png" },
        });
      }),
    );
    await expect(pushOutbox({ db: w.db, api: testApi() })).rejects.toThrow();
    expect(await w.db.outbox.count()).toBe(1);
    fail = false;
    expect(await pushOutbox({ db: w.db, api: testApi() })).toEqual({ accepted: 1, rejected: 0 });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      id: sent.id,
      title: "Oferta",
      description: "",
      buttonText: "Abrir",
      copyText: "https://example.com/o",
      image: Buffer.from(png).toString("base64"),
    });
    expect(await w.db.outbox.count()).toBe(0);
    expect(await w.db.messages.get(sent.id)).toMatchObject({ ack: 1, dataJson: { imageUrl: "/media/1/x-header.png" } });
    expect(w.core.pushes).toHaveLength(0);
  });

  it("refuses a header image that is not an image or is over 1 MB, writing nothing", async () => {
    const copy = parsed({ type: "copy", request: { copyText: "CUPOM" } });
    const svg = new File(["<svg/>"], "x.txt", { type: "text/plain" });
    await expect(sendInteractive(w.db, { ticket, message: copy, userId: 3, image: svg })).rejects.toThrow(
      "Invalid image",
    );
    const big = new File([new Uint8Array(1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await expect(sendInteractive(w.db, { ticket, message: copy, userId: 3, image: big })).rejects.toThrow(
      "Image too large",
    );
    expect(await w.db.outbox.count()).toBe(0);
    expect(await w.db.messages.count()).toBe(0);
  });
});
