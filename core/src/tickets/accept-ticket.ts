// Use case: an agent accepts a pending ticket (spec 1 §4): they become its owner,
// it opens (group for WhatsApp groups), its unread count resets, and the
// accept greeting goes out when the company enables it.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { mayWorkNow } from "../bot/service-hours.ts";
import type { TAcceptTicketArgs } from "../contract/tickets.ts";
import { endFlowOnAccept } from "../flows/runtime/flow-runs.ts";
import { otherOpenTicket, outOfHours } from "../kernel/errors.ts";
import { attendTicket, targetQueue } from "./attend-ticket.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";
import { holderOfTicket } from "./open-ticket-conflict.ts";
import { sendAcceptGreeting } from "./ticket-messages.ts";
import { authorize } from "./ticket-policy.ts";
import { invalidTransition } from "./ticket-row.ts";

export async function acceptTicket(client: pg.ClientBase, actor: Actor, args: TAcceptTicketArgs): Promise<void> {
  const ticket = await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  authorize(actor, "accept");
  // Spec 1 §8 ERR_OUT_OF_HOURS: a plain user takes no conversation outside their startWork-endWork.
  if (!mayWorkNow(actor, new Date())) throw outOfHours();
  if (ticket.status === "open" || ticket.status === "group") {
    // Accepting twice (another tab, a replayed push) is done already; someone
    // else's ticket answers the notice naming them.
    if (ticket.userId === actor.id) return;
    if (ticket.userId !== null)
      throw otherOpenTicket(await holderOfTicket(client, { id: ticket.id, companyId: actor.companyId }));
  } else if (ticket.status !== "pending") {
    throw invalidTransition(ticket.status, "accepted");
  }
  // A pending ticket without queue opens the accept dialog first (spec 1 §4, §5).
  const queueId = await targetQueue(client, actor, ticket, args.queueId);
  const status = await attendTicket(client, actor, ticket, queueId, "open");
  // An agent took over: the flow the ticket walked ends (decision 0054).
  await endFlowOnAccept(client, actor.companyId, ticket.id);
  if (ticket.status === "pending") {
    await sendAcceptGreeting(client, actor, { ...ticket, status, userId: actor.id, queueId });
  }
}
