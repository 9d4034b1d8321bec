// GET /tickets-log/{ticketId} (spec 1 §7): a visible ticket's timeline, oldest first.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TicketLogEntryDTO } from "../contract/tickets.ts";
import { presentTicketLogEntry, type TicketLogEntryRow } from "../presenters/present-ticket-log-entry.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";

export async function listTicketLog(pool: pg.Pool, actor: Actor, ticketId: number): Promise<TicketLogEntryDTO[]> {
  await findVisibleTicket(pool, actor, ticketId);
  const { rows } = await pool.query<TicketLogEntryRow>(
    `SELECT l.id::int AS id, l.type, l.created_at AS "createdAt",
       u.id AS "joinedUserId", u.name AS "joinedUserName", q.id AS "joinedQueueId", q.name AS "joinedQueueName"
     FROM ticket_logs l LEFT JOIN users u ON u.id = l.user_id AND u.company_id = l.company_id
       LEFT JOIN queues q ON q.id = l.queue_id AND q.company_id = l.company_id
     WHERE l.ticket_id = $1 AND l.company_id = $2 ORDER BY l.id`,
    [ticketId, actor.companyId],
  );
  return rows.map(presentTicketLogEntry);
}
