// Use case: DELETE /ticket-tags/{ticketId} takes every tag off the ticket (the
// kanban board calls it before adding the new lane's tag).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";

/** Returns how many tags the ticket lost. */
export async function removeTicketTags(client: pg.ClientBase, actor: Actor, ticketId: number): Promise<number> {
  await findVisibleTicket(client, actor, ticketId, { lock: true });
  const { rowCount } = await client.query("DELETE FROM ticket_tags WHERE ticket_id = $1 AND company_id = $2", [
    ticketId,
    actor.companyId,
  ]);
  if (rowCount) await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticketId }]);
  return rowCount ?? 0;
}
