// The Cloud API adapter beyond text: media uploaded then sent by id, contact
// cards, interactive lists and URL buttons, against the fake Graph API.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { SendError } from "@chatflow/core/kernel/send-error.ts";
import { saveMedia } from "@chatflow/core/media/media-store.ts";
import { tmpDirForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile } from "../testing/fake-graph-api.ts";
import type { ChannelAdapter, OutboundMessage } from "./adapter.ts";
import { FFMPEG, isOggOpus } from "./voice-note.ts";
import { whatsappCloudAdapter } from "./whatsapp-cloud.ts";

const COMPANY = 3;
const fake = fakeGraphApiForFile();
const media = tmpDirForFile("chatflow-cloud-media-");

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 1, 2, 3]);
const OGG = new TextEncoder().encode("OggS fake voice note");
const PDF = new TextEncoder().encode("%PDF-1.4 fake invoice");

function adapter(): ChannelAdapter {
  return whatsappCloudAdapter(
    {
      id: 9,
      companyId: COMPANY,
      name: "Cloud",
      channel: "whatsappapi",
      phoneNumberId: "5550001",
      accessToken: "media-token",
      token: null,
    },
    { onInbound: async () => {}, onStatus: () => {} },
    { url: fake.url, version: "v21.0", timeoutMs: 2000 },
    { dataDir: media.path },
  );
}

let n = 0;
function message(o: Partial<OutboundMessage>): OutboundMessage {
  return {
    id: `0190d7a0-0000-7000-8000-${String(++n).padStart(12, "0")}`,
    companyId: COMPANY,
    ticketId: 1,
    to: "5511999990000",
    body: "",
    mediaType: "chat",
    mediaUrl: null,
    dataJson: null,
    quotedRemoteId: null,
    ...o,
  };
}

/** Stores a file the way core does for an upload; answers its mediaUrl. */
const stored = async (name: string, bytes: Uint8Array, companyId = COMPANY) =>
  (await saveMedia(media.path, companyId, name, bytes)).url;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: SendError) => e,
  );

