// Meta's own published webhook examples (core/src/meta/fixtures, README.md names each one's source), posted signed
// to a running core as Meta posts them: what each becomes in the database, that nothing is lost to a format check,
// that a failed delivery is kept with its reason and never hidden by an earlier status arriving late, and that
// redelivering every fixture stores nothing new (issue 22, decision 0092).
import http from "node:http";
import express from "express";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { errorHandler } from "../http/error-handler.ts";
import { captureLogs } from "../kernel/logger.ts";
import { IngestBatcher } from "../messages/ingest.ts";
import {
  META_IDS,
  type MetaChannel,
  metaFixture,
  metaFixtureNames,
  metaSignature,
  postMetaFixture,
} from "../meta/fixtures/meta-fixtures.ts";
import { buildCompany, buildWhatsapp } from "../testing/factories.ts";
import { closeServer, listenOnLoopback } from "../testing/loopback-server.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { messengerWebhook } from "./messenger.ts";
import { whatsappCloudWebhook } from "./whatsapp-cloud.ts";

const SECRET = "meta-conformance-secret";
const VERIFY = "meta-conformance-verify";
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

/** The Graph API on loopback: Cloud API media lookups and files, Messenger profiles, attachment files. */
const graph = forFile(
  async () => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const send = (type: string, body: Buffer | string) => {
        res.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body) });
        res.end(body);
      };
      if (url.pathname.startsWith("/file/") || url.pathname.startsWith("/att/")) return send("image/png", PNG);
      const id = url.pathname.split("/").pop() ?? "";
      if (url.searchParams.has("fields"))
        return send("application/json", JSON.stringify({ first_name: "Kerry", last_name: "Fisher" }));
      return send(
        "application/json",
        JSON.stringify({ url: `${base}/file/${id}`, mime_type: "image/png", file_size: PNG.length }),
      );
    });
    const base = await listenOnLoopback(server);
    return { url: base, close: () => closeServer(server) };
  },
  { stop: (g) => g.close() },
);
const core = coreForFile(() => ({ graphApiUrl: graph.url, facebookAppSecret: SECRET, facebookVerifyToken: VERIFY }));

const attachmentUrl = (kind: string) => `${graph.url}/att/${kind}.png`;
const post = (channel: MetaChannel, name: string) => postMetaFixture(core.url, channel, name, SECRET, attachmentUrl);

type Row = {
  id: string;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  fromMe: boolean;
  ack: number;
  sendState: string | null;
  errorCode: string | null;
  quotedMsgId: string | null;
  isDeleted: boolean;
  data: Record<string, unknown> | null;
};

let world: { companyId: number; cloud: number; facebook: number; instagram: number } | undefined;

/** One company with the three Meta connections the fixtures name (made once: the fixtures' ids are fixed). */
async function metaWorld() {
  if (world) return world;
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const cloud = await buildWhatsapp(pool, {
    companyId: company.id,
    phoneNumberId: META_IDS.phoneNumberId,
    appSecret: SECRET,
    accessToken: "cloud-token",
    verifyToken: "cloud-verify",
  });
  const page = async (channel: string, accountId: string) =>
    (
      await pool.query<{ id: number }>(
        `INSERT INTO whatsapps (company_id, name, channel, status, page_id, account_id, access_token)
         VALUES ($1, $2, $3, 'CONNECTED', $4, $5, 'page-token') RETURNING id`,
        [company.id, channel, channel, META_IDS.pageId, accountId],
      )
    ).rows[0]!.id;
  world = {
    companyId: company.id,
    cloud: cloud.id,
    facebook: await page("facebook", META_IDS.pageId),
    instagram: await page("instagram", META_IDS.instagramId),
  };
  return world;
}

async function byRemoteId(whatsappId: number, remoteId: string): Promise<Row | undefined> {
  const { rows } = await core.db.pool.query<Row>(
    `SELECT id, body, media_type AS "mediaType", media_url AS "mediaUrl", from_me AS "fromMe", ack,
       send_state AS "sendState", error_code AS "errorCode", quoted_msg_id AS "quotedMsgId", is_deleted AS "isDeleted",
       data_json AS data
     FROM messages WHERE whatsapp_id = $1 AND remote_id = $2`,
    [whatsappId, remoteId],
  );
  return rows[0];
}

