// One Messenger or Instagram webhook delivery (decision 0052): the signature checked with the app secret
// before anything is read, each entry's connection found by page or Instagram account, the contacts'
// profiles fetched once (the contacts table is the cache), attachments downloaded, then one ingest through
// the same path as every channel (contacts, tickets, queue bot), and the read/delivery watermarks applied.
import type pg from "pg";
import type { z } from "zod";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { invalidInput, invalidSignature } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import { removeMedia } from "../media/media-store.ts";
import { findStoredMessages, inboundKey } from "../messages/find-stored-messages.ts";
import { type IngestBatcher, storedKey } from "../messages/ingest.ts";
import {
  type TMessagingEvent,
  ZMessagingEventSchema,
  ZMessengerEntrySchema,
  ZMessengerWebhookSchema,
} from "../meta/messenger-payloads.ts";
import { USER_REF_PREFIX } from "../meta/messenger-user-ref.ts";
import { signatureValid } from "../meta/webhook-signature.ts";
import {
  downloadToStore,
  type EventParts,
  eventParts,
  fetchProfile,
  MAX_PICTURE_BYTES,
  type MessengerConnection,
  type Profile,
  type Watermark,
} from "./messenger-inbound.ts";

export type MessengerPayload = z.infer<typeof ZMessengerWebhookSchema>;

export type MessengerDeliveryDeps = {
  pool: pg.Pool;
  batcher: IngestBatcher;
  connections: MessengerConnectionFinder;
  /** The Meta app's secret (FACEBOOK_APP_SECRET): without it no delivery is accepted. */
  appSecret: string | undefined;
  graph: { url: string; version: string };
  /** core's DATA_DIR: attachments and profile pictures go to its media store. */
  dataDir: string;
  /** For all the downloads and profile reads of one delivery together: Meta waits for the answer. */
  timeoutMs: number;
};

/** Connection rows are cached this long, so a webhook costs no lookup query. */
const CACHE_MS = 5000;
/** A profile that could not be read is not asked again for this long (this process). */
const PROFILE_RETRY_MS = 10 * 60 * 1000;
/** At most this many profiles are read for one delivery; the others are read with their next message. */
const MAX_PROFILES_PER_DELIVERY = 20;

/** Looks connections up by channel and account id (page or Instagram account), each answer kept CACHE_MS. */
export class MessengerConnectionFinder {
  private readonly cache = new Map<string, { at: number; conn: MessengerConnection | null }>();
  /** Profiles asked and refused recently, by connection and contact id (the oldest forgotten past 10,000). */
  readonly refusedProfiles = new Map<string, number>();

