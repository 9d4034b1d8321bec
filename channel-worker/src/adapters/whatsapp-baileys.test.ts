// The Baileys adapter driven through a stand-in socket that emits Baileys' own event payloads (typed from its
// BaileysEventMap, WAMessage and proto): the session lifecycle written to whatsapps under the lease, every
// disconnect reason, inbound messages (notify and append once), acks, edits, revokes, calls, the LID/PN merge,
// and outbound sends.
import { execFile } from "node:child_process";
import { createCipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { SendError } from "@chatflow/core/kernel/send-error.ts";
import { mediaFilePath, parseMediaUrl, saveMedia } from "@chatflow/core/media/media-store.ts";
import { IngestBatcher } from "@chatflow/core/messages/ingest.ts";
import { buildCompany, buildContact, buildTicket, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { testDbForFile, tmpDirForFile } from "@chatflow/core/testing/test-world.ts";
import { DisconnectReason, proto, type WAMessage, WAMessageStubType } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { markSent } from "../outbound/outbound-store.ts";
import { standInSockets } from "../testing/baileys-stand-in.ts";
import { openStandInConnection } from "../testing/open-stand-in.ts";
import { waitFor } from "../testing/outbound-fixtures.ts";
import type { ConnectionStatus, OutboundMessage } from "./adapter.ts";
import { postgresAuthState } from "./baileys-auth.ts";
import { FFMPEG, isOggOpus } from "./voice-note.ts";
import { backoffDelay, closeAction, keyIdOf, whatsappBaileysAdapter } from "./whatsapp-baileys.ts";

const db = testDbForFile();
const media = tmpDirForFile("baileys-media-");
const LEASE = { workerId: "w-test", generation: 1 };
/** The start of an Ogg/Opus file: the first page with the Opus header. */
const OGG_OPUS_HEAD = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(24), Buffer.from("OpusHead\x01\x01")]);

/** A second of a sine tone as AAC in MP4, written by ffmpeg. */
async function sineAsMp4(): Promise<Buffer> {
  const out = path.join(media.path, `sine-${Date.now()}.m4a`);
  await promisify(execFile)(FFMPEG, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=1",
    "-c:a",
    "aac",
    out,
  ]);
  return readFile(out);
}

