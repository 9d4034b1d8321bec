import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { mediaFilePath, parseMediaUrl } from "../media/media-store.ts";
import { buildCompany } from "../testing/factories.ts";
import { startFakeGraphPages } from "../testing/fake-graph-pages.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const SECRET = "fb-app-secret";
const VERIFY = "fb-verify-token";
const graph = forFile(() => startFakeGraphPages(), { afterEach: (g) => g.reset(), stop: (g) => g.close() });
const core = coreForFile(() => ({ graphApiUrl: graph.url, facebookAppSecret: SECRET, facebookVerifyToken: VERIFY }));
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

let n = 0;
/** A company with a facebook connection (page) and an instagram one; a contact of each with a Graph profile. */
async function world() {
  const c = await buildCompany(core.db.pool);
  const k = `${Date.now() % 1e9}${++n}`;
  const page = `1${k}`;
  const ig = `2${k}`;
  const token = `page-token-${k}`;
  graph.user(`9${k}`, "user", [{ id: page, name: "Loja", accessToken: token }]);
  const conn = async (channel: string, accountId: string) =>
    (
      await core.db.pool.query<{ id: number }>(
        `INSERT INTO whatsapps (company_id, name, channel, status, page_id, account_id, access_token)
         VALUES ($1, $2, $3, 'CONNECTED', $4, $5, $6) RETURNING id`,
        [c.id, `${channel} ${k}`, channel, page, accountId, token],
      )
    ).rows[0]!.id;
  const psid = `3${k}`;
  const igsid = `4${k}`;
  graph.profile(psid, token, {
    first_name: "Ana",
    last_name: "Souza",
    profile_pic: graph.file(`ana${k}.png`, PNG, "image/png"),
  });
  graph.profile(igsid, token, { name: "Bia", username: "bia.ig" });
  return {
    companyId: c.id,
    page,
    ig,
    psid,
    igsid,
    facebook: await conn("facebook", page),
    instagram: await conn("instagram", ig),
  };
}