describe("#whatsapp-cloud.media", () => {
  it("uploads an image with the connection's token, then sends it by the uploaded id with its caption", async () => {
    const mediaUrl = await stored("praia.jpg", JPEG);
    const outgoing = message({ mediaType: "image", mediaUrl, body: "Olha a foto" });
    const sent = await adapter().send(outgoing);

    expect(fake.uploads).toHaveLength(1);
    const upload = fake.uploads[0]!;
    expect(upload).toMatchObject({
      phoneNumberId: "5550001",
      authorization: "Bearer media-token",
      messagingProduct: "whatsapp",
      type: "image/jpeg",
      fileType: "image/jpeg",
      fileName: "praia.jpg",
    });
    expect(new Uint8Array(upload.bytes)).toEqual(JPEG);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5511999990000",
      type: "image",
      image: { id: upload.id, caption: "Olha a foto" },
      biz_opaque_callback_data: outgoing.id,
    });
    expect(sent.remoteId).toMatch(/^wamid\./);
  });

  it("sends no caption when the body is only the file name core put there", async () => {
    const mediaUrl = await stored("IMG_0001.jpg", JPEG);
    await adapter().send(message({ mediaType: "image", mediaUrl, body: "IMG_0001.jpg" }));
    expect(fake.requests[0]!.body.image).toEqual({ id: fake.uploads[0]!.id });
  });

  it("sends an audio without caption, whatever the body says", async () => {
    const mediaUrl = await stored("nota de voz.ogg", OGG);
    await adapter().send(message({ mediaType: "audio", mediaUrl, body: "a caption audio cannot carry" }));
    expect(fake.uploads[0]).toMatchObject({ type: "audio/ogg", fileName: "nota_de_voz.ogg" });
    expect(new Uint8Array(fake.uploads[0]!.bytes)).toEqual(OGG);
    expect(fake.requests[0]!.body).toMatchObject({ type: "audio", audio: { id: fake.uploads[0]!.id } });
    expect(fake.requests[0]!.body.audio).not.toHaveProperty("caption");
  });

  it("sends the composer's recording as a voice message: converted to Ogg/Opus, with voice", async () => {
    const out = path.join(media.path, "tone.m4a");
    await promisify(execFile)(FFMPEG, [
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=duration=1",
      "-c:a",
      "aac",
      out,
    ]);
    const mediaUrl = await stored("audio-1764400000000.m4a", new Uint8Array(await readFile(out)));
    await adapter().send(message({ mediaType: "audio", mediaUrl, body: "" }));
    expect(fake.uploads[0]).toMatchObject({ type: "audio/ogg", fileName: "audio-1764400000000.ogg" });
    expect(isOggOpus(fake.uploads[0]!.bytes)).toBe(true);
    expect(fake.requests[0]!.body).toMatchObject({ type: "audio", audio: { id: fake.uploads[0]!.id, voice: true } });
    // An audio file attached as a file is not a voice message.
    fake.reset();
    const song = await stored("musica.m4a", new Uint8Array(await readFile(out)));
    await adapter().send(message({ mediaType: "audio", mediaUrl: song, body: "" }));
    expect(fake.uploads[0]).toMatchObject({ type: "audio/mp4" });
    expect(fake.requests[0]!.body.audio).not.toHaveProperty("voice");
  });

  it("sends a document with the file name the agent gave it, accents kept", async () => {
    const mediaUrl = await stored("orçamento março.pdf", PDF);
    await adapter().send(message({ mediaType: "application", mediaUrl, body: "orçamento março.pdf" }));
    expect(fake.uploads[0]).toMatchObject({ type: "application/pdf" });
    expect(fake.requests[0]!.body).toMatchObject({
      type: "document",
      document: { id: fake.uploads[0]!.id, filename: "orçamento março.pdf" },
    });
    expect(fake.requests[0]!.body.document).not.toHaveProperty("caption");
  });

  it("sends a document with a caption and its stored name when the agent typed one", async () => {
    const mediaUrl = await stored("contrato.docx", PDF);
    await adapter().send(message({ mediaType: "application", mediaUrl, body: "Segue o contrato" }));
    expect(fake.uploads[0]!.type).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(fake.requests[0]!.body.document).toEqual({
      id: fake.uploads[0]!.id,
      caption: "Segue o contrato",
      filename: "contrato.docx",
    });
  });

  it("sends an image format WhatsApp does not show inline (GIF) as a document rather than failing", async () => {
    const mediaUrl = await stored("anim.gif", Uint8Array.from([0x47, 0x49, 0x46, 0x38]));
    await adapter().send(message({ mediaType: "image", mediaUrl, body: "anim.gif" }));
    expect(fake.requests[0]!.body).toMatchObject({ type: "document", document: { filename: "anim.gif" } });
  });

  it("uploads a file once for several messages naming it", async () => {
    const mediaUrl = await stored("promo.jpg", JPEG);
    const a = adapter();
    await a.send(message({ mediaType: "image", mediaUrl, body: "promo.jpg" }));
    await a.send(message({ mediaType: "image", mediaUrl, body: "promo.jpg", to: "5511888880000" }));
    expect(fake.uploads).toHaveLength(1);
    expect(fake.requests.map((r) => (r.body.image as { id: string }).id)).toEqual([
      fake.uploads[0]!.id,
      fake.uploads[0]!.id,
    ]);
  });

  it("quotes the original on a media reply", async () => {
    const mediaUrl = await stored("reply.jpg", JPEG);
    await adapter().send(message({ mediaType: "image", mediaUrl, body: "x", quotedRemoteId: "wamid.Q" }));
    expect(fake.requests[0]!.body).toMatchObject({ type: "image", context: { message_id: "wamid.Q" } });
  });

  it("fails for good, sending nothing, when the stored file is gone", async () => {
    const mediaUrl = `/media/${COMPANY}/0190d7a0-0000-7000-8000-00000000dead-gone.jpg`;
    const err = await failure(adapter().send(message({ mediaType: "image", mediaUrl, body: "gone.jpg" })));
    expect(err).toMatchObject({ kind: "permanent", code: "ERR_MEDIA_NOT_FOUND" });
    expect(fake.uploads).toHaveLength(0);
    expect(fake.requests).toHaveLength(0);
  });

  it("never uploads another company's file, even when its mediaUrl is forged onto the message", async () => {
    const othersUrl = await stored("secret.pdf", PDF, COMPANY + 1);
    const err = await failure(adapter().send(message({ mediaType: "application", mediaUrl: othersUrl, body: "x" })));
    expect(err).toMatchObject({ kind: "permanent", code: "ERR_MEDIA_NOT_FOUND" });
    expect(fake.uploads).toHaveLength(0);
  });

  it.each([
    [500, 1, "retryable-not-delivered"],
    [429, 130429, "retryable-not-delivered"],
    [400, 131053, "permanent"],
  ])("treats an upload answered %i (code %i) as %s, and sends no message", async (status, code, kind) => {
    const mediaUrl = await stored("retry.jpg", JPEG);
    fake.uploadReply = () => ({ status, body: { error: { message: "upload refused", code } } });
    const err = await failure(adapter().send(message({ mediaType: "image", mediaUrl, body: "x" })));
    expect(err).toMatchObject({ kind });
    expect(fake.uploads).toHaveLength(1);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("#whatsapp-cloud.structured", () => {
  it("sends a contact card as a contacts message with the card's name and number", async () => {
    await adapter().send(
      message({
        mediaType: "contactMessage",
        body: "BEGIN:VCARD\nVERSION:3.0\nN:;Ana Souza;;;\nFN:Ana Souza\nTEL;type=CELL;waid=5511912345678:+5511912345678\nEND:VCARD",
        dataJson: { vCard: { name: "Ana Souza", number: "5511912345678" } },
      }),
    );
    expect(fake.requests[0]!.body).toMatchObject({
      type: "contacts",
      contacts: [
        {
          name: { formatted_name: "Ana Souza", first_name: "Ana Souza" },
          phones: [{ phone: "+5511912345678", type: "CELL", wa_id: "5511912345678" }],
        },
      ],
    });
    expect(fake.uploads).toHaveLength(0);
  });

  it("reads a forwarded card without payload back from its vCard text", async () => {
    await adapter().send(
      message({
        mediaType: "contactMessage",
        body: "BEGIN:VCARD\nVERSION:3.0\nFN:Jo\\, Filho\nTEL;type=CELL;waid=5521988887777:+5521988887777\nEND:VCARD",
      }),
    );
    expect(fake.requests[0]!.body.contacts).toEqual([
      {
        name: { formatted_name: "Jo, Filho", first_name: "Jo, Filho" },
        phones: [{ phone: "+5521988887777", type: "CELL", wa_id: "5521988887777" }],
      },
    ]);
  });

  it("sends a list as an interactive list within the Cloud API's limits (10 rows, titles cut)", async () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ title: `Opção ${i + 1}`, rowId: `r${i + 1}` }));
    await adapter().send(
      message({
        mediaType: "listMessage",
        body: "Atendimento\nEscolha um assunto",
        dataJson: {
          type: "list",
          title: "Atendimento",
          text: "Escolha um assunto",
          buttonText: "Ver todas as opções disponíveis",
          footer: "Chat-flow",
          sections: [
            {
              title: "Financeiro e cobranças atrasadas",
              rows: [{ title: "Segunda via do boleto bancário", rowId: "boleto", description: "d".repeat(100) }],
            },
            { title: "Outros", rows },
            {
              title: "Sobra",
              rows: [
                { title: "Além do limite", rowId: "late" },
                { title: "Também", rowId: "x" },
              ],
            },
          ],
        },
      }),
    );
    const interactive = fake.requests[0]!.body.interactive as {
      type: string;
      header: { text: string };
      body: { text: string };
      footer: { text: string };
      action: {
        button: string;
        sections: { title: string; rows: { id: string; title: string; description?: string }[] }[];
      };
    };
    expect(fake.requests[0]!.body.type).toBe("interactive");
    expect(interactive).toMatchObject({
      type: "list",
      header: { type: "text", text: "Atendimento" },
      body: { text: "Escolha um assunto" },
      footer: { text: "Chat-flow" },
    });
    expect(Array.from(interactive.action.button).length).toBeLessThanOrEqual(20);
    const sent = interactive.action.sections;
    expect(sent.flatMap((s) => s.rows)).toHaveLength(10);
    expect(sent.flatMap((s) => s.rows.map((r) => r.id))).toEqual([
      "boleto",
      "r1",
      "r2",
      "r3",
      "r4",
      "r5",
      "r6",
      "r7",
      "r8",
      "late",
    ]);
    for (const s of sent) {
      expect(Array.from(s.title).length).toBeLessThanOrEqual(24);
      for (const r of s.rows) {
        expect(Array.from(r.title).length).toBeLessThanOrEqual(24);
        expect(Array.from(r.description ?? "").length).toBeLessThanOrEqual(72);
      }
    }
    expect(sent[0]!.rows[0]!.title).toMatch(/^Segunda via do boleto/);
  });

  it("sends a URL button as an interactive cta_url, with its header image uploaded", async () => {
    const imageUrl = await stored("header.png", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1]));
    await adapter().send(
      message({
        mediaType: "interactiveMessage",
        body: "Seu pedido\nAcompanhe a entrega",
        dataJson: {
          type: "url",
          title: "Seu pedido",
          description: "Acompanhe a entrega",
          buttonText: "Rastrear",
          url: "https://example.com/pedido/42",
          imageUrl,
        },
      }),
    );
    expect(fake.uploads).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({
      type: "interactive",
      interactive: {
        type: "cta_url",
        header: { type: "image", image: { id: fake.uploads[0]!.id } },
        body: { text: "Seu pedido\nAcompanhe a entrega" },
        action: { name: "cta_url", parameters: { display_text: "Rastrear", url: "https://example.com/pedido/42" } },
      },
    });
  });

  it("still sends the URL button when its header image is gone, without a header", async () => {
    await adapter().send(
      message({
        mediaType: "interactiveMessage",
        body: "Link",
        dataJson: {
          type: "url",
          buttonText: "Abrir",
          url: "https://example.com",
          imageUrl: `/media/${COMPANY}/0190d7a0-0000-7000-8000-00000000dead-header.png`,
        },
      }),
    );
    expect(fake.requests[0]!.body.interactive).not.toHaveProperty("header");
    expect(fake.requests[0]!.body).toMatchObject({ interactive: { type: "cta_url", body: { text: "Link" } } });
  });

  it.each([
    [{ type: "copy", title: "Cupom", copyCode: "PROMO10" }, "Cupom", "Cupom\n\nPROMO10"],
    [{ type: "call", title: "Ligue", phoneNumber: "551140041234" }, "Ligue", "Ligue\n\n551140041234"],
    [
      { type: "pix", title: "Pagamento", value: 10.5, keyType: "EMAIL", key: "pix@loja.com", merchantName: "Loja" },
      "Pagamento\nPIX R$ 10,50",
      "Pagamento\nPIX R$ 10,50\n\nPIX EMAIL: pix@loja.com\n\nLoja",
    ],
  ])(
    "sends a %o button, which the Cloud API has only in templates, as text carrying its value",
    async (data, body, text) => {
      await adapter().send(message({ mediaType: "interactiveMessage", body, dataJson: data }));
      expect(fake.requests[0]!.body).toMatchObject({ type: "text", text: { body: text } });
    },
  );
});
