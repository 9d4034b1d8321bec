// Use case: reopen a closed ticket (spec 1 §4): it opens again (group for
// groups) with the caller as owner, in its queue or the one chosen (one is
// needed). If the contact already has another ticket in progress on that
// connection, the notice names its holder (409 ERR_OTHER_OPEN_TICKET).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TReopenTicketArgs } from "../contract/tickets.ts";
import { recordChanges } from "../sync/change-log.ts";
import { findOpenTicketHolder, guardOneActiveTicket, otherOpenTicket } from "./open-ticket-conflict.ts";
import { writeTicketLog } from "./ticket-log.ts";
import { authorize } from "./ticket-policy.ts";
import {
  assertCompanyQueue,
  attendedStatus,
  invalidTransition,
  lockVisibleTicket,
  markTicketRead,
  queueRequired,
} from "./ticket-row.ts";

export async function reopenTicket(client: pg.ClientBase, actor: Actor, args: TReopenTicketArgs): Promise<void> {
  const ticket = await lockVisibleTicket(client, actor, args.ticketId);
  authorize(actor, "reopen");
  if (ticket.status !== "closed") {
    if (ticket.userId === actor.id && (ticket.status === "open" || ticket.status === "group")) return;
    throw invalidTransition(ticket.status, "reopened");
  }
  const queueId = args.queueId ?? ticket.queueId;
  if (queueId === null) throw queueRequired();
  if (queueId !== ticket.queueId) await assertCompanyQueue(client, actor.companyId, queueId);
  const key = { companyId: actor.companyId, contactId: ticket.contactId, whatsappId: ticket.whatsappId };
  const holder = await findOpenTicketHolder(client, { ...key, exceptId: ticket.id });
  if (holder) throw otherOpenTicket(holder);
  const status = attendedStatus(ticket);
  await guardOneActiveTicket(client, key, () =>
    client.query(
      "UPDATE tickets SET status = $2, user_id = $3, queue_id = $4, closed_at = NULL, updated_at = now() WHERE id = $1",
      [ticket.id, status, actor.id, queueId],
    ),
  );
  const read = await markTicketRead(client, ticket);
  const log = { companyId: actor.companyId, ticketId: ticket.id, userId: actor.id, queueId };
  if (queueId !== ticket.queueId) await writeTicketLog(client, { ...log, type: "queue" });
  await writeTicketLog(client, { ...log, type: "reopen" });
  await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticket.id }, ...read]);
}