async function setup(
  o: {
    paired?: boolean;
    allowGroup?: boolean;
    acceptCalls?: boolean;
    callMessage?: string;
    /** Replaces the media download (throw: WhatsApp's media server refused it). */
    download?: () => Promise<Buffer>;
  } = {},
) {
  const company = await buildCompany(db.pool);
  const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp", status: "DISCONNECTED" });
  await db.pool.query(
    `INSERT INTO connection_leases (whatsapp_id, holder, presence_key, generation, expires_at)
     VALUES ($1, $2, 1, $3, now() + interval '1 hour')`,
    [wa.id, LEASE.workerId, LEASE.generation],
  );
  if (o.allowGroup) {
    await db.pool.query(
      "UPDATE whatsapps SET allow_group = true, group_as_ticket = 'enabled' WHERE id = $1 AND company_id = $2",
      [wa.id, company.id],
    );
  }
  for (const [key, value] of [
    ["acceptCallWhatsapp", o.acceptCalls === false ? "disabled" : "enabled"],
    ["AcceptCallWhatsappMessage", o.callMessage ?? ""],
  ]) {
    await db.pool.query(
      `INSERT INTO settings (company_id, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [company.id, key, value],
    );
  }
  const owner = { companyId: company.id, whatsappId: wa.id };
  if (o.paired) {
    const auth = await postgresAuthState(db.pool, owner);
    auth.state.creds.registered = true;
    await auth.saveCreds();
  }
  const sockets = standInSockets();
  const statuses: ConnectionStatus[] = [];
  const logs: string[] = [];
  const batcher = new IngestBatcher(db.pool);
  /** Every ingest the adapter asked for, to wait on. */
  const ingests: Promise<unknown>[] = [];
  const adapter = whatsappBaileysAdapter(
    {
      id: wa.id,
      companyId: company.id,
      name: "c",
      channel: "whatsapp",
      phoneNumberId: null,
      accessToken: null,
      token: null,
    },
    {
      onInbound: (events) => {
        const done = batcher.add(events);
        ingests.push(done);
        return done;
      },
      onStatus: (s) => statuses.push(s),
    },
    {
      pool: db.pool,
      lease: LEASE,
      dataDir: media.path,
      makeSocket: sockets.factory,
      download: o.download ?? (async () => Buffer.from("fake jpeg bytes")),
      backoff: { minMs: 20, maxMs: 40 },
      random: () => 0.5,
      log: (m) => logs.push(m),
    },
  );
  return { ...owner, adapter, sockets, statuses, logs, ingests };
}

type Row = { status: string; qrcode: string | null; pairing_code: string | null; number: string | null };
async function row(whatsappId: number): Promise<Row> {
  const { rows } = await db.pool.query<Row>(
    "SELECT status, qrcode, pairing_code, number FROM whatsapps WHERE id = $1",
    [whatsappId],
  );
  return rows[0]!;
}
async function statusReason(whatsappId: number) {
  const { rows } = await db.pool.query<{ r: { reason: string; detail: string; retryAt: string | null } | null }>(
    "SELECT status_reason AS r FROM whatsapps WHERE id = $1",
    [whatsappId],
  );
  return rows[0]!.r;
}
async function importStatus(whatsappId: number): Promise<string | null> {
  const { rows } = await db.pool.query<{ s: string | null }>(
    "SELECT status_import_messages AS s FROM whatsapps WHERE id = $1",
    [whatsappId],
  );
  return rows[0]!.s;
}
async function changes(companyId: number, whatsappId: number): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM change_log WHERE company_id = $1 AND entity = 'whatsapps' AND entity_id = $2",
    [companyId, String(whatsappId)],
  );
  return rows[0]!.n;
}
const until = (whatsappId: number, check: (r: Row) => boolean, what: string) =>
  waitFor(async () => {
    const r = await row(whatsappId);
    return check(r) ? r : null;
  }, what);

async function connected(o: Parameters<typeof setup>[0] = {}) {
  const c = await setup({ paired: true, ...o });
  await c.adapter.start();
  const s = await openStandInConnection(db.pool, c.sockets, c);
  return { ...c, s };
}

/** An open ticket on the connection, its contact the number message() writes from by default. */
async function openTicketOn(c: { companyId: number; whatsappId: number }) {
  const contact = await buildContact(db.pool, { companyId: c.companyId, number: "5511988887777" });
  const ticket = await buildTicket(db.pool, {
    companyId: c.companyId,
    contactId: contact.id,
    whatsappId: c.whatsappId,
    status: "open",
  });
  return { contact, ticket };
}

let seq = 0;
function message(o: {
  id?: string;
  from?: string;
  alt?: string;
  fromMe?: boolean;
  participant?: string;
  message: WAMessage["message"];
}): WAMessage {
  return {
    key: {
      remoteJid: o.from ?? "5511988887777@s.whatsapp.net",
      ...(o.alt ? { remoteJidAlt: o.alt } : {}),
      fromMe: o.fromMe ?? false,
      id: o.id ?? `3EB0IN${++seq}`,
      ...(o.participant ? { participant: o.participant } : {}),
    },
    message: o.message,
    messageTimestamp: 1_700_000_000 + seq,
    pushName: "Maria",
  };
}

type Stored = {
  body: string;
  media_type: string;
  from_me: boolean;
  ack: number;
  is_edited: boolean;
  is_deleted: boolean;
  media_url: string | null;
  number: string;
  ticket_id: number;
};
async function stored(companyId: number): Promise<Stored[]> {
  const { rows } = await db.pool.query<Stored>(
    `SELECT m.body, m.media_type, m.from_me, m.ack, m.is_edited, m.is_deleted, m.media_url, c.number, m.ticket_id
     FROM messages m JOIN contacts c ON c.id = m.contact_id AND c.company_id = m.company_id
     WHERE m.company_id = $1 ORDER BY m.created_at, m.body`,
    [companyId],
  );
  return rows;
}

function outbound(c: { companyId: number }, o: Partial<OutboundMessage> = {}): OutboundMessage {
  return {
    id: crypto.randomUUID(),
    companyId: c.companyId,
    ticketId: 1,
    to: "5511988887777",
    body: "hello",
    mediaType: "chat",
    mediaUrl: null,
    dataJson: null,
    quotedRemoteId: null,
    ...o,
  };
}

describe("#baileys.lifecycle", () => {
  it("opens nothing without a paired session; a start shows the QR as Baileys rotates it, then CONNECTED with the number", async () => {
    const c = await setup();
    await c.adapter.start();
    expect(c.sockets.sockets).toHaveLength(0);
    await c.adapter.request!("start");
    const s = c.sockets.last();
    s.emit("connection.update", { connection: "connecting" });
    s.emit("connection.update", { qr: "QR-ONE" });
    await until(c.whatsappId, (r) => r.status === "qrcode" && r.qrcode === "QR-ONE", "first QR");
    s.emit("connection.update", { qr: "QR-TWO" });
    await until(c.whatsappId, (r) => r.qrcode === "QR-TWO", "rotated QR");
    s.open("5511999990000:7@s.whatsapp.net");
    const r = await until(c.whatsappId, (x) => x.status === "CONNECTED", "CONNECTED");
    expect(r).toEqual({ status: "CONNECTED", qrcode: null, pairing_code: null, number: "5511999990000" });
    // Each write recorded a change, so screens follow.
    expect(await changes(c.companyId, c.whatsappId)).toBeGreaterThanOrEqual(4);
    // Stopped (the worker lets the connection go): the socket ends and the status says so.
    await c.adapter.stop();
    expect(s.ended).toBe(true);
    expect((await row(c.whatsappId)).status).toBe("DISCONNECTED");
  });

  it("pairs by code instead of QR when asked with a phone number", async () => {
    const c = await setup();
    await c.adapter.request!("new-qr", "5511977776666");
    const s = c.sockets.last();
    s.emit("connection.update", { qr: "QR-IGNORED" });
    s.emit("connection.update", { qr: "QR-ROTATED" });
    const r = await until(c.whatsappId, (x) => x.status === "PAIRING", "PAIRING");
    expect(r.pairing_code).toBe("ABCD1234");
    expect(r.qrcode).toBeNull();
    expect(s.pairingRequests).toEqual(["5511977776666"]);
    // Paired: Baileys saves the creds and asks for a restart at once; the new socket has the paired creds.
    s.auth.creds.registered = true;
    s.emit("creds.update", { registered: true });
    s.close(DisconnectReason.restartRequired);
    await waitFor(() => c.sockets.sockets.length === 2, "the restart");
    expect(c.sockets.last().auth.creds.registered).toBe(true);
  });

  it("writes nothing once the lease names another generation (fencing)", async () => {
    const c = await connected();
    await db.pool.query("UPDATE connection_leases SET generation = generation + 1 WHERE whatsapp_id = $1", [
      c.whatsappId,
    ]);
    const before = await changes(c.companyId, c.whatsappId);
    c.s.close(DisconnectReason.forbidden);
    await waitFor(() => c.statuses.at(-1) === "DISCONNECTED", "the adapter to see the close");
    await c.adapter.stop();
    expect((await row(c.whatsappId)).status).toBe("CONNECTED");
    expect(await changes(c.companyId, c.whatsappId)).toBe(before);
  });

  it("logged out: forgets the session and shows a new QR", async () => {
    const c = await connected();
    c.s.close(DisconnectReason.loggedOut);
    await waitFor(() => c.sockets.sockets.length === 2, "a fresh socket");
    expect((await postgresAuthState(db.pool, c)).hadCreds).toBe(false);
    expect(c.sockets.last().auth.creds.registered).toBe(false);
    c.sockets.last().emit("connection.update", { qr: "QR-NEW" });
    const r = await until(c.whatsappId, (x) => x.qrcode === "QR-NEW", "new QR");
    expect(r).toMatchObject({ status: "qrcode", number: null });
  });

  it("restart required: reconnects at once with the stored session", async () => {
    const c = await connected();
    c.s.close(DisconnectReason.restartRequired);
    await waitFor(() => c.sockets.sockets.length === 2, "an immediate new socket");
    expect(c.sockets.last().auth.creds.registered).toBe(true);
  });

  it("connection replaced: reconnects (backoff) while this worker holds the lease, stops once it does not", async () => {
    const held = await connected();
    held.s.close(DisconnectReason.connectionReplaced);
    await waitFor(() => held.sockets.sockets.length === 2, "a reconnect under our lease");
    await held.adapter.stop();

    const lost = await connected();
    await db.pool.query("UPDATE connection_leases SET holder = 'someone-else' WHERE whatsapp_id = $1", [
      lost.whatsappId,
    ]);
    lost.s.close(DisconnectReason.connectionReplaced);
    await waitFor(() => lost.logs.some((l) => l.includes("another worker holds")), "the adapter to give up");
    expect(lost.sockets.sockets).toHaveLength(1);
    expect((await row(lost.whatsappId)).status).toBe("CONNECTED");
  });

  it("QR rotation ended: TIMEOUT; forbidden: DISCONNECTED, no reconnect; others: backoff then a new socket", async () => {
    const qr = await setup();
    await qr.adapter.request!("start");
    // Unpaired and unreachable (Baileys says 408 for both): not a TIMEOUT, a reconnect after the backoff.
    qr.sockets
      .last()
      .close(DisconnectReason.connectionLost, "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)");
    await waitFor(() => qr.sockets.sockets.length === 2, "a reconnect");
    qr.sockets.last().close(DisconnectReason.timedOut, "QR refs attempts ended");
    await until(qr.whatsappId, (r) => r.status === "TIMEOUT", "TIMEOUT");

    const banned = await connected();
    banned.s.close(DisconnectReason.forbidden);
    await until(banned.whatsappId, (r) => r.status === "DISCONNECTED", "DISCONNECTED");

    const dropped = await connected();
    dropped.s.close(DisconnectReason.connectionLost);
    await until(dropped.whatsappId, (r) => r.status === "DISCONNECTED", "DISCONNECTED");
    await waitFor(() => dropped.sockets.sockets.length === 2, "a reconnect after the backoff");
    dropped.sockets.last().open();
    await until(dropped.whatsappId, (r) => r.status === "CONNECTED", "CONNECTED again");
    expect(banned.sockets.sockets).toHaveLength(1);
    await dropped.adapter.stop();
  });

  it("says why it is down and when it tries again: unreachable, timed out, banned; a QR code clears it", async () => {
    const qr = await setup();
    await qr.adapter.request!("start");
    const before = Date.now();
    // What Baileys emits when DNS fails: 408 with the socket's error as the Boom's data (decision 0093).
    qr.sockets
      .last()
      .close(DisconnectReason.connectionLost, "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)", {
        code: "ENOTFOUND",
      });
    const down = await until(qr.whatsappId, (r) => r.status === "DISCONNECTED", "DISCONNECTED");
    const reason = await statusReason(qr.whatsappId);
    expect(down.status).toBe("DISCONNECTED");
    expect(reason).toMatchObject({ reason: "whatsapp-unreachable", detail: expect.stringContaining("ENOTFOUND") });
    expect(Date.parse(reason!.retryAt!)).toBeGreaterThanOrEqual(before);
    await waitFor(() => qr.sockets.sockets.length === 2, "a reconnect");
    qr.sockets.last().close(DisconnectReason.timedOut, "WebSocket Error (Opening handshake has timed out)");
    await waitFor(async () => (await statusReason(qr.whatsappId))?.reason === "whatsapp-timeout", "timeout");
    await waitFor(() => qr.sockets.sockets.length === 3, "another reconnect");
    qr.sockets.last().emit("connection.update", { qr: "2@stand-in-qr" });
    await until(qr.whatsappId, (r) => r.status === "qrcode", "a QR code");
    expect(await statusReason(qr.whatsappId)).toBeNull();
    await qr.adapter.stop();

    const banned = await connected();
    banned.s.close(DisconnectReason.forbidden);
    await until(banned.whatsappId, (r) => r.status === "DISCONNECTED", "DISCONNECTED");
    expect(await statusReason(banned.whatsappId)).toMatchObject({ reason: "banned", retryAt: null });
  });

  it("maps every disconnect reason, and jitters the backoff within [cap/2, cap]", () => {
    expect(closeAction(DisconnectReason.loggedOut, true)).toBe("new-qr");
    expect(closeAction(DisconnectReason.restartRequired, true)).toBe("reconnect-now");
    expect(closeAction(DisconnectReason.connectionReplaced, true)).toBe("replaced");
    expect(closeAction(DisconnectReason.forbidden, true)).toBe("stop");
    expect(closeAction(DisconnectReason.timedOut, false, "QR refs attempts ended")).toBe("qr-timeout");
    expect(closeAction(DisconnectReason.connectionLost, false, "WebSocket Error (getaddrinfo ENOTFOUND)")).toBe(
      "backoff",
    );
    for (const code of [
      DisconnectReason.timedOut,
      DisconnectReason.connectionClosed,
      DisconnectReason.badSession,
      DisconnectReason.multideviceMismatch,
      DisconnectReason.unavailableService,
      undefined,
    ]) {
      expect(closeAction(code, true)).toBe("backoff");
    }
    const b = { minMs: 1000, maxMs: 60_000 };
    expect(backoffDelay(1, b, () => 0)).toBe(500);
    expect(backoffDelay(3, b, () => 1)).toBe(4000);
    expect(backoffDelay(30, b, () => 0.5)).toBe(45_000);
  });

  it("acts on logout: ends the session at WhatsApp, forgets it, DISCONNECTED", async () => {
    const c = await connected();
    await c.adapter.request!("logout");
    expect(c.s.loggedOut).toBe(true);
    expect((await postgresAuthState(db.pool, c)).hadCreds).toBe(false);
    expect(await row(c.whatsappId)).toEqual({ status: "DISCONNECTED", qrcode: null, pairing_code: null, number: null });
  });
});

describe("#baileys.inbound", () => {
  it("ingests notify and append upserts once, with text, media, location, contact cards, reactions and our phone's own", async () => {
    const c = await connected();
    const text = message({ id: "3EB0TEXT", message: { conversation: "oi" } });
    c.s.emit("messages.upsert", { messages: [text], type: "notify" });
    // The same message again as history/offline delivery, and a message that arrived while we were down.
    const offline = message({ id: "3EB0OFFLINE", message: { extendedTextMessage: { text: "while you were away" } } });
    c.s.emit("messages.upsert", { messages: [text, offline], type: "append" });
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [
        message({ message: { imageMessage: { mimetype: "image/jpeg", caption: "a photo" } } }),
        message({ message: { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: "Office" } } }),
        message({
          message: {
            contactMessage: {
              displayName: "João",
              vcard: "BEGIN:VCARD\nFN:João\nTEL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD",
            },
          },
        }),
        message({ message: { reactionMessage: { key: { id: "3EB0TEXT" }, text: "👍" } } }),
        message({ fromMe: true, message: { conversation: "sent from the phone" } }),
        message({ from: "status@broadcast", message: { conversation: "a status" } }),
        message({
          from: "120363000000000000@g.us",
          participant: "5511900000000@s.whatsapp.net",
          message: { conversation: "group" },
        }),
      ],
    });
    const rows = await waitFor(async () => {
      const r = await stored(c.companyId);
      return r.length >= 7 ? r : null;
    }, "seven messages");
    // A last message, ingested after the others: a duplicate of the first would have been committed before it.
    c.s.emit("messages.upsert", { type: "notify", messages: [message({ message: { conversation: "last" } })] });
    await waitFor(async () => (await stored(c.companyId)).some((m) => m.body === "last"), "the last message");
    const all = (await stored(c.companyId)).filter((m) => m.body !== "last");
    expect(all.map((m) => [m.media_type, m.body, m.from_me])).toEqual([
      ["chat", "oi", false],
      ["chat", "while you were away", false],
      ["image", "a photo", false],
      ["locationMessage", "Office\nhttps://maps.google.com/maps?q=-23.5,-46.6", false],
      ["contactMessage", expect.stringContaining("5511912345678"), false],
      ["reactionMessage", "👍", false],
      ["chat", "sent from the phone", true],
    ]);
    expect(new Set(rows.map((m) => m.number))).toEqual(new Set(["5511988887777"]));
    expect(new Set(rows.map((m) => m.ticket_id)).size).toBe(1);
    const image = all.find((m) => m.media_type === "image")!;
    expect(image.media_url).toMatch(new RegExp(`^/media/${c.companyId}/`));
    const file = parseMediaUrl(image.media_url!)!;
    expect(await readFile(mediaFilePath(media.path, c.companyId, file.fileName)!, "utf8")).toBe("fake jpeg bytes");
  });

  it("keeps a message whose media WhatsApp would not give, without its file and with the reason (ERR_WAPP_DOWNLOAD_MEDIA)", async () => {
    const c = await connected({
      download: async () => {
        throw new Error("Failed to fetch stream from https://mmg.whatsapp.net/...: 410 Gone");
      },
    });
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [message({ message: { imageMessage: { mimetype: "image/jpeg", caption: "expired photo" } } })],
    });
    const [image] = await waitFor(async () => {
      const r = await stored(c.companyId);
      return r.length === 1 ? r : null;
    }, "the message kept");
    expect(image).toMatchObject({ media_type: "image", body: "expired photo", media_url: null });
    const { rows } = await db.pool.query<{ media: unknown }>(
      "SELECT data_json->'media' AS media FROM messages WHERE company_id = $1",
      [c.companyId],
    );
    expect(rows[0]!.media).toEqual({
      error: "Failed to fetch stream from https://mmg.whatsapp.net/...: 410 Gone",
      code: "ERR_WAPP_DOWNLOAD_MEDIA",
    });
  });

  it("takes group messages only when the connection allows groups as tickets", async () => {
    const c = await connected({ allowGroup: true });
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [
        message({
          from: "120363000000000000@g.us",
          participant: "5511900000000@s.whatsapp.net",
          id: "3EB0G",
          message: { conversation: "g1" },
        }),
        // Another member's device chose the same key id: a different message (the participant scopes it).
        message({
          from: "120363000000000000@g.us",
          participant: "5511900000001@s.whatsapp.net",
          id: "3EB0G",
          message: { conversation: "g2" },
        }),
      ],
    });
    const rows = await waitFor(
      async () => ((await stored(c.companyId)).length === 2 ? stored(c.companyId) : null),
      "two",
    );
    expect(rows.map((m) => [m.number, m.body])).toEqual([
      ["120363000000000000@g.us", "g1"],
      ["120363000000000000@g.us", "g2"],
    ]);
    const t = await db.pool.query<{ is_group: boolean; contact_group: boolean }>(
      `SELECT t.is_group, c.is_group AS contact_group FROM tickets t JOIN contacts c ON c.id = t.contact_id
       WHERE t.company_id = $1`,
      [c.companyId],
    );
    expect(t.rows).toEqual([{ is_group: true, contact_group: true }]);
  });

  it("raises acks from status updates and receipts, never lowers them; applies edits and revokes", async () => {
    const c = await connected();
    // Our message, sent from the phone (the acks of the adapter's own sends are the same events on its key id).
    c.s.emit("messages.upsert", {
      type: "append",
      messages: [message({ id: "3EB0PHONE", fromMe: true, message: { conversation: "our reply" } })],
    });
    await waitFor(async () => (await stored(c.companyId)).length === 1, "our message");
    const key = { remoteJid: "5511988887777@s.whatsapp.net", id: "3EB0PHONE", fromMe: true };
    c.s.emit("messages.update", [{ key, update: { status: 3 } }]);
    await waitFor(async () => (await stored(c.companyId))[0]!.ack === 3, "ack 3");
    c.s.emit("message-receipt.update", [
      { key, receipt: { userJid: "5511988887777@s.whatsapp.net", readTimestamp: 1_700_000_100 } },
    ]);
    await waitFor(async () => (await stored(c.companyId))[0]!.ack === 4, "ack 4 (read)");
    c.s.emit("messages.update", [{ key, update: { status: 2 } }]);
    c.s.emit("message-receipt.update", [
      { key, receipt: { userJid: "5511988887777@s.whatsapp.net", playedTimestamp: 1_700_000_200 } },
    ]);
    await waitFor(async () => (await stored(c.companyId))[0]!.ack === 5, "ack 5 (played), never lowered to 2");

    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [message({ id: "3EB0EDIT", message: { conversation: "tpyo" } })],
    });
    await waitFor(async () => (await stored(c.companyId)).length === 2, "the message to edit");
    const theirs = { remoteJid: "5511988887777@s.whatsapp.net", id: "3EB0EDIT", fromMe: false };
    c.s.emit("messages.update", [
      { key: theirs, update: { message: { editedMessage: { message: { conversation: "typo" } } } } },
    ]);
    await waitFor(async () => (await stored(c.companyId)).some((m) => m.body === "typo" && m.is_edited), "edited");
    c.s.emit("messages.update", [
      { key: theirs, update: { message: null, messageStubType: WAMessageStubType.REVOKE } },
    ]);
    await waitFor(async () => (await stored(c.companyId)).some((m) => m.body === "typo" && m.is_deleted), "revoked");
  });

  it("rejects a call with the company's message when calls are off, and logs it in the caller's ticket", async () => {
    const c = await connected({ acceptCalls: false, callMessage: "Não atendemos ligações" });
    c.s.emit("call", [
      {
        chatId: "5511988887777@s.whatsapp.net",
        from: "5511988887777@s.whatsapp.net",
        id: "CALL1",
        date: new Date(),
        status: "offer",
        offline: false,
      },
    ]);
    const rows = await waitFor(
      async () => ((await stored(c.companyId)).length === 1 ? stored(c.companyId) : null),
      "the call log",
    );
    expect(rows[0]).toMatchObject({ media_type: "call_log", number: "5511988887777" });
    expect(c.s.rejected).toEqual([{ id: "CALL1", from: "5511988887777@s.whatsapp.net" }]);
    expect(c.s.sent.map((s) => s.content)).toEqual([{ text: "Não atendemos ligações" }]);

    const open = await connected({ acceptCalls: true });
    open.s.emit("call", [
      {
        chatId: "5511988887777@s.whatsapp.net",
        from: "5511988887777@s.whatsapp.net",
        id: "CALL2",
        date: new Date(),
        status: "offer",
        offline: false,
      },
    ]);
    await waitFor(async () => (await stored(open.companyId)).length === 1, "the call log");
    expect(open.s.rejected).toEqual([]);
  });

  it("is one contact with one open ticket once a LID's phone number is learned", async () => {
    const c = await connected();
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [message({ from: "99887766@lid", message: { conversation: "by lid" } })],
    });
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [message({ from: "5511955554444@s.whatsapp.net", message: { conversation: "by number" } })],
    });
    await waitFor(async () => (await stored(c.companyId)).length === 2, "both");
    expect(new Set((await stored(c.companyId)).map((m) => m.number))).toEqual(
      new Set(["99887766@lid", "5511955554444"]),
    );
    c.s.emit("lid-mapping.update", { lid: "99887766@lid", pn: "5511955554444@s.whatsapp.net" });
    await waitFor(async () => new Set((await stored(c.companyId)).map((m) => m.number)).size === 1, "merged");
    const { rows } = await db.pool.query<{ contacts: number; open: number }>(
      `SELECT (SELECT count(*)::int FROM contacts WHERE company_id = $1) AS contacts,
        (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND status <> 'closed') AS open`,
      [c.companyId],
    );
    expect(rows[0]).toEqual({ contacts: 1, open: 1 });
    expect(new Set((await stored(c.companyId)).map((m) => m.ticket_id)).size).toBe(1);
    // A later message that carries both addresses lands in the same ticket.
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [
        message({ from: "99887766@lid", alt: "5511955554444@s.whatsapp.net", message: { conversation: "both" } }),
      ],
    });
    await waitFor(async () => (await stored(c.companyId)).length === 3, "third");
    expect(new Set((await stored(c.companyId)).map((m) => m.ticket_id)).size).toBe(1);
  });
});

describe("#baileys.polls-and-view-once", () => {
  /** Encrypts a vote as WhatsApp does (the inverse of Baileys' decryptPollVote). */
  function encryptVote(o: { secret: Buffer; pollId: string; creator: string; voter: string; options: string[] }) {
    const sign = Buffer.concat([
      Buffer.from(o.pollId),
      Buffer.from(o.creator),
      Buffer.from(o.voter),
      Buffer.from("Poll Vote"),
      new Uint8Array([1]),
    ]);
    const key0 = createHmac("sha256", new Uint8Array(32)).update(o.secret).digest();
    const key = createHmac("sha256", key0).update(sign).digest();
    const iv = randomBytes(12);
    const plain = proto.Message.PollVoteMessage.encode({
      selectedOptions: o.options.map((n) => createHash("sha256").update(n).digest()),
    }).finish();
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from(`${o.pollId}\u0000${o.voter}`));
    return { encPayload: Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]), encIv: iv };
  }

  it("sends an agent's poll with the secret core made and the answers a contact may pick, and counts the contact's vote on it (decisions 0062, 0074)", async () => {
    const c = await connected();
    const { contact, ticket } = await openTicketOn(c);
    const secret = randomBytes(32);
    const dataJson = {
      pollCreationMessageV3: {
        name: "Qual sabor?",
        options: [{ optionName: "Uva" }, { optionName: "Limão" }, { optionName: "Morango" }],
        selectableOptionsCount: 1,
      },
      pollSecret: secret.toString("base64"),
      votes: {},
    };
    const m = outbound(c, {
      ticketId: ticket.id,
      body: "Qual sabor?\n- Uva\n- Limão\n- Morango",
      mediaType: "pollCreationMessageV3",
      dataJson,
    });
    await db.pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, media_type, data_json, from_me,
         ack, send_state, claimed_by)
       VALUES ($1, $2, $3, $4, $5, $6, 'pollCreationMessageV3', $7, true, 0, 'sending', $8)`,
      [m.id, c.companyId, ticket.id, contact.id, c.whatsappId, m.body, JSON.stringify(dataJson), LEASE.workerId],
    );
    const { remoteId } = await c.adapter.send(m);
    const sent = c.s.sent.at(-1)!;
    expect(sent.jid).toBe("5511988887777@s.whatsapp.net");
    expect(sent.content).toEqual({
      poll: { name: "Qual sabor?", values: ["Uva", "Limão", "Morango"], selectableCount: 1, messageSecret: secret },
    });
    expect(sent.options?.messageId).toBe(remoteId);
    const owner = { workerId: LEASE.workerId, generation: LEASE.generation, guardMs: 0, companyId: c.companyId };
    expect(await markSent(db.pool, m.id, remoteId, owner)).toBe(true);

    // The contact votes on our poll: encrypted with our secret, our number the poll's creator.
    const voter = "5511988887777@s.whatsapp.net";
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [
        message({
          id: "3EB0VOTEOURS",
          message: {
            pollUpdateMessage: {
              pollCreationMessageKey: { remoteJid: voter, fromMe: true, id: remoteId },
              vote: encryptVote({
                secret,
                pollId: remoteId,
                creator: "5511999990000@s.whatsapp.net",
                voter,
                options: ["Limão"],
              }),
              senderTimestampMs: Date.now(),
            },
          },
        }),
      ],
    });
    const votes = await waitFor(async () => {
      const { rows } = await db.pool.query("SELECT data_json FROM messages WHERE id = $1", [m.id]);
      return rows[0].data_json.votes["5511988887777"] ?? null;
    }, "the contact's vote on our poll");
    expect(votes).toEqual(["Limão"]);
    // How many answers each contact may pick, as the agent chose it (decision 0074), goes as Baileys' selectableCount.
    const two = {
      ...dataJson,
      pollCreationMessageV3: { ...dataJson.pollCreationMessageV3, selectableOptionsCount: 2 },
    };
    await c.adapter.send(outbound(c, { body: m.body, mediaType: "pollCreationMessageV3", dataJson: two }));
    expect(c.s.sent.at(-1)!.content).toEqual({
      poll: { name: "Qual sabor?", values: ["Uva", "Limão", "Morango"], selectableCount: 2, messageSecret: secret },
    });
    // A poll without its secret is refused for good rather than sent with one nobody keeps.
    await expect(
      c.adapter.send(
        outbound(c, {
          mediaType: "pollCreationMessageV3",
          dataJson: { pollCreationMessageV3: dataJson.pollCreationMessageV3 },
        }),
      ),
    ).rejects.toMatchObject({ kind: "permanent" });
  });

  it("shows a contact's poll with its options, records each decrypted vote (the latest wins), and keeps view-once media marked", async () => {
    const c = await connected();
    const secret = randomBytes(32);
    const contact = "5511988887777@s.whatsapp.net";
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [
        message({
          id: "3EB0POLL",
          message: {
            messageContextInfo: { messageSecret: secret },
            pollCreationMessageV3: {
              name: "Melhor horário?",
              options: [{ optionName: "Manhã" }, { optionName: "Tarde" }],
              selectableOptionsCount: 1,
            },
          },
        }),
        message({
          id: "3EB0ONCE",
          message: {
            viewOnceMessageV2: { message: { imageMessage: { mimetype: "image/jpeg", caption: "só uma vez" } } },
          },
        }),
      ],
    });
    const pollRow = async () =>
      (
        await db.pool.query(
          "SELECT body, media_type, data_json FROM messages WHERE company_id = $1 AND remote_id = '3EB0POLL'",
          [c.companyId],
        )
      ).rows[0];
    await waitFor(pollRow, "the poll");
    const vote = (options: string[], id: string) =>
      message({
        id,
        message: {
          pollUpdateMessage: {
            pollCreationMessageKey: { remoteJid: contact, fromMe: false, id: "3EB0POLL" },
            vote: encryptVote({ secret, pollId: "3EB0POLL", creator: contact, voter: contact, options }),
            senderTimestampMs: Date.now(),
          },
        },
      });
    c.s.emit("messages.upsert", { type: "notify", messages: [vote(["Tarde"], "3EB0V1")] });
    await waitFor(async () => (await pollRow()).data_json.votes["5511988887777"], "the first vote");
    // The contact changes their vote: the latest choice replaces the first.
    c.s.emit("messages.upsert", { type: "notify", messages: [vote(["Manhã"], "3EB0V2")] });
    const poll = await waitFor(async () => {
      const r = await pollRow();
      return r.data_json.votes["5511988887777"]?.[0] === "Manhã" ? r : null;
    }, "the changed vote");
    expect(poll).toMatchObject({
      media_type: "pollCreationMessageV3",
      body: "Melhor horário?\n- Manhã\n- Tarde",
      data_json: {
        pollCreationMessageV3: { name: "Melhor horário?", options: [{ optionName: "Manhã" }, { optionName: "Tarde" }] },
        votes: { "5511988887777": ["Manhã"] },
      },
    });
    // A vote is no message of its own; a vote no key opens changes nothing.
    c.s.emit("messages.upsert", {
      type: "notify",
      messages: [
        message({
          id: "3EB0V3",
          message: {
            pollUpdateMessage: {
              pollCreationMessageKey: { remoteJid: contact, fromMe: false, id: "3EB0POLL" },
              vote: encryptVote({
                secret: randomBytes(32),
                pollId: "3EB0POLL",
                creator: contact,
                voter: contact,
                options: ["Tarde"],
              }),
            },
          },
        }),
      ],
    });
    await waitFor(async () => c.logs.some((l) => l.includes("could not be read")), "the unreadable vote");
    expect((await pollRow()).data_json.votes).toEqual({ "5511988887777": ["Manhã"] });
    const all = await stored(c.companyId);
    expect(all.map((m) => m.media_type)).toEqual(["pollCreationMessageV3", "viewOnceMessage"]);
    const once = await db.pool.query(
      "SELECT body, media_url, data_json FROM messages WHERE company_id = $1 AND remote_id = '3EB0ONCE'",
      [c.companyId],
    );
    expect(once.rows[0]).toMatchObject({ body: "só uma vez", data_json: { mediaType: "image", viewOnce: true } });
    expect(once.rows[0].media_url).toMatch(new RegExp(`^/media/${c.companyId}/`));
  });
});