  refuseProfile(key: string): void {
    this.refusedProfiles.delete(key);
    this.refusedProfiles.set(key, Date.now());
    // Maps keep insertion order: the first key is the oldest.
    if (this.refusedProfiles.size > 10_000) this.refusedProfiles.delete(this.refusedProfiles.keys().next().value!);
  }
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async find(channel: "facebook" | "instagram", accountId: string): Promise<MessengerConnection | null> {
    const key = `${channel}:${accountId}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.conn;
    const { rows } = await this.pool.query<MessengerConnection>(
      `SELECT /* all-companies: a delivery names its connection only by page or Instagram account */
         id, company_id AS "companyId", channel, access_token AS "accessToken"
       FROM whatsapps WHERE channel = $1 AND account_id = $2`,
      [channel, accountId],
    );
    const conn = rows[0] ?? null;
    this.cache.set(key, { at: Date.now(), conn });
    return conn;
  }
}

/** The delivery's envelope; anything but a page or instagram object with an `entry` list is malformed (400). */
export function parseMessengerDelivery(raw: Buffer): MessengerPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(raw.toString("utf8"));
  } catch {
    throw invalidInput("Malformed JSON");
  }
  const parsed = ZMessengerWebhookSchema.safeParse(payload);
  if (!parsed.success) throw invalidInput("Not a webhook delivery");
  return parsed.data;
}

/** The items that pass their schema; each bad one is skipped and logged, never costing the others. */
function each<S extends z.ZodType>(schema: S, items: unknown[], what: string): z.infer<S>[] {
  const good: z.infer<S>[] = [];
  for (const [i, item] of items.entries()) {
    const parsed = schema.safeParse(item);
    if (parsed.success) good.push(parsed.data);
    else logger.warn({ what, index: i, why: parsed.error.issues[0]?.message }, "messenger webhook: skipped");
  }
  return good;
}

/** The contacts of this delivery that need a profile: unknown ones, or known without name or picture. */
async function profilesToFetch(
  deps: MessengerDeliveryDeps,
  wanted: Map<string, { conn: MessengerConnection; id: string }>,
): Promise<{ conn: MessengerConnection; id: string }[]> {
  if (wanted.size === 0) return [];
  const list = [...wanted.values()];
  const { rows } = await deps.pool.query<{ company_id: number; number: string }>(
    `SELECT c.company_id, c.number FROM contacts c
     JOIN unnest($1::int[], $2::text[]) AS i(cid, num) ON c.company_id = i.cid AND c.number = i.num
     WHERE c.url_picture IS NOT NULL AND c.name <> c.number`,
    [list.map((w) => w.conn.companyId), list.map((w) => w.id)],
  );
  const complete = new Set(rows.map((r) => `${r.company_id}:${r.number}`));
  const now = Date.now();
  return list
    .filter((w) => {
      if (complete.has(`${w.conn.companyId}:${w.id}`)) return false;
      const refused = deps.connections.refusedProfiles.get(`${w.conn.id}:${w.id}`);
      return refused === undefined || now - refused > PROFILE_RETRY_MS;
    })
    .slice(0, MAX_PROFILES_PER_DELIVERY);
}

/** Reads the profiles and stores their pictures; answers them by company and contact id. */
async function readProfiles(
  deps: MessengerDeliveryDeps,
  todo: { conn: MessengerConnection; id: string }[],
  signal: AbortSignal,
): Promise<Map<string, Profile>> {
  const out = new Map<string, Profile>();
  await Promise.all(
    todo.map(async ({ conn, id }) => {
      try {
        const profile = await fetchProfile(deps.graph, conn, id, signal);
        if (!profile) {
          deps.connections.refuseProfile(`${conn.id}:${id}`);
          return;
        }
        const picture = profile.picture
          ? await downloadToStore(deps.dataDir, conn.companyId, profile.picture, "profile", signal, MAX_PICTURE_BYTES)
          : null;
        out.set(`${conn.companyId}:${id}`, { name: profile.name, picture });
      } catch (err) {
        logger.warn({ connectionId: conn.id, contact: id, err }, "messenger webhook: profile not read");
        deps.connections.refuseProfile(`${conn.id}:${id}`);
      }
    }),
  );
  return out;
}

/** Gives the delivery's contacts the names and pictures read, where they have none yet. */
async function applyProfiles(deps: MessengerDeliveryDeps, profiles: Map<string, Profile>): Promise<void> {
  if (profiles.size === 0) return;
  const unused: { companyId: number; url: string }[] = [];
  await transaction(deps.pool, async (client) => {
    const changes: Change[] = [];
    for (const [key, p] of profiles) {
      const [companyId, number] = [Number(key.split(":")[0]), key.split(":")[1]!];
      const { rows } = await client.query<{ id: number; picture: string | null }>(
        `UPDATE contacts SET url_picture = COALESCE(url_picture, $3),
           name = CASE WHEN name = number AND $4::text IS NOT NULL THEN $4 ELSE name END, updated_at = now()
         WHERE company_id = $1 AND number = $2
           AND ((url_picture IS NULL AND $3::text IS NOT NULL) OR (name = number AND $4::text IS NOT NULL))
         RETURNING id, url_picture AS picture`,
        [companyId, number, p.picture, p.name],
      );
      for (const r of rows) changes.push({ companyId, entity: "contacts", id: r.id });
      // A picture the contact already had (or a blocked contact's, never stored) is not kept twice.
      if (p.picture && rows[0]?.picture !== p.picture) unused.push({ companyId, url: p.picture });
    }
    await recordChanges(client, changes);
  });
  await Promise.all(unused.map((u) => removeMedia(deps.dataDir, u.companyId, u.url)));
}

/** Raises the ack of every message we sent the contact up to the watermark (only ever raised). */
async function applyWatermarks(pool: pg.Pool, watermarks: Watermark[]): Promise<void> {
  if (watermarks.length === 0) return;
  await transaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string; company_id: number }>(
      `UPDATE messages m SET ack = i.a, updated_at = now()
       FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::int[]) AS i(c, w, n, at, a),
         contacts ct
       WHERE ct.company_id = i.c AND ct.number = i.n AND m.company_id = i.c AND m.whatsapp_id = i.w
         AND m.contact_id = ct.id AND m.from_me AND m.remote_id IS NOT NULL AND m.ack >= 0 AND m.ack < i.a
         AND m.created_at <= i.at
       RETURNING m.id, m.company_id`,
      [
        watermarks.map((w) => w.companyId),
        watermarks.map((w) => w.whatsappId),
        watermarks.map((w) => w.contact),
        watermarks.map((w) => w.at.toISOString()),
        watermarks.map((w) => w.ack),
      ],
    );
    await recordChanges(
      client,
      rows.map((r) => ({ companyId: r.company_id, entity: "messages", id: r.id })),
    );
  });
}

/**
 * Downloads the delivery's attachments (not those of messages already stored: Meta redelivers); a download
 * that fails leaves the message without file, the reason in dataJson.media.error.
 */
async function attachFiles(deps: MessengerDeliveryDeps, parts: EventParts, signal: AbortSignal): Promise<void> {
  if (parts.files.length === 0) return;
  const known = await findStoredMessages(
    deps.pool,
    parts.files.map((f) => f.event),
  );
  await Promise.all(
    parts.files
      .filter((f) => !known.has(inboundKey(f.event.whatsappId, f.event.remoteId)))
      .map(async ({ event, url, type }) => {
        try {
          event.mediaUrl = await downloadToStore(deps.dataDir, event.companyId, url, type, signal);
          event.dataJson = { ...(event.dataJson as object), media: { url: event.mediaUrl } };
        } catch (err) {
          const error = signal.aborted ? "download timed out" : (err as Error).message;
          event.dataJson = { ...(event.dataJson as object), media: { error } };
        }
      }),
  );
}

/** Stores one delivery; resolves once it is committed (Meta then gets its 200). Forged ones: invalidSignature. */
export async function receiveMessengerDelivery(
  deps: MessengerDeliveryDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<void> {
  // The app's secret signs every delivery: checked before the body is even parsed.
  if (!deps.appSecret || !signatureValid(raw, signature, deps.appSecret)) throw invalidSignature();
  const payload = parseMessengerDelivery(raw);
  const channel = payload.object === "instagram" ? "instagram" : "facebook";
  const parts: EventParts = { messages: [], acks: [], revokes: [], watermarks: [], files: [] };
  const contacts = new Map<string, { conn: MessengerConnection; id: string }>();
  for (const entry of each(ZMessengerEntrySchema, payload.entry, "entry")) {
    const conn = await deps.connections.find(channel, entry.id);
    if (!conn) continue; // not ours: acknowledged so Meta stops retrying, nothing stored
    for (const e of each(ZMessagingEventSchema, entry.messaging, "event") as TMessagingEvent[]) {
      eventParts(conn, e, parts);
    }
    for (const m of parts.messages) {
      // A user_ref (a plugin's guest) has no profile the Graph API would read.
      if (m.whatsappId !== conn.id || m.from.startsWith(USER_REF_PREFIX)) continue;
      contacts.set(`${conn.companyId}:${m.from}`, { conn, id: m.from });
    }
  }
  const signal = AbortSignal.timeout(deps.timeoutMs);
  const profiles = await readProfiles(deps, await profilesToFetch(deps, contacts), signal);
  for (const m of parts.messages) m.name ??= profiles.get(`${m.companyId}:${m.from}`)?.name ?? undefined;
  await attachFiles(deps, parts, signal);
  const downloaded = parts.files.filter((f) => f.event.mediaUrl);
  let stored: Set<string>;
  try {
    stored = await deps.batcher.add([...parts.messages, ...parts.acks, ...parts.revokes]);
  } catch (err) {
    // Nothing was stored: Meta delivers again, and the files are downloaded again then.
    await Promise.all(downloaded.map((f) => removeMedia(deps.dataDir, f.event.companyId, f.event.mediaUrl!)));
    throw err;
  }
  // A blocked contact's message, or a copy a concurrent delivery stored first, names no file of ours.
  await Promise.all(
    downloaded
      .filter((f) => !stored.has(storedKey(f.event)))
      .map((f) => removeMedia(deps.dataDir, f.event.companyId, f.event.mediaUrl!)),
  );
  await applyProfiles(deps, profiles);
  await applyWatermarks(deps.pool, parts.watermarks);
}
