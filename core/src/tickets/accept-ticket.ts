// Use case: an agent accepts a pending ticket (spec 1 §4): they become its owner,
// it opens (group for WhatsApp groups), its unread count resets, and the
// accept greeting goes out when the company enables it.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TAcceptTicketArgs } from "../contract/tickets.ts";
import { recordChanges } from "../sync/change-log.ts";
import { holderOfTicket, otherOpenTicket } from "./open-ticket-conflict.ts";
import { writeTicketLog } from "./ticket-log.ts";
import { sendAcceptGreeting } from "./ticket-messages.ts";
import { authorize } from "./ticket-policy.ts";
import {
  assertCompanyQueue,
  attendedStatus,
  invalidTransition,
  lockVisibleTicket,
  markTicketRead,
  queueRequired,
} from "./ticket-row.ts";

export async function acceptTicket(client: pg.ClientBase, actor: Actor, args: TAcceptTicketArgs): Promise<void> {
  const ticket = await lockVisibleTicket(client, actor, args.ticketId);
  authorize(actor, "accept");
  if (ticket.status === "open" || ticket.status === "group") {
    // Accepting twice (another tab, a replayed push) is done already; someone
    // else's ticket answers the notice naming them.
    if (ticket.userId === actor.id) return;
    if (ticket.userId !== null) throw otherOpenTicket(await holderOfTicket(client, ticket.id));
  } else if (ticket.status !== "pending") {
    throw invalidTransition(ticket.status, "accepted");
  }
  const queueId = args.queueId ?? ticket.queueId;
  // A pending ticket without queue opens the accept dialog first (spec 1 §4, §5).
  if (queueId === null) throw queueRequired();
  if (queueId !== ticket.queueId) await assertCompanyQueue(client, actor.companyId, queueId);
  const status = attendedStatus(ticket);
  await client.query(
    "UPDATE tickets SET status = $2, user_id = $3, queue_id = $4, closed_at = NULL, updated_at = now() WHERE id = $1",
    [ticket.id, status, actor.id, queueId],
  );
  const read = await markTicketRead(client, ticket);
  const log = { companyId: actor.companyId, ticketId: ticket.id, userId: actor.id, queueId };
  if (queueId !== ticket.queueId) await writeTicketLog(client, { ...log, type: "queue" });
  await writeTicketLog(client, { ...log, type: "open" });
  await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticket.id }, ...read]);
  if (ticket.status === "pending") {
    await sendAcceptGreeting(client, actor, { ...ticket, status, userId: actor.id, queueId });
  }
}