describe("#baileys.history", () => {
  it("imports the history inside the import window once, in the import queue, and closes those tickets afterwards", async () => {
    const c = await connected();
    const q = await db.pool.query<{ id: number }>(
      "INSERT INTO queues (company_id, name, color) VALUES ($1, 'Imported', '#123456') RETURNING id",
      [c.companyId],
    );
    await db.pool.query(
      `UPDATE whatsapps SET import_old_messages = '2023-11-01', import_recent_messages = '2023-11-30',
         closed_tickets_post_imported = true, queue_id_import_messages = $3 WHERE id = $1 AND company_id = $2`,
      [c.whatsappId, c.companyId, q.rows[0]!.id],
    );
    // The options are read when the session opens.
    c.s.close(DisconnectReason.restartRequired);
    await waitFor(() => c.sockets.sockets.length === 2, "the reopened socket");
    const s = c.sockets.last();
    s.open();
    const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
    const inside = {
      ...message({ id: "3EB0HIST1", message: { conversation: "november" } }),
      messageTimestamp: at("2023-11-14T12:00:00Z"),
    };
    const lastDay = {
      ...message({ id: "3EB0HIST2", message: { conversation: "last day" } }),
      messageTimestamp: at("2023-11-30T20:00:00Z"),
    };
    const before = {
      ...message({ id: "3EB0HIST0", message: { conversation: "october" } }),
      messageTimestamp: at("2023-10-01T12:00:00Z"),
    };
    const group = {
      ...message({
        from: "120363000000000001@g.us",
        participant: "5511900000000@s.whatsapp.net",
        message: { conversation: "group" },
      }),
      messageTimestamp: at("2023-11-15T12:00:00Z"),
    };
    s.emit("messaging-history.set", {
      chats: [],
      contacts: [],
      messages: [inside, before, group],
      isLatest: true,
      progress: 50,
    });
    // The same message again in a later chunk, and as an offline append: stored once.
    s.emit("messaging-history.set", { chats: [], contacts: [], messages: [inside, lastDay], progress: 100 });
    s.emit("messages.upsert", { type: "append", messages: [inside] });
    await waitFor(async () => (await stored(c.companyId)).length === 2, "two imported");
    expect(await importStatus(c.whatsappId)).toBe("Running");
    s.emit("messaging-history.status", { syncType: 0 as never, status: "complete", explicit: true });
    await waitFor(async () => /^\d+$/.test((await importStatus(c.whatsappId)) ?? ""), "the import's completion time");
    expect((await stored(c.companyId)).map((m) => m.body).sort()).toEqual(["last day", "november"]);
    const t = await db.pool.query<{ status: string; queue_id: number | null }>(
      "SELECT status, queue_id FROM tickets WHERE company_id = $1",
      [c.companyId],
    );
    expect(t.rows).toEqual([{ status: "closed", queue_id: q.rows[0]!.id }]);
  });
});

