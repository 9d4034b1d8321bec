// The WhatsApp adapter through Baileys (channel whatsapp; decision 0049): one socket per connection, opened only
// by the worker holding the connection's lease (decision 0042). Its auth state lives in PostgreSQL
// (baileys-auth.ts). It writes the session's lifecycle to whatsapps (status, qrcode, pairing_code, number),
// fenced by the lease generation and recorded in the change log so screens follow; it turns Baileys' events into
// core's ingest events; it sends the queued messages with a key id derived from the message id, so a resend
// after a lost answer carries the same id and the recipient's devices drop the copy.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { mergeLidContact } from "@chatflow/core/contacts/merge-lid-contact.ts";
import type { PollPayload } from "@chatflow/core/contract/message-polls.ts";
import {
  mediaFilePath,
  mimeOfFileName,
  originalFileName,
  parseMediaUrl,
  saveMedia,
} from "@chatflow/core/media/media-store.ts";
import type { InboundEvent } from "@chatflow/core/messages/ingest.ts";
import { type Change, inTransaction, recordChanges } from "@chatflow/core/sync/change-log.ts";
import makeWASocket, {
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventEmitter,
  DEFAULT_CONNECTION_CONFIG,
  DisconnectReason,
  downloadMediaMessage,
  isLidUser,
  isPnUser,
  jidDecode,
  type MiscMessageGenerationOptions,
  makeCacheableSignalKeyStore,
  type WAMessage,
} from "@whiskeysockets/baileys";
import type pg from "pg";
import type { AdapterEvents, ChannelAdapter, ChannelConnection, ConnectionStatus, OutboundMessage } from "./adapter.ts";
import { SendError } from "./adapter.ts";
import { type PostgresAuthState, postgresAuthState } from "./baileys-auth.ts";
import { pollVoteOf, recordPollVote } from "./baileys-poll-votes.ts";
import { audioMime, isOggOpus, isRecording, toOggOpus } from "./voice-note.ts";
import {
  type ConnectionRules,
  callLogOf,
  contactNumberOf,
  inboundMessageOf,
  jidOfNumber,
  receiptEvents,
  updateEvents,
} from "./whatsapp-baileys-inbound.ts";