function post(payload: unknown, secret = SECRET) {
  const raw = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
  return fetch(`${core.url}/webhooks/facebook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    body: raw,
  });
}

const delivery = (object: "page" | "instagram", id: string, messaging: unknown[]) => ({
  object,
  entry: [{ id, time: Date.now(), messaging }],
});

const messages = async (whatsappId: number) =>
  (
    await core.db.pool.query(
      `SELECT m.id, m.body, m.media_type AS "mediaType", m.media_url AS "mediaUrl", m.remote_id AS "remoteId",
         m.from_me AS "fromMe", m.ack, m.send_state AS "sendState", c.number, c.name, c.url_picture AS "urlPicture",
         t.channel
       FROM messages m JOIN contacts c ON c.id = m.contact_id JOIN tickets t ON t.id = m.ticket_id
       WHERE m.whatsapp_id = $1 ORDER BY m.created_at, m.remote_id`,
      [whatsappId],
    )
  ).rows;

describe("#webhooks.facebook verify", () => {
  it("answers the challenge only to Meta's handshake with the app's verify token", async () => {
    const q = (mode: string, token: string) =>
      fetch(`${core.url}/webhooks/facebook?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=12345`);
    const ok = await q("subscribe", VERIFY);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("12345");
    expect((await q("subscribe", "wrong")).status).toBe(403);
    expect((await q("unsubscribe", VERIFY)).status).toBe(403);
  });
});

describe("#webhooks.facebook deliveries", () => {
  it("refuses a delivery without the app's signature and stores nothing", async () => {
    const w = await world();
    const payload = delivery("page", w.page, [
      {
        sender: { id: w.psid },
        recipient: { id: w.page },
        timestamp: Date.now(),
        message: { mid: "m_forged", text: "x" },
      },
    ]);
    const forged = await post(payload, "another-secret");
    expect(forged.status).toBe(401);
    expect((await forged.json()).error).toBe("ERR_INVALID_SIGNATURE");
    const unsigned = await fetch(`${core.url}/webhooks/facebook`, { method: "POST", body: JSON.stringify(payload) });
    expect(unsigned.status).toBe(401);
    expect(await messages(w.facebook)).toEqual([]);
    expect((await post({ object: "page", entry: "nope" })).status).toBe(400);
  });

  it("ingests a text once however often Meta delivers it, the contact named and pictured from one profile read", async () => {
    const w = await world();
    const text = (mid: string, body: string) =>
      delivery("page", w.page, [
        { sender: { id: w.psid }, recipient: { id: w.page }, timestamp: Date.now(), message: { mid, text: body } },
      ]);
    for (const _ of [1, 2]) expect((await post(text("m_one", "Oi, tudo bem?"))).status).toBe(200);
    expect((await post(text("m_two", "Alô"))).status).toBe(200);
    const rows = await messages(w.facebook);
    expect(rows.map((r) => [r.remoteId, r.body, r.fromMe])).toEqual([
      ["m_one", "Oi, tudo bem?", false],
      ["m_two", "Alô", false],
    ]);
    expect(rows[0]).toMatchObject({ number: w.psid, name: "Ana Souza", channel: "facebook" });
    const picture = parseMediaUrl(rows[0]!.urlPicture)!;
    expect(existsSync(mediaFilePath(core.config.dataDir, picture.companyId, picture.fileName)!)).toBe(true);
    expect(graph.calls.filter((c) => c.startsWith(`GET /v21.0/${w.psid}?`))).toHaveLength(1);
  });

  it("stores image, audio, video and file attachments with their files, and reactions", async () => {
    const w = await world();
    const att = (type: string, name: string, mime: string) => ({
      type,
      payload: { url: graph.file(`${name}${w.page}`, PNG, mime) },
    });
    const res = await post(
      delivery("page", w.page, [
        {
          sender: { id: w.psid },
          recipient: { id: w.page },
          timestamp: Date.now(),
          message: {
            mid: "m_media",
            attachments: [
              att("image", "photo.png", "image/png"),
              att("audio", "voice.mp4", "audio/mp4"),
              att("video", "clip.mp4", "video/mp4"),
              att("file", "doc.pdf", "application/pdf"),
            ],
          },
        },
        {
          sender: { id: w.psid },
          recipient: { id: w.page },
          timestamp: Date.now() + 1,
          reaction: { mid: "m_media", action: "react", emoji: "❤" },
        },
      ]),
    );
    expect(res.status).toBe(200);
    const rows = await messages(w.facebook);
    expect(rows.map((r) => [r.remoteId.replace(/:reaction:.*/, ":reaction"), r.mediaType])).toEqual([
      ["m_media", "image"],
      ["m_media:1", "audio"],
      ["m_media:2", "video"],
      ["m_media:3", "application"],
      ["m_media:reaction", "reactionMessage"],
    ]);
    for (const r of rows.slice(0, 4)) {
      const file = parseMediaUrl(r.mediaUrl)!;
      expect(existsSync(mediaFilePath(core.config.dataDir, file.companyId, file.fileName)!)).toBe(true);
    }
    expect(rows[4]!.body).toBe("❤");
  });

  it("takes echoes of our sends as their sent mark, stores the page's own replies, and only ever raises acks", async () => {
    const w = await world();
    const inbound = { sender: { id: w.psid }, recipient: { id: w.page }, timestamp: Date.now() - 60_000 };
    await post(delivery("page", w.page, [{ ...inbound, message: { mid: "m_in", text: "Oi" } }]));
    const [first] = await messages(w.facebook);
    const { rows } = await core.db.pool.query<{ ticket_id: number; contact_id: number }>(
      "SELECT ticket_id, contact_id FROM messages WHERE id = $1",
      [first!.id],
    );
    // Our send whose answer was lost (no remote id yet), and one already sent.
    const lost = uuidv7();
    const sent = uuidv7();
    for (const [id, state, remote] of [
      [lost, "sending", null],
      [sent, "sent", "m_sent"],
    ] as const) {
      await core.db.pool.query(
        `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, send_state, remote_id,
           ack, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'ours', true, $6, $7, $8, now() - interval '30 seconds', now())`,
        [id, w.companyId, rows[0]!.ticket_id, rows[0]!.contact_id, w.facebook, state, remote, remote ? 1 : 0],
      );
    }
    const echo = { sender: { id: w.page }, recipient: { id: w.psid }, timestamp: Date.now() };
    const res = await post(
      delivery("page", w.page, [
        { ...echo, message: { mid: "m_lost", is_echo: true, metadata: lost, text: "ours" } },
        { ...echo, message: { mid: "m_inbox", is_echo: true, text: "Respondido pelo Meta Business Suite" } },
        { ...echo, message: { mid: "m_caption", is_echo: true, metadata: `${lost}:caption`, text: "legenda" } },
        { ...inbound, timestamp: Date.now(), delivery: { mids: ["m_sent"], watermark: Date.now() } },
        { ...inbound, timestamp: Date.now(), read: { watermark: Date.now() } },
      ]),
    );
    expect(res.status).toBe(200);
    const after = await messages(w.facebook);
    expect(after.find((r) => r.id === lost)).toMatchObject({ remoteId: "m_lost", sendState: "sent", ack: 3 });
    expect(after.find((r) => r.id === sent)).toMatchObject({ ack: 3 });
    expect(after.find((r) => r.remoteId === "m_inbox")).toMatchObject({ fromMe: true, number: w.psid });
    // A late delivery receipt never lowers a read.
    await post(delivery("page", w.page, [{ ...inbound, delivery: { mids: ["m_sent"], watermark: Date.now() } }]));
    expect((await messages(w.facebook)).find((r) => r.id === sent)).toMatchObject({ ack: 3 });
    expect(after).toHaveLength(4);
  });

  it("routes instagram deliveries to the instagram connection, reads by message, deletes by unsend", async () => {
    const w = await world();
    const base = { sender: { id: w.igsid }, recipient: { id: w.ig }, timestamp: Date.now() };
    await post(delivery("instagram", w.ig, [{ ...base, message: { mid: "ig_1", text: "Oi do Insta" } }]));
    // The same account id on the page object names no connection: acknowledged, nothing stored.
    expect((await post(delivery("page", w.ig, [{ ...base, message: { mid: "ig_x", text: "?" } }]))).status).toBe(200);
    const rows = await messages(w.instagram);
    expect(rows).toMatchObject([{ remoteId: "ig_1", name: "Bia", channel: "instagram", number: w.igsid }]);
    await post(delivery("instagram", w.ig, [{ ...base, message: { mid: "ig_1", is_deleted: true } }]));
    const { rows: deleted } = await core.db.pool.query("SELECT is_deleted FROM messages WHERE id = $1", [rows[0]!.id]);
    expect(deleted[0]!.is_deleted).toBe(true);
    expect(await messages(w.facebook)).toEqual([]);
    // A profile Meta will not show is not asked again for each message: the contact keeps its id as name.
    const stranger = `5${w.igsid}`;
    for (const mid of ["ig_s1", "ig_s2"]) {
      const res = await post(
        delivery("instagram", w.ig, [{ ...base, sender: { id: stranger }, message: { mid, text: "?" } }]),
      );
      expect(res.status).toBe(200);
    }
    expect(graph.calls.filter((c) => c.startsWith(`GET /v21.0/${stranger}?`))).toHaveLength(1);
    expect((await messages(w.instagram)).filter((r) => r.number === stranger).map((r) => r.name)).toEqual([
      stranger,
      stranger,
    ]);
  });
});