/** Our own sent message in the contact's ticket (what their reply, reaction and statuses name). */
async function ourMessage(whatsappId: number, contactNumber: string, remoteId: string): Promise<string> {
  const { rows } = await core.db.pool.query<{ id: string }>(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, send_state, remote_id,
       created_at, updated_at)
     SELECT gen_random_uuid(), t.company_id, t.id, t.contact_id, t.whatsapp_id, 'Posso ajudar?', true, 1, 'sent', $3,
       '2024-12-07T11:00:00Z', '2024-12-07T11:00:00Z'
     FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.whatsapp_id = $1 AND c.number = $2
     ON CONFLICT DO NOTHING RETURNING id`,
    [whatsappId, contactNumber, remoteId],
  );
  return rows[0]?.id ?? (await byRemoteId(whatsappId, remoteId))!.id;
}

const count = async () => (await core.db.pool.query("SELECT count(*)::int AS n FROM messages")).rows[0].n as number;
/** The id of a Cloud API fixture's message. */
const wamid = (name: string) => {
  const body = JSON.parse(metaFixture("whatsapp-cloud", name));
  return body.entry[0].changes[0].value.messages[0].id as string;
};

describe("#webhooks.whatsapp Meta's examples", () => {
  it("stores every documented message type as the agent should see it, nothing dropped", async () => {
    const w = await metaWorld();
    const logs = captureLogs();
    expect(await post("whatsapp-cloud", "text")).toBe(200);
    const ours = await ourMessage(w.cloud, META_IDS.waId, META_IDS.ourWamid);
    for (const name of metaFixtureNames("whatsapp-cloud").filter((n) => !n.startsWith("status-"))) {
      expect(await post("whatsapp-cloud", name), name).toBe(200);
    }
    const m = async (name: string) => (await byRemoteId(w.cloud, wamid(name)))!;
    expect(await m("text")).toMatchObject({ body: "this is a text message", mediaType: "chat", fromMe: false });
    // Replies carry their quote: context.id resolved to our message.
    expect(await m("reply-with-context")).toMatchObject({ body: "Yes, this one", quotedMsgId: ours });
    expect(await m("template-quick-reply-button")).toMatchObject({ body: "No", quotedMsgId: ours });
    expect(await m("interactive-list-reply")).toMatchObject({ body: "list_reply_title", quotedMsgId: ours });
    expect(await m("interactive-button-reply")).toMatchObject({ body: "button-text", quotedMsgId: ours });
    // Reactions name their target; a reaction without emoji withdraws it.
    expect(await m("reaction")).toMatchObject({ body: "😀", mediaType: "reactionMessage" });
    expect((await m("reaction")).data?.reaction).toEqual({ message_id: META_IDS.ourWamid, emoji: "😀" });
    expect(await m("reaction-removed")).toMatchObject({ body: "", mediaType: "reactionMessage" });
    // Media downloaded through the Graph API's lookup into the company's store.
    for (const [name, mediaType] of [
      ["image", "image"],
      ["sticker", "image"],
      ["audio-voice", "audio"],
      ["video", "video"],
      ["document", "application"],
    ] as const) {
      const row = await m(name);
      expect(row.mediaType, name).toBe(mediaType);
      expect(row.mediaUrl, name).toMatch(new RegExp(`^/media/${w.companyId}/`));
    }
    expect((await m("document")).body).toBe("CAPTION");
    expect(await m("location")).toMatchObject({ mediaType: "locationMessage" });
    expect((await m("location")).body).toContain("Main Street Beach");
    expect((await m("contacts")).data?.vCard).toEqual({ name: "Kerry Fisher", number: "19405551234" });
    // An ad's message keeps the ad (headline, body, source) for its card.
    const ad = await m("ad-referral");
    expect(ad.body).toBe("Can I get more info about this?");
    expect(ad.data?.referral).toMatchObject({ headline: "Summer sale", source_type: "ad", source_id: "6548245321256" });
    expect(await m("order")).toMatchObject({ mediaType: "orderMessage", body: "2 × sku-123 (49.9 BRL)\nTwo please" });
    expect(await m("system-changed-number")).toMatchObject({
      mediaType: "system",
      body: "Kerry Fisher changed their phone number to a new number 16505550000",
    });
    // What the inbox cannot show is kept, with its raw type, and logged.
    expect((await m("unknown")).mediaType).toBe("unsupported");
    expect((await m("unknown")).data?.rawType).toBe("unknown");
    expect((await m("unsupported")).data?.rawType).toBe("unsupported");
    expect((await m("undocumented-type")).data).toMatchObject({ rawType: "poll_update", poll_update: { vote: "yes" } });
    logs.restore();
    const warned = logs.lines.filter((l) => l.level === "warn");
    expect(warned).toContainEqual(
      expect.objectContaining({ msg: "whatsapp webhook: message stored as unsupported", type: "poll_update" }),
    );
    // Errors Meta reports for the number are logged, nothing stored.
    expect(warned).toContainEqual(
      expect.objectContaining({
        msg: "whatsapp webhook: Meta reports an error",
        metaError: expect.objectContaining({ code: 131000 }),
      }),
    );
  });

  it("shows a failed delivery with Meta's reason, which an earlier status arriving late never hides", async () => {
    const w = await metaWorld();
    await ourMessage(w.cloud, META_IDS.waId, META_IDS.ourWamid);
    const ours = () => byRemoteId(w.cloud, META_IDS.ourWamid);
    for (const [name, ack] of [
      ["status-sent", 1],
      ["status-delivered", 2],
      ["status-read", 3],
    ] as const) {
      expect(await post("whatsapp-cloud", name)).toBe(200);
      expect((await ours())!.ack, name).toBe(ack);
    }
    expect(await post("whatsapp-cloud", "status-failed")).toBe(200);
    const failed = (await ours())!;
    expect(failed).toMatchObject({ ack: -1, sendState: "failed", errorCode: "ERR_OUTSIDE_MESSAGING_WINDOW" });
    expect(failed.data?.deliveryFailure).toEqual({
      kind: "window",
      retry: false,
      code: 131047,
      subcode: null,
      title: "Re-engagement message",
      message: "Re-engagement message",
      details:
        "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
      at: "2024-12-07T11:15:03.000Z",
    });
    // Meta does not promise order: the sent, delivered and read it dated before the failure, delivered late.
    for (const name of ["status-sent", "status-delivered", "status-read"]) {
      expect(await post("whatsapp-cloud", name)).toBe(200);
      expect((await ours())!.ack, name).toBe(-1);
    }
    expect(await post("whatsapp-cloud", "status-failed-undeliverable")).toBe(200);
    expect((await ours())!.data?.deliveryFailure).toMatchObject({ kind: "undeliverable", code: 131026, retry: false });
    // Meta names a number not on WhatsApp first among 131026's reasons: the spec's invalid-number code (decision 0120).
    expect((await ours())!.errorCode).toBe("ERR_WAPP_INVALID_CONTACT");
    expect(await post("whatsapp-cloud", "status-failed-rate-limit")).toBe(200);
    expect((await ours())!.data?.deliveryFailure).toMatchObject({ kind: "rate-limit", code: 130429, retry: true });
  });

  it("stores nothing new when Meta delivers every example again", async () => {
    await metaWorld();
    for (const name of metaFixtureNames("whatsapp-cloud")) await post("whatsapp-cloud", name);
    const before = await count();
    const acks = await core.db.pool.query("SELECT id, ack, data_json FROM messages ORDER BY id");
    for (const name of metaFixtureNames("whatsapp-cloud")) expect(await post("whatsapp-cloud", name)).toBe(200);
    expect(await count()).toBe(before);
    expect((await core.db.pool.query("SELECT id, ack, data_json FROM messages ORDER BY id")).rows).toEqual(acks.rows);
  });
});

describe("#webhooks.whatsapp across companies", () => {
  it("never quotes, reacts to or fails another company's message, whatever id a delivery names", async () => {
    const w = await metaWorld();
    const pool = core.db.pool;
    // Another company's Cloud API connection and one of its sent messages.
    const other = await buildCompany(pool);
    const conn = await buildWhatsapp(pool, {
      companyId: other.id,
      phoneNumberId: "987650001",
      appSecret: "other-secret",
    });
    const contact = await pool.query<{ id: number }>(
      "INSERT INTO contacts (company_id, name, number) VALUES ($1, 'Outro', '5511900009999') RETURNING id",
      [other.id],
    );
    const ticket = await pool.query<{ id: number }>(
      "INSERT INTO tickets (company_id, contact_id, whatsapp_id, status) VALUES ($1, $2, $3, 'open') RETURNING id",
      [other.id, contact.rows[0]!.id, conn.id],
    );
    const theirs = "wamid.OTHER-COMPANY<script>";
    await pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, send_state, remote_id)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, 'segredo', true, 1, 'sent', $5)`,
      [other.id, ticket.rows[0]!.id, contact.rows[0]!.id, conn.id, theirs],
    );
    // Deliveries to our number (signed with our secret) naming their message.
    const send = (payload: unknown) => {
      const raw = JSON.stringify(payload);
      return fetch(`${core.url}/webhooks/whatsapp`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw, SECRET) },
        body: raw,
      });
    };
    const reply = JSON.parse(metaFixture("whatsapp-cloud", "reply-with-context"));
    const message = reply.entry[0].changes[0].value.messages[0];
    message.id = "wamid.CROSS-REPLY";
    message.context.id = theirs;
    expect((await send(reply)).status).toBe(200);
    const failed = JSON.parse(metaFixture("whatsapp-cloud", "status-failed"));
    failed.entry[0].changes[0].value.statuses[0].id = theirs;
    expect((await send(failed)).status).toBe(200);
    const reaction = JSON.parse(metaFixture("whatsapp-cloud", "reaction"));
    reaction.entry[0].changes[0].value.messages[0].id = "wamid.CROSS-REACTION";
    reaction.entry[0].changes[0].value.messages[0].reaction.message_id = theirs;
    expect((await send(reaction)).status).toBe(200);
    // Our reply is stored, its quote unresolved; their message is untouched.
    expect(await byRemoteId(w.cloud, "wamid.CROSS-REPLY")).toMatchObject({ body: "Yes, this one", quotedMsgId: null });
    expect(await byRemoteId(conn.id, theirs)).toMatchObject({ ack: 1, sendState: "sent", errorCode: null, data: null });
    // Characters Meta's ids never carry but a forged one might are stored as the text they are.
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM messages WHERE company_id = $1", [other.id]);
    expect(rows[0].n).toBe(1);
  });
});