/** The part of Baileys' socket the adapter uses; tests hand in a stand-in with the same shapes. */
export type BaileysSocket = {
  ev: BaileysEventEmitter;
  user?: { id: string; lid?: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void>;
};

export type SocketFactory = (auth: AuthenticationState) => BaileysSocket;

/** Baileys' own socket, quiet logs, our auth state behind its key cache. */
export const baileysSocket: SocketFactory = (auth) => {
  const logger = DEFAULT_CONNECTION_CONFIG.logger.child({ class: "chatflow" });
  logger.level = process.env.BAILEYS_LOG_LEVEL ?? "warn";
  return makeWASocket({
    auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
    logger,
    markOnlineOnConnect: false,
    // Our sends are rows already: Baileys would echo each as an "append" upsert (Socket/messages-send.js) racing
    // the sender's markSent for the same remote id.
    emitOwnEvents: false,
    // Baileys' default, said out loud: history chunks come, the adapter keeps those inside the import window.
    syncFullHistory: true,
  }) as unknown as BaileysSocket;
};

export type BaileysOptions = {
  pool: pg.Pool;
  /** The lease this adapter runs under: every write to whatsapps names it (fencing, decision 0042). */
  lease: { workerId: string; generation: number };
  /** core's DATA_DIR: inbound media are stored in, outbound read from, the company's media folder. */
  dataDir: string;
  makeSocket?: SocketFactory;
  /** Downloads an inbound message's media (Baileys' downloadMediaMessage by default). */
  download?: (m: WAMessage, socket: BaileysSocket) => Promise<Buffer>;
  /** Reconnect backoff for the disconnect reasons that call for it. */
  backoff?: { minMs: number; maxMs: number };
  random?: () => number;
  log?: (message: string) => void;
};

/** What a closed socket calls for (decision 0049). */
export type CloseAction = "new-qr" | "reconnect-now" | "replaced" | "qr-timeout" | "stop" | "backoff";

/** Baileys' words when it stops rotating QR codes nobody scanned (Socket/socket.js). */
const QR_ENDED = /QR refs attempts ended/i;

export function closeAction(code: number | undefined, registered: boolean, message = ""): CloseAction {
  switch (code) {
    case DisconnectReason.loggedOut:
      return "new-qr";
    case DisconnectReason.restartRequired:
      return "reconnect-now";
    case DisconnectReason.connectionReplaced:
      return "replaced";
    case DisconnectReason.forbidden:
      // The account is banned or restricted: reconnecting again and again is what gets numbers banned.
      return "stop";
    case DisconnectReason.timedOut:
      // 408 is also connectionLost (a network failure, before or after pairing): only the end of the QR
      // rotation, before pairing, is a TIMEOUT.
      return !registered && QR_ENDED.test(message) ? "qr-timeout" : "backoff";
    default:
      return "backoff";
  }
}

/** Exponential backoff with equal jitter: half fixed, half random, so many connections do not retry in step. */
export function backoffDelay(attempt: number, b: { minMs: number; maxMs: number }, random: () => number): number {
  const cap = Math.min(b.maxMs, b.minMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(cap / 2 + (cap / 2) * random());
}

/** The key id of an outbound message: Baileys' own shape (3EB0 + 18 hex), derived from messages.id. */
export function keyIdOf(messageId: string): string {
  return `3EB0${createHash("sha256").update(messageId).digest("hex").toUpperCase().slice(0, 18)}`;
}

const statusCodeOf = (err: unknown): number | undefined =>
  (err as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

export function whatsappBaileysAdapter(
  connection: ChannelConnection,
  events: AdapterEvents,
  o: BaileysOptions,
): ChannelAdapter & {
  /** Acts on an admin's session request (start, new-qr, logout, restart). */
  request(action: "start" | "new-qr" | "logout" | "restart", pairingPhoneNumber?: string): Promise<void>;
} {
  const owner = { companyId: connection.companyId, whatsappId: connection.id };
  const log = o.log ?? (() => {});
  const makeSocket = o.makeSocket ?? baileysSocket;
  const backoff = o.backoff ?? { minMs: 2000, maxMs: 120_000 };
  const random = o.random ?? Math.random;
  let status: ConnectionStatus = "DISCONNECTED";
  let socket: BaileysSocket | null = null;
  let auth: PostgresAuthState | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let pairingPhone: string | undefined;
  type Rules = ConnectionRules & {
    acceptCalls: boolean;
    callMessage: string;
    /** History import (spec 2 §3): the window of days, groups too, close afterwards, the queue of the tickets. */
    importFrom: Date | null;
    importTo: Date | null;
    importGroups: boolean;
    closeAfterImport: boolean;
    importQueueId: number | null;
  };
  let rules: Rules = {
    ...owner,
    allowGroup: false,
    groupAsTicket: false,
    acceptCalls: true,
    callMessage: "",
    importFrom: null,
    importTo: null,
    importGroups: false,
    closeAfterImport: false,
    importQueueId: null,
  };
  /** The history import under way: when it began and the remote ids it stored. */
  let importing: { startedAt: Date; remoteIds: Set<string> } | null = null;
  /**
   * Key ids this adapter sent lately, with the id of the message row each one sends (none for edits and deletes):
   * their echo (an own-event upsert) is not a message from the phone, and an ack that comes before the send's
   * answer (so before its remote id is stored) names the row it belongs to.
   */
  const sentIds = new Map<string, string | null>();
  const remember = (id: string, messageId: string | null = null) => {
    sentIds.set(id, messageId);
    // Bounded: the oldest go first (a Map keeps insertion order).
    if (sentIds.size > 1000) sentIds.delete(sentIds.keys().next().value!);
  };
  /** Acks of our own sends carry the row's id, so ingest can record one that outran the send's answer. */
  const withOwnIds = (out: InboundEvent[]): InboundEvent[] =>
    out.map((e) => {
      const messageId = e.kind === "ack" ? sentIds.get(e.remoteId) : null;
      return messageId ? { ...e, messageId } : e;
    });
  /** The creds writes in flight, in order. */
  let saving: Promise<void> = Promise.resolve();
  /** LID/PN pairs already merged by this adapter, so a message carrying both costs no query. */
  const learned = new Set<string>();
  // Writes of whatsapps in the order the events came.
  let writes: Promise<unknown> = Promise.resolve();

  /** Writes the lifecycle fields under our lease only; a lease lost meanwhile writes nothing. */
  function write(
    next: ConnectionStatus,
    fields: { qrcode?: string | null; pairingCode?: string | null; number?: string | null },
    error?: string,
  ) {
    status = next;
    events.onStatus(next, { ...(fields.qrcode ? { qr: fields.qrcode } : {}), ...(error ? { error } : {}) });
    const run = () =>
      inTransaction(o.pool, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          `UPDATE whatsapps w SET status = $5,
             qrcode = CASE WHEN $6 THEN $7 ELSE w.qrcode END,
             pairing_code = CASE WHEN $8 THEN $9 ELSE w.pairing_code END,
             number = CASE WHEN $10 THEN $11 ELSE w.number END, updated_at = now()
           WHERE w.id = $1 AND w.company_id = $2 AND EXISTS (SELECT 1 FROM connection_leases l
             WHERE l.whatsapp_id = $1 AND l.holder = $3 AND l.generation = $4 AND l.expires_at > now())
           RETURNING w.id`,
          [
            owner.whatsappId,
            owner.companyId,
            o.lease.workerId,
            o.lease.generation,
            next,
            "qrcode" in fields,
            fields.qrcode ?? null,
            "pairingCode" in fields,
            fields.pairingCode ?? null,
            "number" in fields,
            fields.number ?? null,
          ],
        );
        const changes: Change[] = rows.map((r) => ({ companyId: owner.companyId, entity: "whatsapps", id: r.id }));
        await recordChanges(client, changes);
        return rows.length > 0;
      });
    const done = writes
      .then(run)
      .catch((err) => log(`connection ${owner.whatsappId} status write: ${(err as Error).message}`));
    writes = done;
    return done;
  }

  async function loadRules(): Promise<void> {
    const { rows } = await o.pool.query<{
      allow_group: boolean;
      group_as_ticket: string;
      import_old_messages: string | null;
      import_recent_messages: string | null;
      import_old_messages_groups: boolean;
      closed_tickets_post_imported: boolean;
      queue_id_import_messages: number | null;
    }>(
      `SELECT allow_group, group_as_ticket, import_old_messages::text, import_recent_messages::text, import_old_messages_groups,
         closed_tickets_post_imported, queue_id_import_messages FROM whatsapps WHERE id = $1 AND company_id = $2`,
      [owner.whatsappId, owner.companyId],
    );
    const settings = await o.pool.query<{ key: string; value: string }>(
      "SELECT key, value FROM settings WHERE company_id = $1 AND key = ANY($2::text[])",
      [owner.companyId, ["acceptCallWhatsapp", "AcceptCallWhatsappMessage"]],
    );
    const setting = (k: string) => settings.rows.find((r) => r.key === k)?.value;
    rules = {
      ...owner,
      allowGroup: rows[0]?.allow_group ?? false,
      groupAsTicket: rows[0]?.group_as_ticket === "enabled",
      acceptCalls: setting("acceptCallWhatsapp") !== "disabled",
      callMessage: setting("AcceptCallWhatsappMessage") ?? "",
      // Days, taken as UTC days (the column has no zone).
      importFrom: rows[0]?.import_old_messages ? new Date(`${rows[0].import_old_messages}T00:00:00Z`) : null,
      importTo: rows[0]?.import_recent_messages ? new Date(`${rows[0].import_recent_messages}T00:00:00Z`) : null,
      importGroups: rows[0]?.import_old_messages_groups ?? false,
      closeAfterImport: rows[0]?.closed_tickets_post_imported ?? false,
      importQueueId: rows[0]?.queue_id_import_messages ?? null,
    };
  }

  /** Does the lease still name us (a replaced connection keeps going only then)? */
  async function holdLease(): Promise<boolean> {
    const { rows } = await o.pool.query(
      `SELECT 1 FROM connection_leases WHERE whatsapp_id = $1 AND holder = $2 AND generation = $3 AND expires_at > now()`,
      [owner.whatsappId, o.lease.workerId, o.lease.generation],
    );
    return rows.length > 0;
  }

  async function ingestUpsert(
    messages: WAMessage[],
    s: BaileysSocket,
    r: ConnectionRules = rules,
  ): Promise<InboundEvent[]> {
    const out: InboundEvent[] = [];
    for (const m of messages) {
      if (m.key.fromMe && m.key.id && sentIds.has(m.key.id)) continue;
      const vote = pollVoteOf(m);
      if (vote) {
        // A vote is no message of its own: it updates its poll (decrypted here; decision 0053).
        const me = { id: s.user?.id, lid: s.user?.lid };
        if (!(await recordPollVote(o.pool, owner, m, vote, me))) {
          log(`connection ${owner.whatsappId}: a vote on ${vote.pollCreationMessageKey?.id} could not be read`);
        }
        continue;
      }
      const alt = m.key.remoteJidAlt;
      if (alt && m.key.remoteJid) {
        const lid = isLidUser(m.key.remoteJid) ? m.key.remoteJid : isLidUser(alt) ? alt : null;
        const pn = lid === m.key.remoteJid ? alt : m.key.remoteJid;
        if (lid && isPnUser(pn)) await learnMapping(lid, pn);
      }
      const mapped = inboundMessageOf(m, r);
      if (!mapped) continue;
      if (mapped.media) {
        try {
          const bytes = await (o.download ?? ((msg) => downloadMediaMessage(msg, "buffer", {})))(m, s);
          const saved = await saveMedia(o.dataDir, owner.companyId, mapped.media.fileName, bytes);
          mapped.event.mediaUrl = saved.url;
        } catch (err) {
          // The message is stored without its file rather than lost; the body still says what it was.
          log(`connection ${owner.whatsappId}: media of ${m.key.id} not downloaded: ${(err as Error).message}`);
        }
      }
      out.push(mapped.event);
    }
    if (out.length > 0) await events.onInbound(out);
    return out;
  }

  /** A fenced write of whatsapps.status_import_messages ("Running", then the completion time in ms). */
  async function writeImportStatus(value: string): Promise<void> {
    await inTransaction(o.pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `UPDATE whatsapps w SET status_import_messages = $5, updated_at = now()
         WHERE w.id = $1 AND w.company_id = $2 AND EXISTS (SELECT 1 FROM connection_leases l
           WHERE l.whatsapp_id = $1 AND l.holder = $3 AND l.generation = $4 AND l.expires_at > now())
         RETURNING w.id`,
        [owner.whatsappId, owner.companyId, o.lease.workerId, o.lease.generation, value],
      );
      await recordChanges(
        client,
        rows.map((r) => ({ companyId: owner.companyId, entity: "whatsapps" as const, id: r.id })),
      );
    });
  }

  /** History sync chunks: the messages inside the connection's import window, through the same ingest. */
  async function importHistory(messages: WAMessage[], s: BaileysSocket): Promise<void> {
    if (!rules.importFrom) return;
    const from = rules.importFrom.getTime();
    // importRecentMessages is a day: the whole of it is in the window.
    const to = rules.importTo ? rules.importTo.getTime() + 86_400_000 : Number.POSITIVE_INFINITY;
    const wanted = messages.filter((m) => {
      const t = Number(m.messageTimestamp?.toString() ?? 0) * 1000;
      return t >= from && t < to;
    });
    if (!importing) {
      importing = { startedAt: new Date(), remoteIds: new Set() };
      await writeImportStatus("Running");
    }
    const r = { ...rules, allowGroup: rules.importGroups, groupAsTicket: rules.importGroups };
    for (const e of await ingestUpsert(wanted, s, r)) if (e.kind === "message") importing.remoteIds.add(e.remoteId);
  }

  /** The import is complete: its tickets get the import queue, are closed when asked, and the time is recorded. */
  async function finishImport(): Promise<void> {
    const done = importing;
    if (!done) return;
    importing = null;
    await inTransaction(o.pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `UPDATE tickets t SET queue_id = coalesce(t.queue_id, $4),
           status = CASE WHEN $5 THEN 'closed' ELSE t.status END, updated_at = now()
         WHERE t.company_id = $1 AND t.whatsapp_id = $2 AND t.status <> 'closed'
           AND t.id IN (SELECT m.ticket_id FROM messages m WHERE m.company_id = $1 AND m.whatsapp_id = $2
             AND m.remote_id = ANY($3::text[]))
           -- A ticket that received a live message during the import stays open.
           AND NOT EXISTS (SELECT 1 FROM messages n WHERE n.company_id = $1 AND n.ticket_id = t.id
             AND n.created_at >= $6 AND NOT (n.remote_id = ANY($3::text[])))
         RETURNING t.id`,
        [
          owner.companyId,
          owner.whatsappId,
          [...done.remoteIds],
          rules.importQueueId,
          rules.closeAfterImport,
          done.startedAt,
        ],
      );
      await recordChanges(
        client,
        rows.map((r) => ({ companyId: owner.companyId, entity: "tickets" as const, id: r.id })),
      );
    });
    await writeImportStatus(String(Date.now()));
  }

  async function learnMapping(lid: string, pn: string): Promise<void> {
    const lidNumber = contactNumberOf(lid);
    const pnNumber = contactNumberOf(pn);
    if (!lidNumber?.endsWith("@lid") || !pnNumber || pnNumber.includes("@")) return;
    const pair = `${lidNumber} ${pnNumber}`;
    if (learned.has(pair)) return;
    await inTransaction(o.pool, async (client) => {
      const changes = await mergeLidContact(client, owner.companyId, lidNumber, pnNumber);
      await recordChanges(client, changes);
    });
    learned.add(pair);
  }

  function wire(s: BaileysSocket): void {
    const guard =
      <T>(fn: (arg: T) => Promise<void> | void) =>
      (arg: T) => {
        if (socket !== s || stopped) return;
        Promise.resolve(fn(arg)).catch((err) => log(`connection ${owner.whatsappId}: ${(err as Error).message}`));
      };
    // Saved in order, and awaited before a socket opens: after pairing Baileys saves the creds and at once asks for
    // a restart (515), which must load the paired creds, not the ones from before.
    s.ev.on("creds.update", () => {
      const a = auth;
      if (socket !== s || stopped || !a) return;
      saving = saving
        .then(() => a.saveCreds())
        .catch((err) => log(`connection ${owner.whatsappId} creds: ${(err as Error).message}`));
    });
    let pairingAsked = false;
    s.ev.on(
      "connection.update",
      guard(async (u) => {
        if (u.qr) {
          if (pairingPhone && pairingAsked) return; // one code per socket; Baileys keeps rotating QR meanwhile
          if (pairingPhone) {
            pairingAsked = true;
            const code = await s.requestPairingCode(pairingPhone);
            await write("PAIRING", { pairingCode: code, qrcode: null });
          } else {
            await write("qrcode", { qrcode: u.qr, pairingCode: null });
          }
        }
        if (u.connection === "connecting" && status !== "qrcode" && status !== "PAIRING") {
          await write("OPENING", {});
        }
        if (u.connection === "open") {
          attempt = 0;
          pairingPhone = undefined;
          const number = s.user?.id ? (jidDecode(s.user.id)?.user ?? null) : null;
          await write("CONNECTED", { qrcode: null, pairingCode: null, number });
        }
        if (u.connection === "close") await closed(u.lastDisconnect?.error);
      }),
    );
    s.ev.on(
      "messages.upsert",
      guard(async ({ messages, type }) => {
        // "append": arrived while the socket was down or from our other devices; kept as well as "notify".
        if (type === "notify" || type === "append") await ingestUpsert(messages, s);
      }),
    );
    s.ev.on(
      "messages.update",
      guard(async (updates) => {
        const out = withOwnIds(updateEvents(updates, rules));
        if (out.length > 0) await events.onInbound(out);
      }),
    );
    s.ev.on(
      "message-receipt.update",
      guard(async (receipts) => {
        const out = withOwnIds(receiptEvents(receipts, rules));
        if (out.length > 0) await events.onInbound(out);
      }),
    );
    s.ev.on(
      "messaging-history.set",
      guard(async ({ messages, lidPnMappings }) => {
        for (const m of lidPnMappings ?? []) await learnMapping(m.lid, m.pn);
        await importHistory(messages, s);
      }),
    );
    s.ev.on(
      "messaging-history.status",
      guard(async ({ status }) => {
        if (status === "complete") await finishImport();
      }),
    );
    s.ev.on(
      "lid-mapping.update",
      guard(({ lid, pn }) => learnMapping(lid, pn)),
    );
    s.ev.on(
      "call",
      guard(async (calls) => {
        for (const call of calls) {
          const logged = callLogOf(call, rules);
          if (!logged) continue;
          if (!rules.acceptCalls) {
            await s.rejectCall(call.id, call.from);
            if (rules.callMessage.trim()) await s.sendMessage(call.from, { text: rules.callMessage });
          }
          await events.onInbound([logged]);
        }
      }),
    );
  }

  async function open(): Promise<void> {
    if (stopped) return;
    await saving;
    await loadRules();
    auth = await postgresAuthState(o.pool, owner);
    const s = makeSocket(auth.state);
    socket = s;
    wire(s);
  }

  function close(s: BaileysSocket | null): void {
    if (!s) return;
    if (socket === s) socket = null;
    s.end(undefined).catch(() => {});
  }

  function schedule(ms: number): void {
    clearTimeout(retry);
    retry = setTimeout(
      () => void open().catch((err) => log(`connection ${owner.whatsappId} open: ${(err as Error).message}`)),
      ms,
    );
  }

  async function closed(error: unknown): Promise<void> {
    socket = null;
    const code = statusCodeOf(error);
    const registered = auth?.state.creds.registered === true;
    const action = closeAction(code, registered, (error as Error | undefined)?.message ?? "");
    log(`connection ${owner.whatsappId} closed (${code ?? "no code"}): ${action}`);
    switch (action) {
      case "new-qr":
        // Logged out at the phone: the stored session is worthless; a fresh one shows a new QR.
        await auth?.clear();
        await write("qrcode", { qrcode: null, pairingCode: null, number: null });
        return open();
      case "reconnect-now":
        return open();
      case "replaced":
        if (!(await holdLease())) {
          // Another worker runs this connection now: leave its socket and its status alone.
          log(`connection ${owner.whatsappId} replaced and another worker holds the lease: stopped`);
          return;
        }
        break;
      case "qr-timeout":
        await write("TIMEOUT", { qrcode: null, pairingCode: null });
        return;
      case "stop":
        await write("DISCONNECTED", {}, `closed by WhatsApp (${code})`);
        return;
      case "backoff":
        break;
    }
    attempt += 1;
    await write("DISCONNECTED", {}, `closed (${code ?? "no code"})`);
    schedule(backoffDelay(attempt, backoff, random));
  }

  async function mediaOf(message: OutboundMessage): Promise<Buffer> {
    const ref = message.mediaUrl ? parseMediaUrl(message.mediaUrl) : null;
    const file =
      ref && ref.companyId === message.companyId ? mediaFilePath(o.dataDir, ref.companyId, ref.fileName) : null;
    if (!file) throw new SendError("permanent", "the file of this message is gone", { code: "ERR_MEDIA_NOT_FOUND" });
    try {
      return await readFile(file);
    } catch (err) {
      throw new SendError("permanent", `cannot read ${path.basename(file)}: ${(err as Error).message}`, {
        code: "ERR_MEDIA_NOT_FOUND",
        cause: err,
      });
    }
  }

  /** The name the file was uploaded with (stored as `<time>-<name>`). */
  const fileNameOf = (message: OutboundMessage) =>
    message.mediaUrl ? originalFileName(path.basename(message.mediaUrl)) : "file";

  async function contentFor(message: OutboundMessage): Promise<AnyMessageContent> {
    const caption = message.body || undefined;
    switch (message.mediaType) {
      case "image":
        return { image: await mediaOf(message), caption };
      case "video":
        return { video: await mediaOf(message), caption };
      case "audio": {
        const bytes = await mediaOf(message);
        // A voice note is Ogg/Opus with ptt: the composer's recordings are converted (voice-note.ts); any other
        // audio file goes as it is. A recording that cannot be converted still goes, as a plain audio file.
        if (isOggOpus(bytes) || isRecording(fileNameOf(message))) {
          try {
            return { audio: await toOggOpus(bytes), mimetype: "audio/ogg; codecs=opus", ptt: true };
          } catch (err) {
            log(
              `connection ${owner.whatsappId}: voice note ${message.id} sent as a plain file (${(err as Error).message})`,
            );
          }
        }
        return { audio: bytes, mimetype: audioMime(bytes) };
      }
      case "application": {
        const name = fileNameOf(message);
        return { document: await mediaOf(message), fileName: name, mimetype: mimeOfFileName(name), caption };
      }
      case "contactMessage": {
        const card = (message.dataJson as { vCard?: { name?: string } } | null)?.vCard;
        return { contacts: { displayName: card?.name ?? "", contacts: [{ vcard: message.body }] } };
      }
      case "pollCreationMessageV3": {
        // An agent's poll (decision 0062): sent with the secret core made, which the contacts' votes are
        // encrypted with, so they are decrypted and counted on the stored poll like an incoming one's.
        const d = message.dataJson as Partial<PollPayload> | null;
        const poll = d?.pollCreationMessageV3;
        if (!poll || !d?.pollSecret) {
          throw new SendError("permanent", "the poll has no question or secret", { code: "ERR_WRONG_STATE" });
        }
        return {
          poll: {
            name: poll.name,
            values: poll.options.map((o) => o.optionName),
            selectableCount: poll.selectableOptionsCount,
            messageSecret: Buffer.from(d.pollSecret, "base64"),
          },
        };
      }
      default:
        return { text: message.body };
    }
  }

  return {
    connectionId: connection.id,
    // The key id comes from messages.id: a resend carries the same id, which WhatsApp's devices dedupe.
    idempotentSend: true,
    async start() {
      stopped = false;
      await loadRules();
      const stored = await postgresAuthState(o.pool, owner);
      // Without a paired session nothing opens until an admin asks for a QR (start / new-qr).
      if (stored.hadCreds) {
        await write("OPENING", {});
        await open();
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const had = socket !== null || status !== "DISCONNECTED";
      close(socket);
      // Truthful until another worker takes over (its writes come under a newer generation); a no-op once the
      // lease is gone.
      if (had) await write("DISCONNECTED", { qrcode: null, pairingCode: null });
      await writes;
    },
    status: () => status,
    async request(action, pairingPhoneNumber) {
      stopped = false;
      clearTimeout(retry);
      const s = socket;
      switch (action) {
        case "logout":
          socket = null;
          await s?.logout().catch(() => {});
          close(s);
          await auth?.clear();
          await (await postgresAuthState(o.pool, owner)).clear();
          await write("DISCONNECTED", { qrcode: null, pairingCode: null, number: null });
          return;
        case "new-qr":
          close(s);
          await (await postgresAuthState(o.pool, owner)).clear();
          pairingPhone = pairingPhoneNumber;
          await write("OPENING", { qrcode: null, pairingCode: null, number: null });
          return open();
        case "restart":
          close(s);
          await write("OPENING", {});
          return open();
        case "start":
          if (s) return;
          pairingPhone = pairingPhoneNumber;
          await write("OPENING", {});
          return open();
      }
    },
    async amend(a) {
      const s = socket;
      if (!s || status !== "CONNECTED")
        throw new SendError("retryable-not-delivered", "the WhatsApp session is not connected");
      const jid = jidOfNumber(a.to);
      const key = { remoteJid: jid, id: a.remoteId, fromMe: true };
      // Its own id, derived like a send's, so its echo is known as ours.
      const messageId = keyIdOf(`${a.id}:${a.delete ? "delete" : `edit:${a.body}`}`);
      remember(messageId);
      try {
        // A delete wins over an edit: the message is gone for everyone either way.
        await s.sendMessage(jid, a.delete ? { delete: key } : { text: a.body, edit: key }, { messageId });
      } catch (err) {
        throw new SendError("retryable-not-delivered", (err as Error).message ?? String(err), { cause: err });
      }
    },
    async send(message) {
      const s = socket;
      if (!s || status !== "CONNECTED")
        throw new SendError("retryable-not-delivered", "the WhatsApp session is not connected");
      const jid = jidOfNumber(message.to);
      const options: MiscMessageGenerationOptions = { messageId: keyIdOf(message.id) };
      if (message.quotedRemoteId) {
        // Baileys quotes from a message object: the key is what WhatsApp needs to link the reply.
        options.quoted = {
          key: { remoteJid: jid, id: message.quotedRemoteId.split(":")[0] },
          message: { conversation: "" },
        };
      }
      const content = await contentFor(message);
      remember(options.messageId!, message.id);
      try {
        const sent = await s.sendMessage(jid, content, options);
        return { remoteId: sent?.key.id ?? options.messageId! };
      } catch (err) {
        const code = statusCodeOf(err);
        const text = (err as Error).message ?? String(err);
        if (code === 429 || /rate-overlimit/i.test(text)) {
          // Throttled: the queue waits (the sender's backoff), never a burst of retries; the admin is told.
          throw new SendError("retryable-not-delivered", `WhatsApp rate limit: ${text}`, {
            cause: err,
            hold: "rate-limited",
          });
        }
        if (code === 463 || /reachout|timelock|restrict/i.test(text)) {
          // The account may not message (new) contacts for now: sending on would only deepen the restriction.
          throw new SendError("retryable-not-delivered", `WhatsApp restricted the account: ${text}`, {
            cause: err,
            hold: "restricted",
          });
        }
        if (code === DisconnectReason.connectionClosed || code === DisconnectReason.connectionLost) {
          throw new SendError("retryable-maybe-delivered", `connection dropped while sending: ${text}`, { cause: err });
        }
        throw new SendError("retryable-maybe-delivered", text, { cause: err });
      }
    },
  };
}
