// Use case behind PUT /tickets/{id} (spec 1 §7): the original client names a
// target status and fields rather than an action, so this reads which row of
// the spec 1 §4 transition table is meant and runs that use case (the same
// functions the sync push runs). docs/decisions/0009 lists the reading.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TUpdateTicketRequest } from "../contract/tickets.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { acceptTicket } from "./accept-ticket.ts";
import { resolveTicket } from "./close-ticket.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";
import { ignoreTicket } from "./ignore-ticket.ts";
import { reopenTicket } from "./reopen-ticket.ts";
import { returnTicket } from "./return-ticket.ts";
import { may } from "./ticket-policy.ts";
import { invalidTransition, type TicketRow } from "./ticket-row.ts";
import { transferTicket } from "./transfer-ticket.ts";

export type TicketTransition = "accept" | "returnToQueue" | "transfer" | "resolve" | "ignore" | "reopen" | "none";

/** Which transition a PUT body asks for, given the ticket's current state. */
export function chooseTransition(actor: Actor, ticket: TicketRow, input: TUpdateTicketRequest): TicketTransition {
  const from = ticket.status;
  const to = input.status ?? from;
  const inProgress = from === "open" || from === "group";
  const queueChange = input.queueId != null && input.queueId !== ticket.queueId;
  if (input.isTransfered === true) return "transfer";
  if (to === "closed") {
    if (from === "closed") return "none";
    if (from === "lgpd") return "ignore";
    if (from === "pending") {
      // Pending → closed is two rows of the table: "ignore" (no farewell, bot
      // counter reset) and "close" (admins, showDashboard). A farewell asks for
      // close; otherwise ignore when the caller may, else close.
      if (input.sendFarewellMessage !== true && may(actor, "ignore")) return "ignore";
      return "resolve";
    }
    return "resolve";
  }
  if (to === "pending") {
    if (from === "closed" || from === "lgpd" || from === "nps") throw invalidTransition(from, "returned to the queue");
    if (queueChange) return "transfer";
    return inProgress || ticket.userId !== null ? "returnToQueue" : "none";
  }
  // open or group
  if (from === "closed") return "reopen";
  if (from === "pending") {
    // Naming another owner while accepting hands the ticket to them: a transfer.
    if (input.userId != null && input.userId !== actor.id) return "transfer";
    return "accept";
  }
  if (inProgress) {
    // {status, userId: caller} is the accept button's body; another user named is a transfer.
    if (input.userId != null && input.userId !== ticket.userId && input.userId !== actor.id) return "transfer";
    if (queueChange) return "transfer";
    // Accepting a ticket someone else attends answers the notice naming them.
    if (input.status !== undefined && ticket.userId !== actor.id) return "accept";
    return "none";
  }
  throw invalidTransition(from, "opened");
}

/** Applies the PUT body; answers the transition that ran. */
export async function updateTicket(
  client: pg.ClientBase,
  actor: Actor,
  ticketId: number,
  input: TUpdateTicketRequest,
): Promise<TicketTransition> {
  const ticket = await findVisibleTicket(client, actor, ticketId, { lock: true });
  const transition = chooseTransition(actor, ticket, input);
  const ref = { ticketId };
  switch (transition) {
    case "accept":
      await acceptTicket(client, actor, { ...ref, queueId: input.queueId });
      break;
    case "returnToQueue":
      await returnTicket(client, actor, ref);
      break;
    case "transfer":
      await transferTicket(client, actor, {
        ...ref,
        queueId: input.queueId,
        userId: input.userId,
        whatsappId: input.whatsappId,
        msgTransfer: input.msgTransfer,
      });
      break;
    case "resolve":
      await resolveTicket(client, actor, { ...ref, sendFarewellMessage: input.sendFarewellMessage });
      break;
    case "ignore":
      await ignoreTicket(client, actor, ref);
      break;
    case "reopen":
      await reopenTicket(client, actor, { ...ref, queueId: input.queueId });
      break;
    case "none":
      break;
  }
  await updateFlags(client, actor, ticketId, transition, input);
  return transition;
}

/** useIntegration and amountUsedBotQueues ride along any transition (ignore resets the counter itself). */
async function updateFlags(
  client: pg.ClientBase,
  actor: Actor,
  ticketId: number,
  transition: TicketTransition,
  input: TUpdateTicketRequest,
): Promise<void> {
  const amount = transition === "ignore" ? undefined : input.amountUsedBotQueues;
  if (input.useIntegration === undefined && amount === undefined) return;
  const { rowCount } = await client.query(
    `UPDATE tickets SET use_integration = COALESCE($2, use_integration),
       amount_used_bot_queues = COALESCE($3, amount_used_bot_queues), updated_at = now()
     WHERE id = $1 AND company_id = $4 AND (use_integration IS DISTINCT FROM COALESCE($2, use_integration)
       OR amount_used_bot_queues IS DISTINCT FROM COALESCE($3, amount_used_bot_queues))`,
    [ticketId, input.useIntegration ?? null, amount ?? null, actor.companyId],
  );
  if (rowCount) await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticketId }]);
}
