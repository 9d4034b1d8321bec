// The ticket list's preview (tickets.last_message) is the customer's last message (issue 21, decision 0089):
// inbound messages write it, the agent's replies, the bot, schedules, campaigns and kanban lanes do not. A message
// deleted or edited after the fact puts the preview back in step from the messages themselves, so a deleted
// text never stays in the list or on /moments.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";

/** The body of the ticket's last message from the customer that is still shown ('' when there is none). */
export const CUSTOMER_PREVIEW_SQL = `COALESCE((SELECT m.body FROM messages m
  WHERE m.ticket_id = t.id AND m.company_id = t.company_id AND NOT m.from_me AND NOT m.is_deleted AND NOT m.is_private
  ORDER BY m.created_at DESC, m.id DESC LIMIT 1), '')`;

/**
 * Recomputes the preview of these tickets (one company's or several) from their messages; a ticket whose preview
 * changed is added to `changes`. Reads one row per ticket through messages_ticket_page; edits and deletes are rare.
 */
export async function refreshTicketPreviews(
  client: pg.ClientBase,
  tickets: readonly { companyId: number; ticketId: number }[],
  changes: Change[],
): Promise<void> {
  if (tickets.length === 0) return;
  const { rows } = await client.query<{ id: number; company_id: number }>(
    `UPDATE tickets t SET last_message = ${CUSTOMER_PREVIEW_SQL}
     FROM unnest($1::int[], $2::int[]) AS i(c, id)
     WHERE t.company_id = i.c AND t.id = i.id AND t.last_message IS DISTINCT FROM ${CUSTOMER_PREVIEW_SQL}
     RETURNING t.id, t.company_id`,
    [tickets.map((x) => x.companyId), tickets.map((x) => x.ticketId)],
  );
  for (const r of rows) changes.push({ companyId: r.company_id, entity: "tickets", id: r.id });
}
