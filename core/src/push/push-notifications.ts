// What the push dispatcher sends for one company: the inbound messages that reached
// the change log since its cursor (claimed once, in push_sent), and for each browser
// subscribed in that company the tickets its user may see and is expected to answer.
import type pg from "pg";
import type { PushPayload } from "../contract/push.ts";
import { transaction } from "../kernel/transaction.ts";
import { isSubscriptionExpired } from "../plans/subscription.ts";
import { maskNumber } from "../presenters/mask-number.ts";
import { getCompanySettings, isOn } from "../settings/company-settings.ts";
import { canSeeTicket, type VisibilityActor, type VisibleTicketFields } from "../tickets/visibility.ts";
import type { PushTarget } from "./send-push.ts";

/** Log rows read per pass; the dispatcher runs passes until one reads fewer. */
export const PUSH_LOG_BATCH = 2000;

/** An inbound message older than this (a history sync, a phone that was off for days) notifies nobody. */
const FRESH_WINDOW = "1 hour";
/** push_sent rows older than this are dropped; longer than FRESH_WINDOW, so nothing fresh is announced twice. */
const SENT_RETENTION = "1 day";

export type Claimed = { messageIds: string[]; more: boolean };

/**
 * Reads the company's change log after its push cursor and claims the inbound messages not yet
 * announced; the cursor moves in the same transaction. "none" when the company has no cursor (nobody
 * ever subscribed), "busy" when another core process is reading it right now (it may have read the
 * log before the latest change committed, so the caller looks again shortly).
 */
export async function claimNewInbound(pool: pg.Pool, companyId: number): Promise<Claimed | "none" | "busy"> {
  return transaction(pool, async (client) => {
    const cursor = await client.query<{ last_seq: string }>(
      "SELECT last_seq FROM push_cursors WHERE company_id = $1 FOR UPDATE SKIP LOCKED",
      [companyId],
    );
    if (!cursor.rows[0]) {
      const exists = await client.query("SELECT 1 FROM push_cursors WHERE company_id = $1", [companyId]);
      return exists.rowCount === 0 ? "none" : "busy";
    }
    const from = cursor.rows[0].last_seq;
    const upTo = await client.query<{ upto: string | null; n: number }>(
      `SELECT max(seq) AS upto, count(*)::int AS n FROM (
         SELECT seq FROM change_log WHERE company_id = $1 AND seq > $2 ORDER BY seq LIMIT $3) l`,
      [companyId, from, PUSH_LOG_BATCH],
    );
    const to = upTo.rows[0]?.upto;
    if (!to) return { messageIds: [], more: false };
    // MATERIALIZED: entity_id is cast to uuid only on the messages' rows (other entities have integer ids).
    const claimed = await client.query<{ message_id: string }>(
      `WITH log AS MATERIALIZED (
         SELECT DISTINCT entity_id FROM change_log
         WHERE company_id = $1 AND seq > $2 AND seq <= $3 AND entity = 'messages'),
       fresh AS (
         SELECT m.id FROM log JOIN messages m ON m.company_id = $1 AND m.id = log.entity_id::uuid
         WHERE NOT m.from_me AND NOT m.read AND NOT m.is_private AND NOT m.is_deleted
           AND m.created_at > now() - interval '${FRESH_WINDOW}')
       INSERT INTO push_sent (company_id, message_id) SELECT $1, id FROM fresh
       ON CONFLICT (company_id, message_id) DO NOTHING RETURNING message_id`,
      [companyId, from, to],
    );
    await client.query("UPDATE push_cursors SET last_seq = $2 WHERE company_id = $1", [companyId, to]);
    await client.query(
      `DELETE FROM push_sent WHERE company_id = $1 AND created_at < now() - interval '${SENT_RETENTION}'`,
      [companyId],
    );
    return { messageIds: claimed.rows.map((r) => r.message_id), more: (upTo.rows[0]?.n ?? 0) >= PUSH_LOG_BATCH };
  });
}

type InboundRow = VisibleTicketFields & {
  ticketUuid: string;
  body: string;
  mediaType: string;
  contactName: string;
  contactNumber: string;
  contactIsGroup: boolean;
};

export type Subscriber = VisibilityActor &
  PushTarget & {
    subscriptionId: number;
    super: boolean;
  };

/** One notification to one browser: the newest message of one ticket. */
export type Outgoing = { target: Subscriber; payload: PushPayload; topic: string };

