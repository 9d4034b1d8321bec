import type { SendError } from "@chatflow/core/kernel/send-error.ts";
import { saveMedia } from "@chatflow/core/media/media-store.ts";
import { startFakeGraphPages } from "@chatflow/core/testing/fake-graph-pages.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { testDbForFile, tmpDirForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { messageState, setupCloudConnection, TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker } from "../worker.ts";
import type { Channel, OutboundMessage } from "./adapter.ts";
import { messengerAdapter } from "./messenger.ts";

const graph = forFile(() => startFakeGraphPages(), { afterEach: (g) => g.reset(), stop: (g) => g.close() });
const dataDir = tmpDirForFile("messenger-");
const db = testDbForFile();

const PAGE = "100200300";
const TOKEN = "page-token";
const PSID = "700800900";
const IGSID = "17841400000000001";
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

const message: OutboundMessage = {
  id: "0190d7a0-0000-7000-8000-0000000000f1",
  companyId: 1,
  ticketId: 1,
  to: PSID,
  body: "Olá!",
  mediaType: "chat",
  mediaUrl: null,
  dataJson: null,
  quotedRemoteId: null,
};

function adapter(channel: Channel = "facebook") {
  graph.user("1", "user", [{ id: PAGE, name: "Loja", accessToken: TOKEN }]);
  return messengerAdapter(
    { id: 7, companyId: 1, name: "FB", channel, phoneNumberId: null, accessToken: TOKEN, token: null, pageId: PAGE },
    { onInbound: async () => {}, onStatus: () => {} },
    { url: graph.url, version: "v21.0", timeoutMs: 2000 },
    { dataDir: dataDir.path },
  );
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: SendError) => e,
  );

