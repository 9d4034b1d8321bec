// The panel's tickets (spec 1 §2 '/moments'): the caller's company's open and pending tickets last updated in the
// past 30 days (§9), newest first, each with its agent, contact, queue and connection. One slice per status reads
// the inbox index (company_id, status, updated_at DESC, id DESC) in order and stops at MOMENTS_LIMIT, so a company
// holding a million closed tickets costs only the tickets in progress.

import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import { MOMENTS_LIMIT, MOMENTS_WINDOW_DAYS, type MomentTicket, type TMomentsQuery } from "../contract/moments.ts";
import { noPermission } from "../kernel/errors.ts";
import { namedRef } from "../presenters/named-ref.ts";

/** spec 1 §2, §6: the panel is the admins' and the users' with allowRealTime. */
export function canSeeMoments(actor: Actor): boolean {
  return actor.profile === "admin" || actor.super || actor.allowRealTime === "enabled";
}

/** A panel ticket's columns with its contact, queue, agent and connection as plain columns (decision 0085). */
const ITEM = `t.id, t.uuid, t.status, t.last_message AS "lastMessage", t.updated_at AS "updatedAt",
  t.user_id AS "userId", t.queue_id AS "queueId",
  c.id AS "contactId", c.name AS "contactName", c.url_picture AS "contactUrlPicture",
  q.id AS "joinedQueueId", q.name AS "joinedQueueName", q.color AS "joinedQueueColor",
  u.id AS "joinedUserId", u.name AS "joinedUserName", w.id AS "joinedWhatsappId", w.name AS "joinedWhatsappName"`;

type MomentRow = Omit<MomentTicket, "updatedAt" | "contact" | "queue" | "user" | "whatsapp"> & {
  updatedAt: Date;
  contactId: number;
  contactName: string;
  contactUrlPicture: string | null;
  joinedQueueId: number | null;
  joinedQueueName: string | null;
  joinedQueueColor: string | null;
  joinedUserId: number | null;
  joinedUserName: string | null;
  joinedWhatsappId: number | null;
  joinedWhatsappName: string | null;
};

/** The presenter of a panel ticket: its contact, queue, agent and connection nested. */
const momentAnswer = (r: MomentRow): MomentTicket => ({
  id: r.id,
  uuid: r.uuid,
  status: r.status,
  lastMessage: r.lastMessage,
  updatedAt: r.updatedAt.toISOString(),
  userId: r.userId,
  queueId: r.queueId,
  contact: { id: r.contactId, name: r.contactName, urlPicture: r.contactUrlPicture },
  queue:
    r.joinedQueueId === null ? null : { id: r.joinedQueueId, name: r.joinedQueueName!, color: r.joinedQueueColor! },
  user: namedRef(r.joinedUserId, r.joinedUserName),
  whatsapp: namedRef(r.joinedWhatsappId, r.joinedWhatsappName),
});

export async function listMoments(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  query: TMomentsQuery,
  now = new Date(),
): Promise<MomentTicket[]> {
  if (!canSeeMoments(actor)) throw noPermission();
  const since = new Date(now.getTime() - MOMENTS_WINDOW_DAYS * 86_400_000);
  // showAll "false": the caller's own queues only (an empty list of queues shows nothing).
  const queueIds =
    query.showAll === false
      ? (query.queueIds ?? actor.queueIds).filter((id) => actor.queueIds.includes(id))
      : (query.queueIds ?? null);
  const params: unknown[] = [
    actor.companyId,
    since.toISOString(),
    query.dateStart ?? null,
    query.dateEnd ?? null,
    BUSINESS_TIME_ZONE,
    queueIds,
    query.userId ?? null,
    MOMENTS_LIMIT,
  ];
  const slice = (status: "open" | "pending") => `(SELECT s.id, s.updated_at FROM tickets s
      WHERE s.company_id = $1 AND s.status = '${status}' AND s.updated_at >= $2::timestamptz
        AND ($3::date IS NULL OR s.updated_at >= ($3::date)::timestamp AT TIME ZONE $5)
        AND ($4::date IS NULL OR s.updated_at < ($4::date + 1)::timestamp AT TIME ZONE $5)
        AND ($6::int[] IS NULL OR s.queue_id = ANY($6::int[]))
        AND ($7::int IS NULL OR s.user_id = $7::int)
      ORDER BY s.updated_at DESC, s.id DESC LIMIT $8)`;
  const statuses = query.status ? [query.status] : (["open", "pending"] as const);
  const { rows } = await db.query<MomentRow>(
    `SELECT ${ITEM}
     FROM (${statuses.map(slice).join(" UNION ALL ")}) p
     JOIN tickets t ON t.id = p.id AND t.company_id = $1
     JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
     LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
     LEFT JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
     LEFT JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
     ORDER BY p.updated_at DESC, p.id DESC`,
    params,
  );
  return rows.map(momentAnswer);
}
