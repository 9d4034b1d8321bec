// One Cloud API webhook delivery: each change's connection found by phone number id, the signature
// checked with that connection's app secret before anything is stored, media downloaded, then one ingest.
import type pg from "pg";
import { z } from "zod";
import type { Ack } from "../contract/entities.ts";
import { invalidInput, invalidSignature } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { removeMedia } from "../media/media-store.ts";
import { findStoredMessages, inboundKey } from "../messages/find-stored-messages.ts";
import {
  type InboundAck,
  type InboundEvent,
  type InboundMessage,
  type IngestBatcher,
  storedKey,
} from "../messages/ingest.ts";
import { classifyGraphError, deliveryFailureAt, failureErrorCode } from "../meta/graph-errors.ts";
import { signatureValid } from "../meta/webhook-signature.ts";
import {
  fastCloudChange,
  fastCloudContact,
  fastCloudEntry,
  fastCloudMessage,
  fastCloudStatus,
  fastCloudWebhook,
} from "../meta/whatsapp-cloud-fast.ts";
import {
  CLOUD_RULES,
  type TCloudMessage,
  ZCloudChangeSchema,
  ZCloudContactSchema,
  ZCloudEntrySchema,
  ZCloudMessageSchema,
  ZCloudStatusSchema,
  ZCloudWebhookSchema,
} from "../meta/whatsapp-cloud-payloads.ts";
import type { CloudConnection, CloudConnectionFinder } from "../whatsapps/find-connection-by-phone-number-id.ts";
import {
  type CloudMediaOptions,
  DOWNLOAD_TIMEOUT_MS,
  downloadCloudMedia,
  type InboundContent,
  inboundContent,
  UNSUPPORTED,
} from "./whatsapp-cloud-inbound.ts";

export type CloudPayload = z.infer<typeof ZCloudWebhookSchema>;

/** A message to ingest with the file it names, once downloaded (media_url). */
type WithMedia = {
  event: InboundMessage & { mediaUrl?: string };
  conn: CloudConnection;
  media: InboundContent["media"] & {};
};

export type CloudDeliveryDeps = {
  pool: pg.Pool;
  batcher: IngestBatcher;
  connections: CloudConnectionFinder;
  /** Without it, media messages are stored without their file. */
  media?: CloudMediaOptions;
};

/** What we send as biz_opaque_callback_data: one of our message ids. */
const zMessageId = z.uuid();

const ACKS: Record<string, Ack> = { sent: 1, delivered: 2, read: 3, played: 4, failed: -1 };

/**
 * Downloads the delivery's media, all at once within one deadline, before ingest: the
 * message then commits once, with its file. A message already stored (Meta redelivers)
 * is not downloaded again. A download that fails or is too slow leaves the message
 * without file, the reason in dataJson.media.error (the media id stays there too).
 */
async function attachMedia(pool: pg.Pool, o: CloudMediaOptions | undefined, pending: WithMedia[]): Promise<void> {
  if (pending.length === 0) return;
  const known = await findStoredMessages(
    pool,
    pending.map((p) => p.event),
  );
  const signal = AbortSignal.timeout(o?.timeoutMs ?? DOWNLOAD_TIMEOUT_MS);
  await Promise.all(
    pending
      .filter((p) => !known.has(inboundKey(p.event.whatsappId, p.event.remoteId)))
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

/** The delivery's envelope; anything but a JSON object with an `entry` list is malformed (400, nothing read). */
export function parseDelivery(raw: Buffer): CloudPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(raw.toString("utf8"));
  } catch {
    throw invalidInput("Malformed JSON");
  }
  const fast = fastCloudWebhook(payload);
  if (fast) return fast;
  const parsed = ZCloudWebhookSchema.safeParse(payload);
  if (!parsed.success) throw invalidInput("Not a webhook delivery");
  return parsed.data;
}

/**
 * The items of one list that pass their schema; each bad one is skipped and logged, so one
 * malformed message (or entry, change, status, contact) never costs the others of a delivery.
 * `fast` accepts the common item without zod's copies (decision 0082); the schema decides the rest.
 */
function each<S extends z.ZodType>(
  schema: S,
  fast: (item: unknown) => z.infer<S> | undefined,
  items: unknown[],
  what: string,
  salvage?: (item: unknown, why: string) => z.infer<S> | undefined,
): z.infer<S>[] {
  const good: z.infer<S>[] = [];
  for (const [i, item] of items.entries()) {
    const accepted = fast(item);
    if (accepted !== undefined) {
      good.push(accepted);
      continue;
    }
    const parsed = schema.safeParse(item);
    if (parsed.success) good.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      const why = `${issue?.path.join(".") || what} ${issue?.message}`;
      const kept = salvage?.(item, why);
      if (kept !== undefined) good.push(kept);
      logger.warn({ what, index: i, why }, `whatsapp webhook: ${kept ? "kept as unsupported" : "skipped"}`);
    }
  }
  return good;
}

/**
 * A message its schema refuses (a field past its limit, a NUL, an odd type) is still a message the contact sent:
 * kept as unsupported, with its raw type and why, when its id and sender can be stored (decision 0092).
 */
