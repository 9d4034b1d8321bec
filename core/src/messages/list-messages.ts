// GET /messages/{ticketId}: a ticket's conversation, newest page first, oldest
// first within the page. The conversation is the contact's tickets on the same
// connection that the caller may see (the list shows a banner where the ticket
// changes), so an agent with allHistoric reads earlier conversations too.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ListMessagesResponse, MessageDetailDTO, TListMessagesQuery } from "../contract/messages.ts";
import { MESSAGE_COLUMNS } from "../db/replica-rows.ts";
import { invalidInput } from "../kernel/errors.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";
import { visibleTicketSql } from "../tickets/visibility.ts";

export const MESSAGES_PAGE_SIZE = 20;
/** Earlier tickets of the contact read into one conversation, newest first. */
const HISTORY_TICKETS = 200;

/**
 * The message as the API answers it: its row plus quoted message, contact, queue and
 * ticket (with the ticket's current queue and owner, spec 1 §3 Message). Primary-key
 * joins on a page of ids: the page itself is still read by index (listMessages).
 */
const DETAIL_SELECT = `SELECT ${MESSAGE_COLUMNS}, m.queue_id AS "queueId",
    CASE WHEN qm.id IS NULL THEN NULL
      ELSE json_build_object('id', qm.id, 'body', qm.body, 'fromMe', qm.from_me) END AS "quotedMsg",
    CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('name', c.name) END AS contact,
    CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('name', q.name) END AS queue,
    CASE WHEN m.media_type = 'contactMessage' THEN m.data_json->'vCard' END AS "vCard",
    json_build_object('id', t.id, 'uuid', t.uuid, 'queueId', t.queue_id, 'whatsappId', t.whatsapp_id,
      'queue', CASE WHEN tq.id IS NULL THEN NULL ELSE json_build_object('id', tq.id, 'name', tq.name,
        'color', tq.color) END,
      'user', CASE WHEN tu.id IS NULL THEN NULL ELSE json_build_object('id', tu.id, 'name', tu.name) END) AS ticket
  FROM messages m
  JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
  LEFT JOIN messages qm ON qm.id = m.quoted_msg_id AND qm.company_id = m.company_id
  LEFT JOIN contacts c ON c.id = m.contact_id AND c.company_id = m.company_id
  LEFT JOIN queues q ON q.id = m.queue_id AND q.company_id = m.company_id
  LEFT JOIN queues tq ON tq.id = t.queue_id AND tq.company_id = m.company_id
  LEFT JOIN users tu ON tu.id = t.user_id AND tu.company_id = m.company_id`;

/** Messages of the company by id, oldest first, in the answer shape. */
export async function loadMessageDetails(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  ids: string[],
): Promise<MessageDetailDTO[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<MessageDetailDTO>(
    `${DETAIL_SELECT} WHERE m.company_id = $1 AND m.id = ANY($2::uuid[]) ORDER BY m.created_at, m.id`,
    [companyId, ids],
  );
  return rows;
}

export async function listMessages(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  ticketId: number,
  query: TListMessagesQuery,
): Promise<ListMessagesResponse> {
  const ticket = await findVisibleTicket(db, actor, ticketId);
  const params: unknown[] = [actor.companyId, ticket.contactId, ticket.whatsappId, ticket.id, HISTORY_TICKETS];
  const visible = visibleTicketSql(actor, params);
  const history = await db.query<{ id: number }>(
    `SELECT t.id FROM tickets t
     WHERE t.company_id = $1 AND t.contact_id = $2 AND t.whatsapp_id IS NOT DISTINCT FROM $3
       AND (t.id = $4 OR ${visible})
     ORDER BY t.id DESC LIMIT $5`,
    params,
  );
  const ticketIds = history.rows.map((t) => t.id);
  if (!ticketIds.includes(ticket.id)) ticketIds.push(ticket.id);

  const offset = query.cursor ? 0 : (query.pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const p: unknown[] = [actor.companyId, ticketIds, offset + MESSAGES_PAGE_SIZE + 1, MESSAGES_PAGE_SIZE + 1, offset];
  let filter = "";
  if (query.selectedQueues.length > 0) {
    p.push(query.selectedQueues);
    filter += ` AND (m.queue_id = ANY($${p.length}::int[]) OR m.queue_id IS NULL)`;
  }
  if (query.cursor) {
    const known = await db.query(
      "SELECT 1 FROM messages WHERE id = $1 AND company_id = $2 AND ticket_id = ANY($3::int[])",
      [query.cursor, actor.companyId, ticketIds],
    );
    if (known.rowCount === 0) throw invalidInput("Unknown cursor", "cursor");
    p.push(query.cursor);
    // Compared in SQL so that the boundary keeps the column's microseconds.
    filter += ` AND (m.created_at, m.id) < (SELECT created_at, id FROM messages WHERE id = $${p.length} AND company_id = $1)`;
  }
  // One index range per ticket (messages_ticket_page), merged: never a sort of a whole history.
  const page = await db.query<{ id: string }>(
    `SELECT m.id FROM unnest($2::int[]) AS tid(id)
     CROSS JOIN LATERAL (
       SELECT m.id, m.created_at FROM messages m
       WHERE m.ticket_id = tid.id AND m.company_id = $1${filter}
       ORDER BY m.created_at DESC, m.id DESC LIMIT $3) m
     ORDER BY m.created_at DESC, m.id DESC LIMIT $4 OFFSET $5`,
    p,
  );
  const hasMore = page.rows.length > MESSAGES_PAGE_SIZE;
  const ids = page.rows.slice(0, MESSAGES_PAGE_SIZE).map((r) => r.id);
  const messages = await loadMessageDetails(db, actor.companyId, ids);
  return { messages, hasMore, nextCursor: hasMore ? (messages[0]?.id ?? null) : null };
}