describe("#webhooks.facebook Meta's examples", () => {
  it("stores Messenger's documented events: ids with $, replies, attachments, postbacks, reactions, receipts, echoes, referrals", async () => {
    const w = await metaWorld();
    expect(await post("messenger", "text-quick-reply")).toBe(200);
    const ours = await ourMessage(w.facebook, META_IDS.psid, META_IDS.ourMid);
    for (const name of metaFixtureNames("messenger")) expect(await post("messenger", name), name).toBe(200);
    const m = async (mid: string) => (await byRemoteId(w.facebook, mid))!;
    expect(await m("mid.1457764197618:41d102a3e1ae206a38")).toMatchObject({ body: "hello, world!", mediaType: "chat" });
    const { rows } = await core.db.pool.query("SELECT name FROM contacts WHERE number = $1", [META_IDS.psid]);
    expect(rows[0].name).toBe("Kerry Fisher");
    expect(await m("m_1457764197618:41d102a3e1ae206a38")).toMatchObject({ body: "hello, world!", quotedMsgId: ours });
    // Meta's own example id (mid.$cAAJ...) is stored, its file downloaded.
    for (const [suffix, mediaType] of [
      ["c", "image"],
      ["d", "audio"],
      ["e", "video"],
      ["f", "application"],
    ] as const) {
      const row = await m(`mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_${suffix}`);
      expect(row.mediaType, mediaType).toBe(mediaType);
      expect(row.mediaUrl, mediaType).toMatch(new RegExp(`^/media/${w.companyId}/`));
    }
    expect((await m("mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_g")).body).toContain("https://www.example.com/article");
    expect((await m("mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_h")).body).toBe("https://www.facebook.com/reel/1234567890");
    const postbackMid = `${META_IDS.ourMid.slice(0, -1)}Q`;
    expect(await m(postbackMid)).toMatchObject({ body: "Talk to a person", mediaType: "chat" });
    // A reaction is stored once per event, names its target by mid, and its removal has no emoji.
    const reactions = await core.db.pool.query<{ body: string; target: string }>(
      `SELECT body, data_json->'reaction'->>'mid' AS target FROM messages
       WHERE whatsapp_id = $1 AND media_type = 'reactionMessage' ORDER BY created_at`,
      [w.facebook],
    );
    expect(reactions.rows).toEqual([
      { body: "❤️", target: META_IDS.ourMid },
      { body: "", target: META_IDS.ourMid },
    ]);
    // The delivery names our message; the read watermark covers it.
    expect((await m(META_IDS.ourMid)).ack).toBe(3);
    expect(await m("mid.1457764197618:41d102a3e1ae206a39")).toMatchObject({
      body: "Sent from the Page inbox",
      fromMe: true,
      ack: 1,
    });
    const referral = await core.db.pool.query<{ body: string; mediaType: string; data: Record<string, unknown> }>(
      `SELECT body, media_type AS "mediaType", data_json AS data FROM messages WHERE whatsapp_id = $1 AND media_type = 'referral'`,
      [w.facebook],
    );
    expect(referral.rows).toHaveLength(1);
    expect(referral.rows[0]!.body).toBe("Summer sale");
    expect(referral.rows[0]!.data.referral).toMatchObject({ source: "ADS", ad_id: "6548245321256" });
    // A chat plugin's guest (sender.user_ref, no PSID) and a checkbox plugin's opt-in (optin.user_ref, no sender) are
    // kept against a contact keyed by the user_ref, in a ticket of their own: never skipped.
    const guest = await core.db.pool.query<{ body: string; mediaType: string; number: string; data: unknown }>(
      `SELECT m.body, m.media_type AS "mediaType", c.number, m.data_json AS data FROM messages m
       JOIN contacts c ON c.id = m.contact_id WHERE m.whatsapp_id = $1 AND c.number LIKE 'user_ref:%'
       ORDER BY m.remote_id`,
      [w.facebook],
    );
    expect(guest.rows.map(({ data: _, ...r }) => r)).toEqual([
      { body: "Get Started", mediaType: "chat", number: "user_ref:f3b2c1d0-guest-7a8e" },
      { body: "hello, world!", mediaType: "chat", number: "user_ref:f3b2c1d0-guest-7a8e" },
      { body: "", mediaType: "system", number: "user_ref:checkout-5f1c2a9e7b3d" },
    ]);
    expect(guest.rows[0]!.data).toMatchObject({ postback: { referral: { source: "CUSTOMER_CHAT_PLUGIN" } } });
    expect(guest.rows[2]!.data).toEqual({ optin: { ref: "checkout-page", user_ref: "checkout-5f1c2a9e7b3d" } });
    const tickets = await core.db.pool.query(
      `SELECT count(*)::int AS n FROM tickets t JOIN contacts c ON c.id = t.contact_id
       WHERE t.whatsapp_id = $1 AND c.number LIKE 'user_ref:%'`,
      [w.facebook],
    );
    expect(tickets.rows[0].n).toBe(2);
  });

  it("stores Instagram's documented events: media, story replies and mentions, reactions, unsend, echoes, seen", async () => {
    const w = await metaWorld();
    expect(await post("instagram", "text")).toBe(200);
    await ourMessage(w.instagram, META_IDS.igsid, META_IDS.ourIgMid);
    for (const name of metaFixtureNames("instagram")) expect(await post("instagram", name), name).toBe(200);
    const ig = (suffix: string) => `${META_IDS.ourIgMid.slice(0, -4)}${suffix}`;
    const m = async (mid: string) => (await byRemoteId(w.instagram, mid))!;
    // The text was unsent afterwards: kept, marked deleted.
    expect(await m(ig("MDAZ"))).toMatchObject({ body: "Oi! Vocês entregam em Recife?", isDeleted: true });
    expect((await m(ig("MDBZ"))).mediaUrl).toMatch(new RegExp(`^/media/${w.companyId}/`));
    const storyReply = await m(ig("MDCZ"));
    expect(storyReply.body).toBe("Que lindo!");
    expect(storyReply.data?.reply_to).toEqual({
      story: {
        url: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17938271234567890",
        id: "17938271234567890",
      },
    });
    // A story mention is a link (Meta forbids keeping the story's file), never downloaded.
    const mention = await m(ig("MDDZ"));
    expect(mention).toMatchObject({ mediaType: "chat", mediaUrl: null });
    expect(mention.body).toBe("https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17938279876543210");
    expect(mention.data).toMatchObject({ attachment: { type: "story_mention" } });
    expect(await m(ig("MDEZ"))).toMatchObject({ body: "Entregamos sim!", fromMe: true, ack: 1 });
    expect((await m(META_IDS.ourIgMid)).ack).toBe(3);
    const reactions = await core.db.pool.query<{ body: string }>(
      "SELECT body FROM messages WHERE whatsapp_id = $1 AND media_type = 'reactionMessage' ORDER BY created_at",
      [w.instagram],
    );
    expect(reactions.rows.map((r) => r.body)).toEqual(["❤️", ""]);
  });

  it("stores nothing new when Meta delivers every Messenger and Instagram example again", async () => {
    await metaWorld();
    for (const channel of ["messenger", "instagram"] as const) {
      for (const name of metaFixtureNames(channel)) await post(channel, name);
    }
    const before = await core.db.pool.query("SELECT id, ack, is_deleted, body FROM messages ORDER BY id");
    for (const channel of ["messenger", "instagram"] as const) {
      for (const name of metaFixtureNames(channel)) expect(await post(channel, name)).toBe(200);
    }
    expect((await core.db.pool.query("SELECT id, ack, is_deleted, body FROM messages ORDER BY id")).rows).toEqual(
      before.rows,
    );
  });
});