describe("#messenger.send", () => {
  it("sends a text as the page through the Send API, with our id as metadata and the quoted message", async () => {
    const res = await adapter().send({ ...message, quotedRemoteId: "m_quoted" });
    expect(res).toEqual({ remoteId: expect.stringMatching(/^m_FAKE\d+$/) });
    expect(graph.sends).toEqual([
      {
        pageId: PAGE,
        authorization: `Bearer ${TOKEN}`,
        body: {
          recipient: { id: PSID },
          messaging_type: "RESPONSE",
          message: { text: "Olá!", metadata: message.id, reply_to: { mid: "m_quoted" } },
        },
        file: null,
      },
    ]);
  });

  it("answers a website plugin's guest, known by its user_ref, through the Send API's recipient.user_ref", async () => {
    await adapter().send({ ...message, to: "user_ref:f3b2c1d0-guest-7a8e" });
    expect(graph.sends[0]!.body.recipient).toEqual({ user_ref: "f3b2c1d0-guest-7a8e" });
  });

  it("sends an interactive list as quick replies within Messenger's bounds, or as numbered text past 13 rows", async () => {
    const list = (rows: { title: string; rowId?: string }[]) => ({
      ...message,
      mediaType: "listMessage",
      body: "Atendimento\nEscolha uma opção",
      dataJson: { type: "list", title: "Atendimento", text: "Escolha uma opção", footer: "Loja", sections: [{ rows }] },
    });
    await adapter().send(
      list([
        { title: "Vendas", rowId: "opt-vendas" },
        { title: "Suporte técnico especializado" },
        { title: "Financeiro" },
      ]),
    );
    expect(graph.sends[0]!.body.message).toEqual({
      text: "Atendimento\nEscolha uma opção\n\n1. Vendas\n2. Suporte técnico especializado\n3. Financeiro\n\nLoja",
      quick_replies: [
        { content_type: "text", title: "Vendas", payload: "opt-vendas" },
        { content_type: "text", title: "Suporte técnico esp…", payload: "Suporte técnico especializado" },
        { content_type: "text", title: "Financeiro", payload: "Financeiro" },
      ],
      metadata: message.id,
    });
    graph.reset();
    await adapter().send(list(Array.from({ length: 14 }, (_, i) => ({ title: `Opção ${i + 1}` }))));
    const long = graph.sends[0]!.body.message!;
    expect(long.quick_replies).toBeUndefined();
    expect(String(long.text)).toContain("14. Opção 14");
    // The stand-in refuses what Meta refuses: a title past 20 characters.
    const refused = await fetch(`${graph.url}/v21.0/${PAGE}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        recipient: { id: PSID },
        message: { text: "x", quick_replies: [{ content_type: "text", title: "x".repeat(21), payload: "x" }] },
      }),
    });
    expect(refused.status).toBe(400);
  });

  it("sends a link or call-me button as a button template, and what Messenger has no button for as text", async () => {
    const buttons = (dataJson: Record<string, unknown>, body = "Veja o seu pedido") => ({
      ...message,
      mediaType: "interactiveMessage",
      body,
      dataJson,
    });
    await adapter().send(
      buttons({ type: "url", buttonText: "Acompanhar o pedido agora", url: "https://loja.example/pedido/42" }),
    );
    expect(graph.sends[0]!.body.message).toEqual({
      attachment: {
        type: "template",
        payload: {
          template_type: "button",
          text: "Veja o seu pedido",
          buttons: [{ type: "web_url", url: "https://loja.example/pedido/42", title: "Acompanhar o pedido…" }],
        },
      },
      metadata: message.id,
    });
    await adapter().send(
      buttons({ type: "call", buttonText: "Ligar", phoneNumber: "55 (11) 3333-4444" }, "Fale conosco"),
    );
    expect(graph.sends[1]!.body.message).toMatchObject({
      attachment: { payload: { buttons: [{ type: "phone_number", title: "Ligar", payload: "+551133334444" }] } },
    });
    // A copy-code button has no Messenger form: the code goes in the text.
    await adapter().send(buttons({ type: "copy", buttonText: "Copiar", copyCode: "CUPOM10" }, "Seu cupom"));
    expect(graph.sends[2]!.body.message).toEqual({ text: "Seu cupom\n\nCUPOM10", metadata: message.id });
    // Instagram documents the button template with web_url buttons (Instagram Messaging, "Button Template"), and no
    // phone_number button: a call-me button goes there as text carrying the number.
    graph.instagramRecipients.add(IGSID);
    await adapter("instagram").send({
      ...buttons({ type: "url", buttonText: "Abrir", url: "https://loja.example/x" }),
      to: IGSID,
    });
    expect(graph.sends[3]!.body.message).toEqual({
      attachment: {
        type: "template",
        payload: {
          template_type: "button",
          text: "Veja o seu pedido",
          buttons: [{ type: "web_url", url: "https://loja.example/x", title: "Abrir" }],
        },
      },
      metadata: message.id,
    });
    await adapter("instagram").send({
      ...buttons({ type: "call", buttonText: "Ligar", phoneNumber: "55 (11) 3333-4444" }, "Fale conosco"),
      to: IGSID,
    });
    expect(graph.sends[4]!.body.message).toEqual({ text: "Fale conosco\n\n55 (11) 3333-4444", metadata: message.id });
    // The stand-in refuses what Meta refuses: four buttons.
    const refused = await fetch(`${graph.url}/v21.0/${PAGE}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        recipient: { id: PSID },
        message: {
          attachment: {
            type: "template",
            payload: {
              template_type: "button",
              text: "x",
              buttons: Array.from({ length: 4 }, () => ({ type: "web_url", url: "https://a.example", title: "a" })),
            },
          },
        },
      }),
    });
    expect(refused.status).toBe(400);
  });

  it("sends a location and a contact card as generic templates, with a map link or a call button where the platform has one", async () => {
    // A location forwarded from a WhatsApp ticket: Baileys' payload, and the text core stored for it.
    const location = {
      ...message,
      mediaType: "locationMessage",
      body: "Loja Centro\nAv. Paulista, 1000 - São Paulo\nhttps://maps.google.com/maps?q=-23.5614,-46.6559",
      dataJson: { latitude: -23.5614, longitude: -46.6559 },
    };
    const map = "https://maps.google.com/maps?q=-23.5614,-46.6559";
    await adapter().send(location);
    expect(graph.sends[0]!.body.message).toEqual({
      attachment: {
        type: "template",
        payload: {
          template_type: "generic",
          elements: [
            {
              title: "Loja Centro",
              subtitle: "Av. Paulista, 1000 - São Paulo",
              default_action: { type: "web_url", url: map },
              buttons: [{ type: "web_url", url: map, title: "Abrir no mapa" }],
            },
          ],
        },
      },
      metadata: message.id,
    });
    // One from the Cloud API (its `location` object) without a name: the coordinates are the title, on Instagram too.
    graph.instagramRecipients.add(IGSID);
    await adapter("instagram").send({
      ...location,
      to: IGSID,
      body: "https://maps.google.com/maps?q=-22.9,-43.2",
      dataJson: { type: "location", location: { latitude: -22.9, longitude: -43.2 } },
    });
    expect(graph.sends[1]!.body.message).toMatchObject({
      attachment: { payload: { elements: [{ title: "-22.9, -43.2", buttons: [{ type: "web_url" }] }] } },
    });
    expect(graph.sends[1]!.body.message).not.toHaveProperty("attachment.payload.elements.0.subtitle");
    // Without coordinates anywhere: its text, as before.
    await adapter().send({ ...location, body: "Em algum lugar", dataJson: null });
    expect(graph.sends[2]!.body.message).toEqual({ text: "Em algum lugar", metadata: message.id });

    // A contact card as core stores it (spec 1 §4): the vCard text and { vCard: { name, number } }.
    const card = {
      ...message,
      mediaType: "contactMessage",
      body: "BEGIN:VCARD\nVERSION:3.0\nN:Maria Souza;;;\nFN:Maria Souza\nTEL;type=CELL;waid=5511988887777:+5511988887777\nEND:VCARD",
      dataJson: { vCard: { name: "Maria Souza", number: "5511988887777" } },
    };
    await adapter().send(card);
    expect(graph.sends[3]!.body.message).toEqual({
      attachment: {
        type: "template",
        payload: {
          template_type: "generic",
          elements: [
            {
              title: "Maria Souza",
              subtitle: "+5511988887777",
              buttons: [{ type: "phone_number", title: "Ligar", payload: "+5511988887777" }],
            },
          ],
        },
      },
      metadata: message.id,
    });
    // Instagram has no phone_number button: the name and the number only. A card read from its vCard alone works too.
    await adapter("instagram").send({ ...card, to: IGSID, dataJson: null });
    expect(graph.sends[4]!.body.message).toEqual({
      attachment: {
        type: "template",
        payload: { template_type: "generic", elements: [{ title: "Maria Souza", subtitle: "+5511988887777" }] },
      },
      metadata: message.id,
    });
    // The stand-in refuses what Meta refuses: a phone_number button to an Instagram user, an element with a title only.
    const post = (to: string, element: Record<string, unknown>) =>
      fetch(`${graph.url}/v21.0/${PAGE}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({
          recipient: { id: to },
          message: { attachment: { type: "template", payload: { template_type: "generic", elements: [element] } } },
        }),
      });
    const call = { title: "x", buttons: [{ type: "phone_number", title: "Ligar", payload: "+5511988887777" }] };
    expect((await post(IGSID, call)).status).toBe(400);
    expect((await post(PSID, call)).status).toBe(200);
    expect((await post(PSID, { title: "só o título" })).status).toBe(400);
  });

  it("sends media as one multipart request carrying the file, then the caption as text", async () => {
    const stored = await saveMedia(dataDir.path, 1, "foto.png", PNG);
    const res = await adapter().send({ ...message, mediaType: "image", mediaUrl: stored.url, body: "Veja a foto" });
    expect(res.remoteId).toMatch(/^m_FAKE/);
    expect(graph.sends).toHaveLength(2);
    const [file, caption] = graph.sends;
    expect(file!.body.message).toEqual({
      attachment: { type: "image", payload: { is_reusable: false } },
      metadata: message.id,
    });
    expect(file!.file).toEqual({ bytes: PNG, type: "image/png", name: "foto.png" });
    expect(caption!.body.message).toEqual({ text: "Veja a foto", metadata: `${message.id}:caption` });
    // A body that is only the file's name is no caption.
    graph.reset();
    await adapter().send({ ...message, mediaType: "application", mediaUrl: stored.url, body: "foto.png" });
    expect(graph.sends.map((s) => s.body.message?.attachment)).toEqual([
      { type: "file", payload: { is_reusable: false } },
    ]);
  });

  it("fails a send Graph refuses as outside the 24-hour window for good, with its own reason", async () => {
    for (const [channel, subcode] of [
      ["facebook", 2018278],
      ["instagram", 2534022],
    ] as const) {
      graph.sendReply = () => ({
        status: 400,
        body: {
          error: { message: "(#10) This message is sent outside of allowed window.", code: 10, error_subcode: subcode },
        },
      });
      const err = await failure(adapter(channel).send(message));
      expect(err).toMatchObject({ kind: "permanent", code: "ERR_OUTSIDE_MESSAGING_WINDOW" });
      expect(err!.message).toContain("outside the 24-hour messaging window");
      // Meta's reason goes with it, for the conversation to show as a failed status's (dataJson.deliveryFailure).
      expect(err!.failure).toMatchObject({ kind: "window", retry: false, code: 10, subcode });
    }
  });

  it.each([
    [400, 613, "retryable-not-delivered"],
    [429, 4, "retryable-not-delivered"],
    [400, 100, "permanent"],
    [500, 2, "retryable-maybe-delivered"],
  ])("classifies HTTP %i (code %i) as %s", async (status, code, kind) => {
    graph.sendReply = () => ({ status, body: { error: { message: "refused", code } } });
    expect(await failure(adapter().send(message))).toMatchObject({ kind, code: "ERR_SENDING_WAPP_MSG" });
  });

  it("refuses documents on Instagram and media without a stored file, without calling the Graph API", async () => {
    const stored = await saveMedia(dataDir.path, 1, "doc.pdf", PNG);
    const doc = await failure(
      adapter("instagram").send({ ...message, mediaType: "application", mediaUrl: stored.url }),
    );
    expect(doc).toMatchObject({ kind: "permanent" });
    const gone = await failure(adapter().send({ ...message, mediaType: "image", mediaUrl: "/media/1/gone.png" }));
    expect(gone).toMatchObject({ kind: "permanent", code: "ERR_MEDIA_NOT_FOUND" });
    expect(graph.sends).toEqual([]);
  });
});

describe("#worker facebook connections", () => {
  it("sends a queued reply on a facebook connection once through the Send API and records its id", async () => {
    const c = await setupCloudConnection(db.pool);
    graph.user("2", "user", [{ id: PAGE, name: "Loja", accessToken: TOKEN }]);
    await db.pool.query(
      `UPDATE whatsapps SET channel = 'facebook', phone_number_id = NULL, page_id = $2, account_id = $2,
         access_token = $3 WHERE id = $1`,
      [c.whatsappId, PAGE, TOKEN],
    );
    const id = await c.enqueue("Resposta pelo Messenger");
    const worker = await startWorker({ databaseUrl: db.url, graphApiUrl: graph.url, ...TEST_WORKER });
    try {
      const state = await waitFor(async () => {
        const s = await messageState(db.pool, id);
        return s.send_state === "sent" ? s : null;
      }, "the reply sent");
      expect(state).toMatchObject({ remote_id: expect.stringMatching(/^m_FAKE\d+$/), ack: 1, error_code: null });
      await worker.drained();
      expect(graph.sends.map((s) => [s.pageId, s.body.recipient?.id, s.body.message?.text])).toEqual([
        [PAGE, c.contactNumber, "Resposta pelo Messenger"],
      ]);
    } finally {
      await worker.stop();
    }
  });
});
