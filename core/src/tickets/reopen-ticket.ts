// Use case: reopen a closed ticket (spec 1 §4): it opens again (group for
// groups) with the caller as owner, in its queue or the one chosen (one is
// needed). If the contact already has another ticket in progress on that
// connection, the notice names its holder (409 ERR_OTHER_OPEN_TICKET).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TReopenTicketArgs } from "../contract/tickets.ts";
import { otherOpenTicket } from "../kernel/errors.ts";
import { attendTicket, targetQueue } from "./attend-ticket.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";
import { findOpenTicketHolder, guardOneActiveTicket } from "./open-ticket-conflict.ts";
import { authorize } from "./ticket-policy.ts";
import { invalidTransition } from "./ticket-row.ts";

export async function reopenTicket(client: pg.ClientBase, actor: Actor, args: TReopenTicketArgs): Promise<void> {
  const ticket = await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  authorize(actor, "reopen");
  if (ticket.status !== "closed") {
    if (ticket.userId === actor.id && (ticket.status === "open" || ticket.status === "group")) return;
    throw invalidTransition(ticket.status, "reopened");
  }
  const queueId = await targetQueue(client, actor, ticket, args.queueId);
  const key = { companyId: actor.companyId, contactId: ticket.contactId, whatsappId: ticket.whatsappId };
  const holder = await findOpenTicketHolder(client, { ...key, exceptId: ticket.id });
  if (holder) throw otherOpenTicket(holder);
  await attendTicket(client, actor, ticket, queueId, "reopen", (update) => guardOneActiveTicket(client, key, update));
}
