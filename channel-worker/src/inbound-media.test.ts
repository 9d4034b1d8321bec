// Cloud API inbound beyond text: core's webhook downloads a contact's media
// from the (fake) Graph API into the company's media store before ingest, and
// stores locations, cards, reactions and list picks as readable messages.
import { readFile } from "node:fs/promises";
import { mediaFilePath, parseMediaUrl } from "@chatflow/core/media/media-store.ts";
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { cloudDelivery, postSigned } from "./testing/cloud-webhook.ts";
import { fakeGraphApiForFile } from "./testing/fake-graph-api.ts";

// The fake first: core is configured with its address.
const fake = fakeGraphApiForFile();
const core = coreForFile(() => ({ graphApiUrl: fake.url }));

const APP_SECRET = "inbound-media-secret";
let seq = 0;

async function cloudConnection() {
  const company = await buildCompany(core.db.pool);
  const phoneNumberId = `88${Date.now() % 1_000_000}${++seq}`;
  const accessToken = `token-${phoneNumberId}`;
  const wa = await buildWhatsapp(core.db.pool, {
    companyId: company.id,
    phoneNumberId,
    accessToken,
    appSecret: APP_SECRET,
  });
  return { companyId: company.id, whatsappId: wa.id, phoneNumberId, accessToken };
}

function delivery(phoneNumberId: string, message: Record<string, unknown>) {
  return cloudDelivery(phoneNumberId, {
    contacts: [{ profile: { name: "Maria" }, wa_id: "5511955554444" }],
    messages: [{ from: "5511955554444", timestamp: "1718000000", ...message }],
  });
}

async function post(payload: unknown) {
  return (await postSigned(core.url, payload, APP_SECRET)).status;
}

type Row = {
  body: string;
  media_type: string;
  media_url: string | null;
  data_json: Record<string, unknown> & { media?: MediaNote };
};
type MediaNote = { id: string; mimeType: string; url?: string; error?: string };

async function stored(wamid: string): Promise<Row[]> {
  const { rows } = await core.db.pool.query<Row>(
    "SELECT body, media_type, media_url, data_json FROM messages WHERE remote_id = $1",
    [wamid],
  );
  return rows;
}

async function fileBytes(url: string): Promise<Uint8Array> {
  const parsed = parseMediaUrl(url)!;
  return new Uint8Array(await readFile(mediaFilePath(core.config.dataDir, parsed.companyId, parsed.fileName)!));
}

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 7, 7, 7, 7]);
const PDF = new TextEncoder().encode("%PDF-1.4 boleto");

describe("#webhooks.whatsapp media", () => {
  it("stores a contact's photo in the company's media, its caption as body, fetched with the connection's token", async () => {
    const c = await cloudConnection();
    const mediaId = fake.serveMedia(JPEG, "image/jpeg");
    const wamid = `wamid.IMG${seq}`;
    const image = { id: mediaId, mime_type: "image/jpeg", caption: "Olha o defeito" };
    expect(await post(delivery(c.phoneNumberId, { id: wamid, type: "image", image }))).toBe(200);

    const [row] = await stored(wamid);
    expect(row).toMatchObject({ body: "Olha o defeito", media_type: "image" });
    const media = row!.data_json.media!;
    expect(media).toMatchObject({ id: mediaId, mimeType: "image/jpeg" });
    expect(media.url).toMatch(new RegExp(`^/media/${c.companyId}/[0-9a-f-]{36}-image\\.jpg$`));
    // The inbox shows it like an agent's upload: messages.media_url.
    expect(row!.media_url).toBe(media.url);
    expect(await fileBytes(media.url!)).toEqual(JPEG);
    // The lookup and the download both carried the connection's own token.
    expect(fake.downloads.map((d) => d.authorization)).toEqual([`Bearer ${c.accessToken}`, `Bearer ${c.accessToken}`]);
    expect(fake.downloads.map((d) => d.path)).toEqual([`/v21.0/${mediaId}`, `/download/${mediaId}`]);
  });

  it("stores a document under its file name, shown as body when it has no caption", async () => {
    const c = await cloudConnection();
    const mediaId = fake.serveMedia(PDF, "application/pdf");
    const wamid = `wamid.DOC${seq}`;
    const document = { id: mediaId, mime_type: "application/pdf", filename: "boleto junho.pdf" };
    await post(delivery(c.phoneNumberId, { id: wamid, type: "document", document }));

    const [row] = await stored(wamid);
    expect(row).toMatchObject({ body: "boleto junho.pdf", media_type: "application" });
    expect(row!.data_json.media!.url).toMatch(/-boleto_junho\.pdf$/);
    expect(await fileBytes(row!.data_json.media!.url!)).toEqual(PDF);
  });

  it("still stores the message, without file and with the reason, when the media cannot be downloaded", async () => {
    const c = await cloudConnection();
    const wamid = `wamid.LOST${seq}`;
    const audio = { id: "no-such-media", mime_type: "audio/ogg; codecs=opus", voice: true };
    expect(await post(delivery(c.phoneNumberId, { id: wamid, type: "audio", audio }))).toBe(200);

    const [row] = await stored(wamid);
    expect(row).toMatchObject({ body: "", media_type: "audio" });
    expect(row!.data_json.media).toMatchObject({ id: "no-such-media", error: expect.stringContaining("404") });
    expect(row!.data_json.media).not.toHaveProperty("url");
  });

  it("does not download again, nor store twice, when Meta delivers the same media message again", async () => {
    const c = await cloudConnection();
    const mediaId = fake.serveMedia(JPEG, "image/jpeg");
    const payload = delivery(c.phoneNumberId, {
      id: `wamid.TWICE${seq}`,
      type: "image",
      image: { id: mediaId, mime_type: "image/jpeg" },
    });
    await post(payload);
    expect(await post(payload)).toBe(200);
    expect(fake.downloads).toHaveLength(2); // one lookup, one download: the first delivery's only
    expect(await stored(`wamid.TWICE${seq}`)).toHaveLength(1);
  });
});

describe("#webhooks.whatsapp readable messages", () => {
  it.each([
    [
      "a location",
      { type: "location", location: { latitude: -23.55, longitude: -46.63, name: "Loja Centro", address: "Rua A, 1" } },
      "locationMessage",
      "Loja Centro\nRua A, 1\nhttps://maps.google.com/maps?q=-23.55,-46.63",
    ],
    [
      "a contact card",
      {
        type: "contacts",
        contacts: [
          { name: { formatted_name: "Pedro Lima" }, phones: [{ phone: "+55 11 91234-5678", wa_id: "5511912345678" }] },
        ],
      },
      "contactMessage",
      "BEGIN:VCARD\nVERSION:3.0\nN:;Pedro Lima;;;\nFN:Pedro Lima\nTEL;type=CELL;waid=5511912345678:+5511912345678\nEND:VCARD",
    ],
    ["a reaction", { type: "reaction", reaction: { message_id: "wamid.X", emoji: "👍" } }, "reactionMessage", "👍"],
    [
      "a pick from our list",
      { type: "interactive", interactive: { type: "list_reply", list_reply: { id: "boleto", title: "Segunda via" } } },
      "chat",
      "Segunda via",
    ],
  ])("stores %s with a body the inbox can show", async (_what, message, mediaType, body) => {
    const c = await cloudConnection();
    const wamid = `wamid.R${++seq}`;
    await post(delivery(c.phoneNumberId, { id: wamid, ...message }));
    const [row] = await stored(wamid);
    expect(row).toMatchObject({ media_type: mediaType, body });
    expect(row!.data_json).toMatchObject({ type: message.type });
  });
});
