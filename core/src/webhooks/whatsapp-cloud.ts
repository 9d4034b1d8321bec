// The WhatsApp Cloud API webhook (channel whatsappapi): the GET verify
// handshake, and POST deliveries checked against X-Hub-Signature-256 with the
// connection's app secret before anything is read into the database. Media
// are downloaded before ingest (whatsapp-cloud-inbound.ts). Each message is checked
// with the contract's schema on its own: a bad one is skipped, the rest are kept.
import { createHmac, timingSafeEqual } from "node:crypto";
import express, { Router } from "express";
import type pg from "pg";
import type { z } from "zod";
import type { Ack } from "../contract/entities.ts";
import {
  ZCloudChangeSchema,
  ZCloudContactSchema,
  ZCloudEntrySchema,
  ZCloudMessageSchema,
  ZCloudStatusSchema,
  ZCloudWebhookSchema,
} from "../contract/whatsapp-cloud.ts";
import { invalidInput, invalidSignature, noPermission } from "../http/errors.ts";
import { removeMedia } from "../media/media-store.ts";
import { type InboundEvent, type InboundMessage, type IngestBatcher, storedKey } from "../messages/ingest.ts";
import {
  type CloudMediaOptions,
  DEFAULT_CLOUD_MEDIA,
  DOWNLOAD_TIMEOUT_MS,
  downloadCloudMedia,
  type InboundContent,
  inboundContent,
} from "./whatsapp-cloud-inbound.ts";

type Connection = {
  id: number;
  companyId: number;
  appSecret: string | null;
  verifyToken: string | null;
  accessToken: string | null;
};

/** A message to ingest with the file it names, once downloaded (media_url). */
type WithMedia = {
  event: InboundMessage & { mediaUrl?: string };
  conn: Connection;
  media: InboundContent["media"] & {};
};

/** Connection rows are cached this long, so a webhook costs no lookup query. */
const CACHE_MS = 5000;

const ACKS: Record<string, Ack> = { sent: 1, delivered: 2, read: 3, played: 4, failed: -1 };