/** The pushes for these messages: per browser, one per ticket its user may see and should answer. */
export async function planNotifications(pool: pg.Pool, companyId: number, messageIds: string[]): Promise<Outgoing[]> {
  if (messageIds.length === 0) return [];
  const [messages, subscribers, settings, company] = await Promise.all([
    pool.query<InboundRow>(
      `SELECT m.body, m.media_type AS "mediaType", t.uuid AS "ticketUuid", t.status, t.user_id AS "userId",
         t.queue_id AS "queueId", t.is_group AS "isGroup", c.name AS "contactName", c.number AS "contactNumber",
         c.is_group AS "contactIsGroup"
       FROM messages m
         JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
         JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
       WHERE m.company_id = $1 AND m.id = ANY($2::uuid[])
       ORDER BY m.created_at, m.id`,
      [companyId, messageIds],
    ),
    loadSubscribers(pool, companyId),
    getCompanySettings(pool, companyId),
    pool.query<{ due: string | null }>("SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM companies WHERE id = $1", [
      companyId,
    ]),
  ]);
  // An expired company gets no pokes either (realtime/hub.ts); only billing stays open to it.
  if (isSubscriptionExpired({ id: companyId, dueDate: company.rows[0]?.due })) return [];
  const showPending = isOn(settings.showNotificationPending);
  const lgpdHides = isOn(settings.enableLGPD) && isOn(settings.lgpdHideNumber);
  const out = new Map<string, Outgoing>();
  for (const m of messages.rows) {
    for (const s of subscribers) {
      if (!shouldNotify(s, m, showPending)) continue;
      const hideNumbers = lgpdHides && s.profile === "user" && !s.super;
      // Later messages of the same ticket replace earlier ones: one notification per ticket.
      out.set(`${s.subscriptionId}:${m.ticketUuid}`, {
        target: s,
        payload: payloadOf(m, hideNumbers),
        topic: m.ticketUuid.replaceAll("-", ""),
      });
    }
  }
  return [...out.values()];
}

/**
 * Who is told: the user may see the ticket (the one visibility rule) and it is theirs or nobody's
 * (a colleague's conversation in progress is the colleague's to answer); a pending ticket only
 * with the company's showNotificationPending on (spec 1 §6).
 */
export function shouldNotify(user: VisibilityActor, ticket: VisibleTicketFields, showPending: boolean): boolean {
  if (!canSeeTicket(user, ticket)) return false;
  if (ticket.userId !== null && ticket.userId !== user.id) return false;
  return ticket.status !== "pending" || showPending;
}

/** What a media message says when it has no caption (the app's default language, pt-BR). */
const MEDIA_LABELS: Record<string, string> = {
  image: "📷 Imagem",
  audio: "🎤 Áudio",
  video: "🎥 Vídeo",
  application: "📄 Documento",
  sticker: "Figurinha",
  locationMessage: "📍 Localização",
  contactMessage: "👤 Contato",
};
const BODY_MAX = 180;

function payloadOf(m: InboundRow, hideNumbers: boolean): PushPayload {
  const text = m.body.trim() || MEDIA_LABELS[m.mediaType] || "";
  const named = m.contactName && m.contactName !== m.contactNumber;
  const title = named
    ? m.contactName
    : hideNumbers && !m.contactIsGroup
      ? maskNumber(m.contactNumber)
      : m.contactNumber;
  return {
    title,
    body: text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text,
    url: `/tickets/${m.ticketUuid}`,
    tag: `ticket-${m.ticketUuid}`,
  };
}

async function loadSubscribers(pool: pg.Pool, companyId: number): Promise<Subscriber[]> {
  const { rows } = await pool.query<Subscriber>(
    `SELECT s.id AS "subscriptionId", s.endpoint, s.p256dh, s.auth, u.id, u.profile, u.super,
       u.all_ticket AS "allTicket", u.allow_group AS "allowGroup", u.all_historic AS "allHistoric",
       u.all_user_chat AS "allUserChat",
       ARRAY(SELECT uq.queue_id FROM user_queues uq WHERE uq.user_id = u.id AND uq.company_id = u.company_id
             ORDER BY uq.queue_id) AS "queueIds"
     FROM push_subscriptions s JOIN users u ON u.id = s.user_id AND u.company_id = s.company_id
     -- Only browsers of the user's live session: signing out, or in on another computer, stops them.
     WHERE s.company_id = $1 AND u.session_id = s.session_id`,
    [companyId],
  );
  return rows;
}
