// Use case: the transfer dialog (spec 1 §4): the ticket moves to a queue (one is
// required) and, when a user is chosen, to that user; with no user it waits
// there as pending. It may also move to another connection of its channel, unless
// the contact already has a ticket in progress there (the holder's notice).
// The dialog's note is kept as a private message; the
// contact is told of the move when company setting sendMsgTransfTicket is on, and of their place when
// the ticket now waits in a queue and sendQueuePosition is on (issue 9).
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import { sendQueuePositions } from "../bot/queue-position.ts";
import type { TTransferTicketArgs } from "../contract/tickets.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { invalidInput, otherOpenTicket, whatsappNotFound } from "../kernel/errors.ts";
import { loadVariableContext, renderVariables } from "../message-variables/render-variables.ts";
import { type CompanySettings, getCompanySettings, isOn } from "../settings/company-settings.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";
import { findOpenTicketHolder, guardOneActiveTicket } from "./open-ticket-conflict.ts";
import { sendMessage } from "./send-message.ts";
import { writeTicketLog } from "./ticket-log.ts";
import { writeTransferNote } from "./ticket-messages.ts";
import { authorize } from "./ticket-policy.ts";
import {
  assertCompanyQueue,
  assertCompanyUser,
  attendedStatus,
  invalidTransition,
  queueRequired,
  type TicketRow,
} from "./ticket-row.ts";

export async function transferTicket(client: pg.ClientBase, actor: Actor, args: TTransferTicketArgs): Promise<void> {
  const ticket = await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  authorize(actor, "transfer");
  // Waiting tickets move between queues too (docs/decisions/0009); closed ones reopen instead.
  if (ticket.status !== "open" && ticket.status !== "group" && ticket.status !== "pending") {
    throw invalidTransition(ticket.status, "transferred");
  }
  const queueId = args.queueId ?? ticket.queueId;
  if (queueId === null) throw queueRequired();
  if (queueId !== ticket.queueId) await assertCompanyQueue(client, actor.companyId, queueId);
  const userId = args.userId ?? null;
  if (userId !== null && userId !== actor.id) await assertCompanyUser(client, actor.companyId, userId);
  const whatsappId = await targetConnection(client, actor, ticket, args.whatsappId);
  const status = userId === null ? "pending" : attendedStatus(ticket);
  const note = args.msgTransfer?.trim() || null;
  // Written before the move: the note belongs to the conversation the actor still sees.
  await writeTransferNote(client, actor, ticket.id, note);
  const settings = await getCompanySettings(client, actor.companyId);
  await sendTransferMessage(client, actor, ticket, settings, { queueId, userId });
  if (queueId !== ticket.queueId && isOn(settings.closeTicketOnTransfer)) {
    return transferToNewTicket(client, actor, ticket, { queueId, userId, whatsappId, status, note });
  }
  const move = () =>
    client.query(
      `UPDATE tickets SET queue_id = $2, user_id = $3, status = $4, is_transfered = true,
         msg_transfer = COALESCE($5, msg_transfer), whatsapp_id = $7, updated_at = now()
       WHERE id = $1 AND company_id = $6`,
      [ticket.id, queueId, userId, status, note, actor.companyId, whatsappId],
    );
  if (whatsappId === ticket.whatsappId) await move();
  else {
    // A concurrent ticket on the new connection (the one-ticket-in-progress index) answers the holder's notice.
    const key = { companyId: actor.companyId, contactId: ticket.contactId, whatsappId, exceptId: ticket.id };
    await guardOneActiveTicket(client, key, move);
  }
  const base = { companyId: actor.companyId, ticketId: ticket.id };
  await writeTicketLog(client, {
    ...base,
    type: "transfered",
    userId: ticket.userId ?? actor.id,
    queueId: ticket.queueId,
  });
  if (queueId !== ticket.queueId) await writeTicketLog(client, { ...base, type: "queue", userId: actor.id, queueId });
  if (userId !== null) await writeTicketLog(client, { ...base, type: "receivedTransfer", userId, queueId });
  const changes: Change[] = [{ companyId: actor.companyId, entity: "tickets", id: ticket.id }];
  // Left waiting in a queue with no agent: the contact learns their place, as a new ticket entering it does.
  if (userId === null && !ticket.isGroup && whatsappId !== null) {
    const waiting = {
      ticketId: ticket.id,
      companyId: actor.companyId,
      contactId: ticket.contactId,
      whatsappId,
      queueId,
    };
    await sendQueuePositions(client, [waiting], changes);
  }
  await recordChanges(client, changes);
}

/**
 * Company setting closeTicketOnTransfer (spec 3 §2 settings; the original product's behaviour, decision 0070): a
 * transfer to another queue closes the ticket and the conversation goes on in a new ticket of the contact in that
 * queue, so each queue's tickets, times and ratings are its own. The new ticket takes the chosen user (open) or
 * waits (pending), on the connection the transfer chose.
 */