function salvageMessage(item: unknown, why: string): TCloudMessage | undefined {
  const m = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
  const id = typeof m.id === "string" && CLOUD_RULES.id.test(m.id) ? m.id : undefined;
  const from = typeof m.from === "string" && CLOUD_RULES.waId.test(m.from) ? m.from : undefined;
  if (!id || !from) return undefined;
  const timestamp =
    typeof m.timestamp === "string" && CLOUD_RULES.timestamp.test(m.timestamp) ? m.timestamp : undefined;
  const rawType = typeof m.type === "string" ? m.type.slice(0, CLOUD_RULES.maxType).replaceAll("\u0000", "") : null;
  return { id, from, timestamp, type: UNSUPPORTED, rawType, invalid: why.slice(0, 500).replaceAll("\u0000", "") };
}

/** A status's Unix timestamp as a date, or undefined. */
function statusTime(s: Record<string, unknown>): Date | undefined {
  const t = typeof s.timestamp === "string" || typeof s.timestamp === "number" ? Number(s.timestamp) : Number.NaN;
  return Number.isFinite(t) && t > 0 ? new Date(t * 1000) : undefined;
}

/** A `failed` status: its first error judged (contract/delivery-failure.ts), dated by the status. */
function failureOf(s: Record<string, unknown>, at: Date | undefined): NonNullable<InboundAck["failure"]> {
  const first = Array.isArray(s.errors) ? s.errors[0] : undefined;
  const judged = classifyGraphError(first);
  return { reason: deliveryFailureAt(judged, at), errorCode: failureErrorCode(judged) };
}

/** The delivery's messages and acks, for connections of ours; throws invalidSignature for a forged one. */
async function eventsOf(
  deps: CloudDeliveryDeps,
  payload: CloudPayload,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ events: InboundEvent[]; pending: WithMedia[] }> {
  const events: InboundEvent[] = [];
  const pending: WithMedia[] = [];
  for (const entry of each(ZCloudEntrySchema, fastCloudEntry, payload.entry, "entry")) {
    for (const { value } of each(ZCloudChangeSchema, fastCloudChange, entry.changes, "change")) {
      const conn = await deps.connections.find(value.metadata.phone_number_id);
      if (!conn) continue; // not ours: acknowledged so Meta stops retrying, nothing stored
      const secret = conn.appSecret ?? process.env.WHATSAPP_APP_SECRET;
      if (!secret || !signatureValid(raw, signature, secret)) throw invalidSignature();
      if (entry.id && entry.id !== conn.businessAccountId) await learnBusinessAccount(deps.pool, conn, entry.id);
      const names = new Map(
        each(ZCloudContactSchema, fastCloudContact, value.contacts, "contact").map((c) => [c.wa_id, c.profile?.name]),
      );
      for (const e of value.errors ?? []) logger.warn({ metaError: e }, "whatsapp webhook: Meta reports an error");
      for (const m of each(ZCloudMessageSchema, fastCloudMessage, value.messages, "message", salvageMessage)) {
        const { media, ...content } = inboundContent(m);
        const quoted = (m.context as { id?: unknown } | undefined)?.id;
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
          ...(typeof quoted === "string" && CLOUD_RULES.id.test(quoted) ? { quotedRemoteId: quoted } : {}),
        };
        events.push(event);
        if (media) pending.push({ event, conn, media });
      }
      for (const s of each(ZCloudStatusSchema, fastCloudStatus, value.statuses, "status")) {
        const ack = ACKS[s.status];
        if (ack === undefined) continue;
        const opaque = s.biz_opaque_callback_data;
        const messageId = opaque && zMessageId.safeParse(opaque).success ? opaque : undefined;
        const at = statusTime(s);
        events.push({
          kind: "ack",
          companyId: conn.companyId,
          whatsappId: conn.id,
          remoteId: s.id,
          ack,
          messageId,
          at,
          ...(ack === -1 ? { failure: failureOf(s, at) } : {}),
        });
      }
    }
  }
  return { events, pending };
}

/**
 * A signed delivery names the WhatsApp Business Account holding the number (the entry's id): kept on the
 * connection, whose templates are listed from it (decision 0053). Written only when it changes.
 */
async function learnBusinessAccount(pool: pg.Pool, conn: CloudConnection, account: string): Promise<void> {
  await pool.query(
    `UPDATE whatsapps SET business_account_id = $3 WHERE id = $1 AND company_id = $2
       AND business_account_id IS DISTINCT FROM $3`,
    [conn.id, conn.companyId, account],
  );
  conn.businessAccountId = account;
}

/** Stores one signed delivery; resolves once it is committed (Meta then gets its 200). */
export async function receiveCloudDelivery(
  deps: CloudDeliveryDeps,
  payload: CloudPayload,
  raw: Buffer,
  signature: string | undefined,
): Promise<void> {
  const { events, pending } = await eventsOf(deps, payload, raw, signature);
  await attachMedia(deps.pool, deps.media, pending);
  const removeFiles = (unused: WithMedia[]) =>
    Promise.all(
      unused.map(({ event }) => event.mediaUrl && removeMedia(deps.media!.dataDir, event.companyId, event.mediaUrl)),
    );
  let stored: Set<string>;
  try {
    stored = await deps.batcher.add(events);
  } catch (err) {
    // Nothing was stored: Meta delivers again, and the files are downloaded again then.
    await removeFiles(pending);
    throw err;
  }
  // A blocked contact's message, or a copy a concurrent delivery stored first, names no file of ours.
  await removeFiles(pending.filter(({ event }) => !stored.has(storedKey(event))));
}
