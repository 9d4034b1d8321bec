// Use case: a kanban card is moved to another lane (the sync push's moveTicketLane; spec 2 §4 Kanban): the
// ticket's lane tags come off and then the new lane's tag goes on, in one transaction, so the ticket is never
// seen in no lane or in two. Its other (non-kanban) tags stay (decision 0047).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TMoveTicketLaneArgs } from "../contract/kanban.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { tagNotFound } from "../kernel/errors.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";
import { assertKanbanPlan } from "./kanban-plan.ts";

export async function moveTicketLane(client: pg.ClientBase, actor: Actor, args: TMoveTicketLaneArgs): Promise<void> {
  const companyId = actor.companyId;
  await assertKanbanPlan(client, companyId);
  await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  const lane = await client.query("SELECT 1 FROM tags WHERE id = $1 AND company_id = $2 AND kanban = 1", [
    args.toLaneId,
    companyId,
  ]);
  if (!lane.rowCount) throw tagNotFound();
  await moveToLane(client, companyId, args.ticketId, args.toLaneId);
  await recordChanges(client, [{ companyId, entity: "tickets", id: args.ticketId }]);
}

/**
 * The move itself, shared with the lane timer: the ticket leaves every lane but the target, and enters the target
 * (a fresh entry time, which restarts its lane timer) unless it is already there. Answers whether anything changed.
 */
export async function moveToLane(
  client: pg.ClientBase,
  companyId: number,
  ticketId: number,
  toLaneId: number,
): Promise<boolean> {
  const left = await client.query(
    `DELETE FROM ticket_tags tt USING tags g
     WHERE tt.ticket_id = $1 AND tt.company_id = $2 AND tt.tag_id <> $3
       AND g.id = tt.tag_id AND g.company_id = tt.company_id AND g.kanban = 1`,
    [ticketId, companyId, toLaneId],
  );
  const entered = await client.query(
    "INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    [ticketId, toLaneId, companyId],
  );
  return (left.rowCount ?? 0) + (entered.rowCount ?? 0) > 0;
}
