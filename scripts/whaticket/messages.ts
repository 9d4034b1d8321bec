// Messages, by keyset-paged batches of the source's primary key (5,000 or so at a time: bounded memory) written in
// one statement each. A message's id here is derived from where it came from (source, company, old ticket, old
// message id) with its time in front, UUIDv7-shaped: a second run finds it already there without a mapping row per
// message, and a quote (quotedMsgId) names the quoted message's new id whichever batch brings it (decision 0123).
import { createHash } from "node:crypto";
import { mediaTypeOfMime, mimeOfFileName } from "../../core/src/media/media-store.ts";
import { type ImportContext, text } from "./context.ts";
import { copyMedia } from "./media.ts";
import { hasColumn, pages, pick } from "./source.ts";
import { insertSafely } from "./target.ts";

/** The id a source message gets in this company: UUIDv7's layout (its time first), the rest a hash of its origin. */
export function importedMessageId(
  source: string,
  companyId: number,
  ticketId: number,
  messageId: string,
  createdAt: Date,
): string {
  const h = createHash("sha256").update(`${source}\u0000${companyId}\u0000${ticketId}\u0000${messageId}`).digest();
  const b = Buffer.alloc(16);
  const ms = Math.max(0, Math.min(createdAt.getTime() || 0, 2 ** 48 - 1));
  b.writeUIntBE(ms, 0, 6);
  h.copy(b, 6, 0, 10);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const x = b.toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Whaticket's message types (whatsapp-web.js' in the community version, Baileys' in the forks) as Chat-flow's. */
export function messageType(mediaType: unknown, mediaUrl: string | null): string {
  const t = text(mediaType);
  const same = [
    "chat",
    "image",
    "audio",
    "video",
    "application",
    "contactMessage",
    "locationMessage",
    "reactionMessage",
  ];
  if (same.includes(t)) return t === "chat" && mediaUrl ? mediaTypeOfMime(mimeOfFileName(mediaUrl)) : t;
  const mapped: Record<string, string> = {
    ptt: "audio",
    document: "application",
    sticker: "image",
    vcard: "contactMessage",
    multi_vcard: "contactMessage",
    contactsArrayMessage: "contactMessage",
    location: "locationMessage",
    liveLocationMessage: "locationMessage",
  };
  if (mapped[t]) return mapped[t]!;
  return mediaUrl ? mediaTypeOfMime(mimeOfFileName(mediaUrl)) : "chat";
}

type Row = {
  id: string;
  ticketId: number;
  body: string;
  ack: number;
  read: boolean;
  mediaType: string | null;
  mediaUrl: string | null;
  fromMe: boolean;
  isDeleted: boolean;
  isEdited: boolean;
  contactId: number | null;
  queueId: number | null;
  dataJson: string | null;
  createdAt: Date;
  updatedAt: Date;
  quotedMsgId: string | null;
  quotedTicketId: number | null;
  quotedCreatedAt: Date | null;
};

const MEDIA_CONCURRENCY = 4;

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function jsonOrNull(v: string | null): string | null {
  if (!v) return null;
  try {
    JSON.parse(v);
    return v;
  } catch {
    return null;
  }
}

export async function importMessages(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  const keys = s.keys.get("Messages") ?? ["id"];
  // A quote names a message id; the forks key messages by (id, ticketId), so the quoted one is looked for in the
  // same ticket first.
  const where =
    ctx.sourceCompanyId === null
      ? { sql: "true", values: [] as unknown[] }
      : {
          sql: `x."ticketId" IN (SELECT t."id" FROM "Tickets" t WHERE t."companyId" = $1)`,
          values: [ctx.sourceCompanyId],
        };
  const from = {
    text: `SELECT x."id", x."ticketId", x."body", x."ack", x."read", x."mediaType", x."mediaUrl", x."fromMe",
        ${pick(s, "Messages", "x", "isDeleted", "false")}, ${pick(s, "Messages", "x", "isEdited", "false")},
        ${pick(s, "Messages", "x", "contactId")}, ${pick(s, "Messages", "x", "queueId")},
        ${hasColumn(s, "Messages", "dataJson") ? `x."dataJson"::text` : "NULL"} AS "dataJson",
        x."createdAt", x."updatedAt", ${pick(s, "Messages", "x", "quotedMsgId")},
        q."ticketId" AS "quotedTicketId", q."createdAt" AS "quotedCreatedAt"
      FROM "Messages" x
      LEFT JOIN LATERAL (
        SELECT m."ticketId", m."createdAt" FROM "Messages" m WHERE m."id" = ${hasColumn(s, "Messages", "quotedMsgId") ? `x."quotedMsgId"` : "NULL"}
        ORDER BY (m."ticketId" = x."ticketId") DESC LIMIT 1) q ON true
      WHERE ${where.sql}`,
    values: where.values,
  };
  const started = Date.now();
  let read = 0;
  const batches = pages<Row>(ctx.src, from, keys, ctx.messageBatch);
  // The next batch is read from the source while this one is written (two batches in memory at most).
  let next = batches.next();
  for (;;) {
    const page = await next;
    if (page.done) break;
    next = batches.next();
    // Read again below; a failure while this batch is written must not surface as an unhandled rejection.
    next.catch(() => {});
    const rows = page.value;
    await ctx.target.batch(async (c) => {
      const tickets = await ctx.maps.get(c, ctx.companyId, "ticket", [...new Set(rows.map((r) => r.ticketId))]);
      const { rows: targets } = await c.query<{ id: number; whatsapp_id: number | null; contact_id: number }>(
        "SELECT id, whatsapp_id, contact_id FROM tickets WHERE company_id = $1 AND id = ANY($2::int[])",
        [ctx.companyId, [...tickets.values()].map(Number)],
      );
      const ticketOf = new Map(targets.map((t) => [t.id, t]));
      const contacts = await ctx.maps.get(c, ctx.companyId, "contact", [
        ...new Set(rows.filter((r) => r.contactId !== null).map((r) => r.contactId!)),
      ]);
      const queues = await ctx.maps.all(c, ctx.companyId, "queue");
      type M = Row & {
        newId: string;
        ticket: { id: number; whatsapp_id: number | null; contact_id: number };
        media: string | null;
      };
      const candidates: M[] = [];
      for (const r of rows) {
        const t = tickets.get(String(r.ticketId));
        const ticket = t ? ticketOf.get(Number(t)) : undefined;
        if (!ticket) {
          ctx.report.skip("messages", `${r.ticketId}/${r.id}`, "its ticket was not imported");
          continue;
        }
        const newId = importedMessageId(ctx.maps.source, ctx.companyId, r.ticketId, r.id, r.createdAt);
        candidates.push({ ...r, newId, ticket, media: null });
      }
      const { rows: there } = await c.query<{ id: string }>(
        "SELECT id FROM messages WHERE company_id = $1 AND id = ANY($2::uuid[])",
        [ctx.companyId, candidates.map((m) => m.newId)],
      );
      const already = new Set(there.map((x) => x.id));
      ctx.report.existing("messages", already.size);
      const fresh = candidates.filter((m) => !already.has(m.newId));
      await eachLimited(
        fresh.filter((m) => m.mediaUrl),
        MEDIA_CONCURRENCY,
        async (m) => {
          const copied = await copyMedia(ctx.media, ctx.companyId, m.mediaUrl!);
          if ("url" in copied) {
            m.media = copied.url || null;
            ctx.report.imported("media files");
          } else ctx.report.skip("media files", `${m.ticketId}/${m.id}`, copied.problem);
        },
      );
      const insert = async (batch: M[]) => {
        const { rows: ins } = await c.query<{ id: string }>(
          `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, queue_id, body, from_me, read,
             media_type, media_url, data_json, ack, is_deleted, is_edited, quoted_msg_id, remote_id, created_at,
             updated_at)
           SELECT i, $1, tk, ct, w, q, b, fm, rd, mt, mu, dj, a, del, ed, qu, rid, ca, ua
           FROM unnest($2::uuid[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::bool[], $9::bool[],
             $10::text[], $11::text[], $12::jsonb[], $13::smallint[], $14::bool[], $15::bool[], $16::uuid[],
             $17::text[], $18::timestamptz[], $19::timestamptz[])
             AS t(i, tk, ct, w, q, b, fm, rd, mt, mu, dj, a, del, ed, qu, rid, ca, ua)
           ON CONFLICT DO NOTHING RETURNING id`,
          [
            ctx.companyId,
            batch.map((m) => m.newId),
            batch.map((m) => m.ticket.id),
            batch.map(
              (m) => Number(m.contactId === null ? NaN : contacts.get(String(m.contactId))) || m.ticket.contact_id,
            ),
            batch.map((m) => m.ticket.whatsapp_id),
            batch.map((m) => (m.queueId === null ? null : Number(queues.get(String(m.queueId))) || null)),
            batch.map((m) => text(m.body)),
            batch.map((m) => Boolean(m.fromMe)),
            batch.map((m) => Boolean(m.read)),
            batch.map((m) => messageType(m.mediaType, m.mediaUrl)),
            batch.map((m) => m.media),
            batch.map((m) => jsonOrNull(m.dataJson)),
            batch.map((m) => Math.max(-1, Math.min(5, Number(m.ack) || 0))),
            batch.map((m) => Boolean(m.isDeleted)),
            batch.map((m) => Boolean(m.isEdited)),
            batch.map((m) =>
              m.quotedMsgId && m.quotedTicketId !== null && m.quotedCreatedAt
                ? importedMessageId(ctx.maps.source, ctx.companyId, m.quotedTicketId, m.quotedMsgId, m.quotedCreatedAt)
                : null,
            ),
            batch.map((m) => m.id),
            batch.map((m) => m.createdAt),
            batch.map((m) => m.updatedAt),
          ],
        );
        return ins.map((x) => x.id);
      };
      const bad = new Set<string>();
      const made = await insertSafely(c, fresh, insert, (m, reason) => {
        bad.add(m.newId);
        ctx.report.skip("messages", `${m.ticketId}/${m.id}`, reason);
      });
      const inserted = new Set(made);
      for (const m of fresh) {
        if (inserted.has(m.newId) || bad.has(m.newId)) continue;
        // Left out by ON CONFLICT (no error): the same WhatsApp message id is already stored on that connection.
        ctx.report.skip(
          "messages",
          `${m.ticketId}/${m.id}`,
          "the same WhatsApp message is already stored on this connection",
        );
      }
      for (const m of fresh) {
        if (m.quotedMsgId && m.quotedTicketId === null)
          ctx.report.note("messages", "quote of a message the source does not have: imported without it");
      }
      ctx.report.imported("messages", made.length);
    });
    read += rows.length;
    const secs = (Date.now() - started) / 1000;
    ctx.progress(
      `messages: ${read} read, ${ctx.report.count("messages").imported} imported (${Math.round(read / Math.max(secs, 0.001))}/s)`,
    );
  }
}
