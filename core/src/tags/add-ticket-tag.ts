// Use case: a tag is put on a ticket (PUT /ticket-tags/{ticketId}/{tagId}),
// from the ticket list's tag picker or by moving a kanban card to a lane.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { tagNotFound } from "../kernel/errors.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";

export async function addTicketTag(
  client: pg.ClientBase,
  actor: Actor,
  ticketId: number,
  tagId: number,
): Promise<void> {
  const companyId = actor.companyId;
  await findVisibleTicket(client, actor, ticketId, { lock: true });
  const tag = await client.query("SELECT id FROM tags WHERE id = $1 AND company_id = $2", [tagId, companyId]);
  if (!tag.rows[0]) throw tagNotFound();
  const { rowCount } = await client.query(
    "INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    [ticketId, tagId, companyId],
  );
  if (rowCount) await recordChanges(client, [{ companyId, entity: "tickets", id: ticketId }]);
}
