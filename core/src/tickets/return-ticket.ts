// Use case: an agent gives an open ticket back to its queue (spec 1 §4 "return
// to queue"): it waits again as pending, with no owner.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TReturnTicketArgs } from "../contract/tickets.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";
import { writeTicketLog } from "./ticket-log.ts";
import { authorize } from "./ticket-policy.ts";
import { invalidTransition } from "./ticket-row.ts";

export async function returnTicket(client: pg.ClientBase, actor: Actor, args: TReturnTicketArgs): Promise<void> {
  const ticket = await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  authorize(actor, "returnToQueue");
  if (ticket.status === "pending" && ticket.userId === null) return;
  if (ticket.status !== "open" && ticket.status !== "group" && ticket.status !== "pending") {
    throw invalidTransition(ticket.status, "returned to the queue");
  }
  await client.query(
    "UPDATE tickets SET status = 'pending', user_id = NULL, updated_at = now() WHERE id = $1 AND company_id = $2",
    [ticket.id, actor.companyId],
  );
  await writeTicketLog(client, {
    companyId: actor.companyId,
    ticketId: ticket.id,
    type: "pending",
    userId: actor.id,
    queueId: ticket.queueId,
  });
  await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticket.id }]);
}
