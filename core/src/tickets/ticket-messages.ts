// Messages the transitions send in the agent's name: the greeting on accept,
// the farewell on resolve, the transfer note. They go through sendMessage, the
// same path as a typed reply (queued for the channel worker, change-logged).
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import { loadVariableContext, renderVariables } from "../message-variables/render-variables.ts";
import { getCompanySettings, isOn } from "../settings/company-settings.ts";
import { RATING_QUESTION } from "./apply-rating.ts";
import { sendMessage } from "./send-message.ts";
import type { TicketRow } from "./ticket-row.ts";

/** Renders `template` for the ticket and queues it; blank templates and tickets without connection send nothing. */
async function sendRendered(
  client: pg.ClientBase,
  actor: Actor,
  ticket: Pick<TicketRow, "id" | "whatsappId">,
  template: string | null | undefined,
): Promise<boolean> {
  if (!template?.trim() || ticket.whatsappId === null) return false;
  const ctx = await loadVariableContext(client, actor.companyId, ticket.id, { userId: actor.id });
  const body = renderVariables(template, ctx).trim();
  if (!body) return false;
  await sendMessage(client, actor, { id: uuidv7(), ticketId: ticket.id, body, automatic: true });
  return true;
}

/**
 * Spec 1 §4: after accepting a pending ticket, the greeting (company setting
 * greetingAcceptedMessage) goes out when sendGreetingAccepted is enabled; for a
 * group ticket only when its connection treats groups as tickets.
 */
export async function sendAcceptGreeting(client: pg.ClientBase, actor: Actor, ticket: TicketRow): Promise<boolean> {
  const settings = await getCompanySettings(client, actor.companyId);
  if (!isOn(settings.sendGreetingAccepted)) return false;
  if (ticket.isGroup) {
    const { rows } = await client.query<{ group_as_ticket: string }>(
      "SELECT group_as_ticket FROM whatsapps WHERE id = $1 AND company_id = $2",
      [ticket.whatsappId, actor.companyId],
    );
    if (rows[0]?.group_as_ticket !== "enabled") return false;
  }
  return sendRendered(client, actor, ticket, settings.greetingAcceptedMessage);
}

/**
 * The farewell on resolve (sendFarewellMessage): the resolving agent's own
 * farewellMessage when set, else the connection's (docs/decisions/0009).
 * Must run while the ticket is still open: sendMessage refuses closed tickets.
 */
export async function sendFarewell(client: pg.ClientBase, actor: Actor, ticket: TicketRow): Promise<boolean> {
  if (ticket.whatsappId === null) return false;
  const { rows } = await client.query<{ farewell: string | null }>(
    `SELECT COALESCE(NULLIF(btrim(u.farewell_message), ''), w.farewell_message) AS farewell
     FROM whatsapps w LEFT JOIN users u ON u.id = $3 AND u.company_id = w.company_id WHERE w.id = $1 AND w.company_id = $2`,
    [ticket.whatsappId, actor.companyId, actor.id],
  );
  return sendRendered(client, actor, ticket, rows[0]?.farewell);
}

/** The transfer dialog's note, kept on the ticket as a private message (never sent to the contact). */
export async function writeTransferNote(
  client: pg.ClientBase,
  actor: Actor,
  ticketId: number,
  note: string | null | undefined,
): Promise<void> {
  if (!note?.trim()) return;
  await sendMessage(client, actor, { id: uuidv7(), ticketId, body: note.trim(), isPrivate: true });
}

/**
 * The rating question on resolve when company setting userRating is on (see apply-rating.ts): the
 * connection's ratingMessage when it has one that renders to text, else the built-in question.
 */
export async function sendRatingRequest(client: pg.ClientBase, actor: Actor, ticket: TicketRow): Promise<boolean> {
  if (ticket.whatsappId === null) return false;
  const { rows } = await client.query<{ rating_message: string | null }>(
    "SELECT rating_message FROM whatsapps WHERE id = $1 AND company_id = $2",
    [ticket.whatsappId, actor.companyId],
  );
  return (
    (await sendRendered(client, actor, ticket, rows[0]?.rating_message)) ||
    sendRendered(client, actor, ticket, RATING_QUESTION)
  );
}