describe("#webhooks verify handshake and an unreachable database", () => {
  it("answers Meta's handshake the same way on both webhooks", async () => {
    for (const [route, token] of [
      ["whatsapp", "cloud-verify"],
      ["facebook", VERIFY],
    ] as const) {
      await metaWorld();
      const q = (query: string) => fetch(`${core.url}/webhooks/${route}?${query}`);
      const ok = await q(`hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
      expect(ok.status, route).toBe(200);
      expect(await ok.text()).toBe("1158201444");
      expect((await q("hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1")).status, route).toBe(403);
      expect((await q(`hub.mode=unsubscribe&hub.verify_token=${token}&hub.challenge=1`)).status, route).toBe(403);
      expect((await q(`hub.mode=subscribe&hub.verify_token[]=${token}&hub.challenge=1`)).status, route).toBe(403);
      expect((await q("hub.mode=subscribe&hub.challenge=1")).status, route).toBe(403);
    }
  });

  it("answers 503 with Retry-After on every webhook when the database cannot be reached", async () => {
    // The webhooks' routers as core mounts them, over a pool pointed at a port nothing listens on.
    const dead = new pg.Pool({
      connectionString: "postgres://postgres@127.0.0.1:9/none",
      connectionTimeoutMillis: 2000,
    });
    dead.on("error", () => {});
    const app = express();
    const batcher = new IngestBatcher(dead);
    app.use(whatsappCloudWebhook(dead, batcher, { dataDir: "/nonexistent" }));
    app.use(
      messengerWebhook(dead, batcher, {
        appSecret: SECRET,
        verifyToken: VERIFY,
        graph: { url: graph.url, version: "v21.0" },
        dataDir: "/nonexistent",
      }),
    );
    app.use(errorHandler);
    const server = http.createServer(app);
    const url = await listenOnLoopback(server);
    const logs = captureLogs(); // the outage's warnings, kept off the test's output
    try {
      for (const [channel, name] of [
        ["whatsapp-cloud", "text"],
        ["messenger", "text-quick-reply"],
        ["instagram", "text"],
      ] as const) {
        const raw = metaFixture(channel, name);
        const res = await fetch(`${url}/webhooks/${channel === "whatsapp-cloud" ? "whatsapp" : "facebook"}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw, SECRET) },
          body: raw,
        });
        expect(res.status, name).toBe(503);
        expect(res.headers.get("retry-after")).toBe("30");
        expect((await res.json()).error).toBe("ERR_DATABASE_UNAVAILABLE");
      }
      const verify = await fetch(`${url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`);
      expect(verify.status).toBe(503);
      expect(verify.headers.get("retry-after")).toBe("30");
      // A forged delivery is still refused as forged, not as an outage (the secret is checked first on Messenger).
      const forged = await fetch(`${url}/webhooks/facebook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": "sha256=00" },
        body: "{}",
      });
      expect(forged.status).toBe(401);
    } finally {
      logs.restore();
      await closeServer(server);
      await dead.end();
    }
  });
});