async function transferToNewTicket(
  client: pg.ClientBase,
  actor: Actor,
  ticket: TicketRow,
  to: { queueId: number; userId: number | null; whatsappId: number | null; status: string; note: string | null },
): Promise<void> {
  const companyId = actor.companyId;
  await client.query(
    `UPDATE tickets SET status = 'closed', closed_at = now(), is_transfered = true,
       msg_transfer = COALESCE($3, msg_transfer), updated_at = now()
     WHERE id = $1 AND company_id = $2`,
    [ticket.id, companyId, to.note],
  );
  const base = { companyId, ticketId: ticket.id };
  await writeTicketLog(client, {
    ...base,
    type: "transfered",
    userId: ticket.userId ?? actor.id,
    queueId: ticket.queueId,
  });
  await writeTicketLog(client, { ...base, type: "closed", userId: actor.id, queueId: ticket.queueId });
  // The old ticket is closed first, so the one-ticket-in-progress index only refuses another ticket in progress.
  const key = { companyId, contactId: ticket.contactId, whatsappId: to.whatsappId, exceptId: ticket.id };
  const { rows } = await guardOneActiveTicket(client, key, () =>
    client.query<{ id: number }>(
      `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, is_group,
         is_transfered, msg_transfer, last_message)
       SELECT company_id, contact_id, $3, $4, $5, $6, channel, is_group, true, $7, last_message
       FROM tickets WHERE id = $1 AND company_id = $2 RETURNING id`,
      [ticket.id, companyId, to.whatsappId, to.queueId, to.userId, to.status, to.note],
    ),
  );
  const id = rows[0]!.id;
  const log = { companyId, ticketId: id, queueId: to.queueId };
  await writeTicketLog(client, { ...log, type: "create", userId: actor.id });
  await writeTicketLog(client, { ...log, type: "queue", userId: actor.id });
  if (to.userId !== null) await writeTicketLog(client, { ...log, type: "receivedTransfer", userId: to.userId });
  const changes: Change[] = [
    { companyId, entity: "tickets", id: ticket.id },
    { companyId, entity: "tickets", id },
  ];
  if (to.userId === null && !ticket.isGroup && to.whatsappId !== null) {
    const waiting = {
      ticketId: id,
      companyId,
      contactId: ticket.contactId,
      whatsappId: to.whatsappId,
      queueId: to.queueId,
    };
    await sendQueuePositions(client, [waiting], changes);
  }
  await recordChanges(client, changes);
}

/**
 * The connection the ticket continues on: the one asked for, else its own. Another one must be a
 * connection of the company on the ticket's channel (the contact's address belongs to the channel),
 * and the contact must not already have a ticket in progress there (one per contact and connection).
 */
async function targetConnection(
  client: pg.ClientBase,
  actor: Actor,
  ticket: TicketRow,
  requested: number | null | undefined,
): Promise<number | null> {
  if (requested == null || requested === ticket.whatsappId) return ticket.whatsappId;
  const { rows } = await client.query<{ channel: string }>(
    "SELECT channel FROM whatsapps WHERE id = $1 AND company_id = $2",
    [requested, actor.companyId],
  );
  const connection = rows[0];
  if (!connection) throw whatsappNotFound();
  if (connection.channel !== ticket.channel) {
    throw invalidInput("The connection is not of the ticket's channel", "whatsappId");
  }
  const holder = await findOpenTicketHolder(client, {
    companyId: actor.companyId,
    contactId: ticket.contactId,
    whatsappId: requested,
    exceptId: ticket.id,
  });
  if (holder) throw otherOpenTicket(holder);
  return requested;
}

/**
 * Company settings sendMsgTransfTicket + transferMessage (spec 3 §2 settings):
 * the contact reads where the conversation went. Variables name the target
 * queue and user ({{queue}}, {{userName}}; empty when no user is chosen). Sent
 * before the move, while the actor still sees the ticket; group chats are not
 * told (the whole group would read an internal hand-over).
 */
async function sendTransferMessage(
  client: pg.ClientBase,
  actor: Actor,
  ticket: TicketRow,
  settings: CompanySettings,
  target: { queueId: number; userId: number | null },
): Promise<boolean> {
  if (ticket.isGroup || ticket.whatsappId === null) return false;
  if (!isOn(settings.sendMsgTransfTicket) || !settings.transferMessage?.trim()) return false;
  const ctx = await loadVariableContext(client, ticket.companyId, ticket.id, { userId: target.userId });
  const { rows } = await client.query<{ name: string }>("SELECT name FROM queues WHERE id = $1 AND company_id = $2", [
    target.queueId,
    actor.companyId,
  ]);
  ctx.queue = { name: rows[0]?.name ?? null };
  if (target.userId === null) ctx.user = null;
  const body = renderVariables(settings.transferMessage, ctx).trim();
  if (!body) return false;
  await sendMessage(client, actor, {
    id: uuidv7(),
    ticketId: ticket.id,
    body,
    markRead: false,
    allowPending: true,
    automatic: true,
  });
  return true;
}