describe("#baileys.outbound", () => {
  it("sends text, quoted replies, voice notes and contact cards under a key id derived from the message id", async () => {
    const c = await connected();
    const m = outbound(c, { body: "olá", quotedRemoteId: "3EB0QUOTED" });
    const r = await c.adapter.send(m);
    expect(r.remoteId).toBe(keyIdOf(m.id));
    expect(keyIdOf(m.id)).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(c.s.sent[0]).toMatchObject({
      jid: "5511988887777@s.whatsapp.net",
      content: { text: "olá" },
      options: { messageId: keyIdOf(m.id), quoted: { key: { id: "3EB0QUOTED" } } },
    });
    // A resend of the same message carries the same id.
    await c.adapter.send(m);
    expect(c.s.sent[1]!.options?.messageId).toBe(keyIdOf(m.id));

    const voice = await saveMedia(media.path, c.companyId, "voice.ogg", OGG_OPUS_HEAD);
    await c.adapter.send(outbound(c, { mediaType: "audio", mediaUrl: voice.url, body: "" }));
    expect(c.s.sent[2]!.content).toMatchObject({ mimetype: "audio/ogg; codecs=opus", ptt: true });
    const card = "BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;type=CELL;waid=5511912345678:+5511912345678\nEND:VCARD";
    await c.adapter.send(
      outbound(c, { mediaType: "contactMessage", body: card, dataJson: { vCard: { name: "João" } } }),
    );
    expect(c.s.sent[3]!.content).toEqual({ contacts: { displayName: "João", contacts: [{ vcard: card }] } });
    await expect(
      c.adapter.send(outbound(c, { mediaType: "image", mediaUrl: `/media/${c.companyId}/gone.jpg` })),
    ).rejects.toMatchObject({
      kind: "permanent",
      code: "ERR_MEDIA_NOT_FOUND",
    });
  });

  it("sends the composer's recordings as Ogg/Opus voice notes (converted from MP4), other files as they are, under their names", async () => {
    const c = await connected();
    // A second of AAC in MP4, as Chrome and Safari record it (made by the same ffmpeg).
    const m4a = await sineAsMp4();
    expect(isOggOpus(m4a)).toBe(false);
    const recording = await saveMedia(media.path, c.companyId, "audio-1764400000000.m4a", m4a);
    await c.adapter.send(outbound(c, { mediaType: "audio", mediaUrl: recording.url, body: "" }));
    const voice = c.s.sent[0]!.content as { audio: Buffer; mimetype: string; ptt?: boolean };
    expect(voice).toMatchObject({ mimetype: "audio/ogg; codecs=opus", ptt: true });
    expect(isOggOpus(voice.audio)).toBe(true);
    // An audio file attached as a file keeps its container and says which it is.
    const song = await saveMedia(media.path, c.companyId, "musica.m4a", m4a);
    await c.adapter.send(outbound(c, { mediaType: "audio", mediaUrl: song.url, body: "" }));
    const file = c.s.sent[1]!.content as { audio: Buffer; mimetype: string; ptt?: boolean };
    expect(file.mimetype).toBe("audio/mp4");
    expect(file.ptt).toBeUndefined();
    expect(file.audio.equals(m4a)).toBe(true);
    // A recording ffmpeg cannot read still goes, as the plain file it is.
    const broken = await saveMedia(media.path, c.companyId, "audio-1764400000001.m4a", Buffer.from("not audio at all"));
    await c.adapter.send(outbound(c, { mediaType: "audio", mediaUrl: broken.url, body: "" }));
    expect(c.s.sent[2]!.content).toMatchObject({ mimetype: "audio/mpeg" });
    expect((c.s.sent[2]!.content as { ptt?: boolean }).ptt).toBeUndefined();
    // A document goes under the name it was uploaded with (not the stored `<uuid>-` name).
    const pdf = await saveMedia(media.path, c.companyId, "contrato.pdf", Buffer.from("%PDF-1.4\n"));
    await c.adapter.send(outbound(c, { mediaType: "application", mediaUrl: pdf.url, body: "" }));
    expect(c.s.sent[3]!.content).toMatchObject({ fileName: "contrato.pdf", mimetype: "application/pdf" });
  });

  it("keeps an ack that arrives before the send's answer: the row gets its remote id and ack, and markSent agrees", async () => {
    const c = await connected();
    const { contact, ticket } = await openTicketOn(c);
    const m = outbound(c, { ticketId: ticket.id, body: "chegou antes" });
    await db.pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, send_state, claimed_by)
       VALUES ($1, $2, $3, $4, $5, $6, true, 0, 'sending', $7)`,
      [m.id, c.companyId, ticket.id, contact.id, c.whatsappId, m.body, LEASE.workerId],
    );
    // WhatsApp's delivery receipt is ingested before sendMessage answers.
    c.s.onSend = async (sent) => {
      const before = c.ingests.length;
      c.s.emit("messages.update", [
        { key: { remoteJid: sent.jid, id: sent.options!.messageId!, fromMe: true }, update: { status: 3 } },
      ]);
      await waitFor(() => c.ingests.length > before, "the ack's ingest");
      await Promise.all(c.ingests);
      return {
        key: { remoteJid: sent.jid, id: sent.options!.messageId!, fromMe: true },
        message: { conversation: m.body },
      } as WAMessage;
    };
    const { remoteId } = await c.adapter.send(m);
    const owner = { workerId: LEASE.workerId, generation: LEASE.generation, guardMs: 0, companyId: c.companyId };
    expect(await markSent(db.pool, m.id, remoteId, owner)).toBe(true);
    const { rows } = await db.pool.query("SELECT ack, remote_id, send_state FROM messages WHERE id = $1", [m.id]);
    expect(rows[0]).toEqual({ ack: 3, remote_id: keyIdOf(m.id), send_state: "sent" });
  });

  it("refuses to send while not connected, and a rate-limit refusal holds the queue (not delivered)", async () => {
    const c = await setup({ paired: true });
    await c.adapter.start();
    const down = await c.adapter.send(outbound(c)).catch((e) => e);
    expect(down).toBeInstanceOf(SendError);
    expect(down.kind).toBe("retryable-not-delivered");
    c.sockets.last().open();
    await until(c.whatsappId, (r) => r.status === "CONNECTED", "CONNECTED");
    c.sockets.last().onSend = async () => {
      throw Object.assign(new Error("rate-overlimit"), { output: { statusCode: 429 } });
    };
    const limited = await c.adapter.send(outbound(c)).catch((e) => e);
    expect(limited).toMatchObject({ kind: "retryable-not-delivered", hold: "rate-limited" });
    // A restricted account (463, reach-out time lock) holds the queue too, and says so.
    c.sockets.last().onSend = async () => {
      throw Object.assign(new Error("reachout timelock"), { output: { statusCode: 463 } });
    };
    const restricted = await c.adapter.send(outbound(c)).catch((e) => e);
    expect(restricted).toMatchObject({ kind: "retryable-not-delivered", hold: "restricted" });
    expect(c.adapter.idempotentSend).toBe(true);
  });
});
