// The panel's tickets (spec 1 §2 '/moments'): the caller's company's open and pending tickets last updated in the
// past 30 days (§9), newest first, each with its agent, contact, queue and connection. One slice per status reads
// the inbox index (company_id, status, updated_at DESC, id DESC) in order and stops at MOMENTS_LIMIT, so a company
// holding a million closed tickets costs only the tickets in progress.

import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import { MOMENTS_LIMIT, MOMENTS_WINDOW_DAYS, type MomentTicket, type TMomentsQuery } from "../contract/moments.ts";
import { noPermission } from "../kernel/errors.ts";

/** spec 1 §2, §6: the panel is the admins' and the users' with allowRealTime. */
export function canSeeMoments(actor: Actor): boolean {
  return actor.profile === "admin" || actor.super || actor.allowRealTime === "enabled";
}

const ITEM = `json_build_object(
  'id', t.id, 'uuid', t.uuid, 'status', t.status, 'lastMessage', t.last_message, 'updatedAt', t.updated_at,
  'userId', t.user_id, 'queueId', t.queue_id,
  'contact', json_build_object('id', c.id, 'name', c.name, 'urlPicture', c.url_picture),
  'queue', CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name, 'color', q.color) END,
  'user', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END,
  'whatsapp', CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'name', w.name) END)`;

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
  const { rows } = await db.query<{ item: MomentTicket }>(
    `SELECT ${ITEM} AS item
     FROM (${statuses.map(slice).join(" UNION ALL ")}) p
     JOIN tickets t ON t.id = p.id AND t.company_id = $1
     JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
     LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
     LEFT JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
     LEFT JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
     ORDER BY p.updated_at DESC, p.id DESC`,
    params,
  );
  return rows.map((r) => r.item);
}
