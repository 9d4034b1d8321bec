// Use case: ignore a waiting ticket (spec 1 §4): pending or lgpd → closed,
// without farewell, its bot use counter back to 0. Admins and users with
// userClosePendingTicket enabled only.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TIgnoreTicketArgs } from "../contract/tickets.ts";
import { recordClosedByAgent } from "./closed-by-agent.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";
import { authorize } from "./ticket-policy.ts";
import { invalidTransition, type TicketRow } from "./ticket-row.ts";

export async function ignoreTicket(client: pg.ClientBase, actor: Actor, args: TIgnoreTicketArgs): Promise<void> {
  const ticket = await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  if (ticket.status === "closed") return;
  await ignoreLockedTicket(client, actor, ticket);
}

/** The ignore transition on a ticket the caller has already locked and may see. */
export async function ignoreLockedTicket(client: pg.ClientBase, actor: Actor, ticket: TicketRow): Promise<void> {
  authorize(actor, "ignore");
  if (ticket.status !== "pending" && ticket.status !== "lgpd") throw invalidTransition(ticket.status, "ignored");
  await client.query(
    `UPDATE tickets SET status = 'closed', closed_at = now(), amount_used_bot_queues = 0, updated_at = now()
     WHERE id = $1 AND company_id = $2`,
    [ticket.id, actor.companyId],
  );
  await recordClosedByAgent(client, actor, ticket);
}