export function signatureValid(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  const given = Buffer.from(header.slice(7), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The items of one list that pass their schema; each bad one is skipped and logged, so one
 * malformed message (or entry, change, status, contact) never costs the others of a delivery.
 */
function each<S extends z.ZodType>(schema: S, items: unknown[], what: string): z.infer<S>[] {
  const good: z.infer<S>[] = [];
  for (const [i, item] of items.entries()) {
    const parsed = schema.safeParse(item);
    if (parsed.success) good.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      console.warn(`whatsapp webhook: skipped ${what} ${i}: ${issue?.path.join(".") || what} ${issue?.message}`);
    }
  }
  return good;
}

/** The delivery's envelope; anything but a JSON object with an `entry` list is malformed (400, nothing read). */
function parseDelivery(raw: Buffer): z.infer<typeof ZCloudWebhookSchema> {
  let payload: unknown;
  try {
    payload = JSON.parse(raw.toString("utf8"));
  } catch {
    throw invalidInput("Malformed JSON");
  }
  const parsed = ZCloudWebhookSchema.safeParse(payload);
  if (!parsed.success) throw invalidInput("Not a webhook delivery");
  return parsed.data;
}

/**
 * Downloads the delivery's media, all at once within one deadline, before ingest: the
 * message then commits once, with its file. A message already stored (Meta redelivers)
 * is not downloaded again. A download that fails or is too slow leaves the message
 * without file, the reason in dataJson.media.error (the media id stays there too).
 */
async function attachMedia(pool: pg.Pool, o: CloudMediaOptions | undefined, pending: WithMedia[]): Promise<void> {
  if (pending.length === 0) return;
  const { rows } = await pool.query<{ whatsapp_id: number; remote_id: string }>(
    `SELECT m.whatsapp_id, m.remote_id FROM messages m
     JOIN unnest($1::int[], $2::text[]) AS i(w, r) ON m.whatsapp_id = i.w AND m.remote_id = i.r`,
    [pending.map((p) => p.event.whatsappId), pending.map((p) => p.event.remoteId)],
  );
  const known = new Set(rows.map((r) => `${r.whatsapp_id}:${r.remote_id}`));
  const signal = AbortSignal.timeout(o?.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  await Promise.all(
    pending
      .filter((p) => !known.has(`${p.event.whatsappId}:${p.event.remoteId}`))
      .map(async ({ event, conn, media }) => {
        const record = { id: media.id, mimeType: media.mime };
        try {
          if (!o) throw new Error("media downloads are not configured");
          if (!conn.accessToken) throw new Error("the connection has no access token");
          const owner = { companyId: conn.companyId, accessToken: conn.accessToken };
          event.mediaUrl = await downloadCloudMedia(o, owner, media, signal);
          event.dataJson = { ...(event.dataJson as object), media: { ...record, url: event.mediaUrl } };
        } catch (err) {
          const error = signal.aborted ? "download timed out" : (err as Error).message;
          event.dataJson = { ...(event.dataJson as object), media: { ...record, error } };
        }
      }),
  );
}

/** Without `media`, media messages are stored without their file. */
export function whatsappCloudWebhook(
  pool: pg.Pool,
  batcher: IngestBatcher,
  media?: Partial<CloudMediaOptions> & { dataDir: string },
): Router {
  const mediaOptions: CloudMediaOptions | undefined = media && {
    graphApiUrl: media.graphApiUrl ?? DEFAULT_CLOUD_MEDIA.graphApiUrl,
    graphApiVersion: media.graphApiVersion ?? DEFAULT_CLOUD_MEDIA.graphApiVersion,
    timeoutMs: media.timeoutMs ?? DOWNLOAD_TIMEOUT_MS,
    dataDir: media.dataDir,
  };
  const router = Router();
  const cache = new Map<string, { at: number; conn: Connection | null }>();

  async function connectionFor(phoneNumberId: string): Promise<Connection | null> {
    const hit = cache.get(phoneNumberId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.conn;
    const { rows } = await pool.query<Connection>(
      `SELECT id, company_id AS "companyId", app_secret AS "appSecret", verify_token AS "verifyToken",
         access_token AS "accessToken"
       FROM whatsapps WHERE phone_number_id = $1 AND channel = 'whatsappapi'`,
      [phoneNumberId],
    );
    const conn = rows[0] ?? null;
    cache.set(phoneNumberId, { at: Date.now(), conn });
    return conn;
  }

  router.get("/webhooks/whatsapp", async (req, res) => {
    const mode = req.query["hub.mode"];
    const token = String(req.query["hub.verify_token"] ?? "");
    const challenge = String(req.query["hub.challenge"] ?? "");
    const known =
      token.length > 0 &&
      ((await pool.query("SELECT 1 FROM whatsapps WHERE verify_token = $1 LIMIT 1", [token])).rowCount ?? 0) > 0;
    if (mode !== "subscribe" || !known) throw noPermission("Verification failed");
    res.type("text/plain").send(challenge);
  });

  router.post("/webhooks/whatsapp", express.raw({ type: "*/*", limit: "5mb" }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const payload = parseDelivery(raw);
    const signature = req.header("x-hub-signature-256");
    const events: InboundEvent[] = [];
    const pending: WithMedia[] = [];
    for (const entry of each(ZCloudEntrySchema, payload.entry, "entry")) {
      for (const { value } of each(ZCloudChangeSchema, entry.changes, "change")) {
        const conn = await connectionFor(value.metadata.phone_number_id);
        if (!conn) continue; // not ours: acknowledged so Meta stops retrying, nothing stored
        const secret = conn.appSecret ?? process.env.WHATSAPP_APP_SECRET;
        if (!secret || !signatureValid(raw, signature, secret)) {
          throw invalidSignature();
        }
        const names = new Map(
          each(ZCloudContactSchema, value.contacts, "contact").map((c) => [c.wa_id, c.profile?.name]),
        );
        for (const m of each(ZCloudMessageSchema, value.messages, "message")) {
          const { media, ...content } = inboundContent(m);
          const event: InboundMessage = {
            kind: "message",
            companyId: conn.companyId,
            whatsappId: conn.id,
            channel: "whatsappapi",
            remoteId: m.id,
            from: m.from,
            name: names.get(m.from),
            ...content,
            timestamp: m.timestamp ? new Date(Number(m.timestamp) * 1000) : new Date(),
          };
          events.push(event);
          if (media) pending.push({ event, conn, media });
        }
        for (const s of each(ZCloudStatusSchema, value.statuses, "status")) {
          const ack = ACKS[s.status];
          if (ack !== undefined) {
            events.push({ kind: "ack", companyId: conn.companyId, whatsappId: conn.id, remoteId: s.id, ack });
          }
        }
      }
    }
    await attachMedia(pool, mediaOptions, pending);
    const removeFiles = (unused: WithMedia[]) =>
      Promise.all(
        unused.map(
          ({ event }) => event.mediaUrl && removeMedia(mediaOptions!.dataDir, event.companyId, event.mediaUrl),
        ),
      );
    let stored: Set<string>;
    try {
      stored = await batcher.add(events);
    } catch (err) {
      // Nothing was stored: Meta delivers again, and the files are downloaded again then.
      await removeFiles(pending);
      throw err;
    }
    // A blocked contact's message, or a copy a concurrent delivery stored first, names no file of ours.
    await removeFiles(pending.filter(({ event }) => !stored.has(storedKey(event))));
    res.status(200).json({ ok: true });
  });
  return router;
}
