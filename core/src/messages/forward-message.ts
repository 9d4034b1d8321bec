// Use case: forward a copy of a message to a contact (spec 1 §7 POST
// /message/forward). The copy goes to the contact's ticket in progress on the
// original message's connection, or to a new ticket the agent opens there;
// it is marked is_forwarded and queued for the channel like any reply.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import type { TicketDTO } from "../contract/entities.ts";
import type { TForwardMessageRequest } from "../contract/messages.ts";
import { TICKET_COLUMNS } from "../db/replica-rows.ts";
import { contactNotFound, defaultWhatsappNotFound, noPermission, otherOpenTicket } from "../kernel/errors.ts";
import { getCompanySetting, isOn } from "../settings/company-settings.ts";
import { createTicket } from "../tickets/create-ticket.ts";
import { holderOfTicket } from "../tickets/open-ticket-conflict.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { canSeeTicket } from "../tickets/visibility.ts";
import { findVisibleMessage } from "./find-message.ts";
import { canForwardMessage } from "./message-policy.ts";

/** Answers the id of the copy: `id` when the client chose one (sync push), else a new one. */
export async function forwardMessage(
  client: pg.ClientBase,
  actor: Actor,
  input: TForwardMessageRequest & { id?: string },
): Promise<string> {
  // Forwarding reads the message: one in a ticket the caller may not see does not exist for them.
  const original = await findVisibleMessage(client, actor, input.messageId);
  if (!canForwardMessage(actor, original)) throw noPermission("Private notes and deleted messages are not forwarded");

  const contact = await client.query<{ id: number }>("SELECT id FROM contacts WHERE id = $1 AND company_id = $2", [
    input.contactId,
    actor.companyId,
  ]);
  if (!contact.rows[0]) throw contactNotFound();
  const whatsappId = await connectionFor(client, actor.companyId, original.ticket.whatsappId);
  const ticketId = await ticketFor(client, actor, input.contactId, whatsappId);

  const sign = input.signMessage && isOn(await getCompanySetting(client, actor.companyId, "sendSignMessage"));
  // A contact card's body is the vCard itself: a signature would break it.
  const body = sign && original.mediaType !== "contactMessage" ? `*${actor.name}:*\n${original.body}` : original.body;
  return sendMessage(client, actor, {
    id: input.id ?? uuidv7(),
    ticketId,
    body,
    mediaType: original.mediaType,
    mediaUrl: original.mediaUrl,
    dataJson: withoutIntents(original.dataJson),
    isForwarded: true,
    // The contact's ticket in progress may be waiting in a queue; the copy still goes (as before 0033).
    allowPending: true,
  });
}

/** The original's connection while it exists, else the company's default one. */
async function connectionFor(client: pg.ClientBase, companyId: number, preferred: number | null): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM whatsapps WHERE company_id = $1 AND (id = $2 OR is_default)
     ORDER BY (id = $2) DESC NULLS LAST, id LIMIT 1`,
    [companyId, preferred],
  );
  if (!rows[0]) throw defaultWhatsappNotFound();
  return rows[0].id;
}

/**
 * The contact's ticket in progress there if the caller may work it; another
 * agent's ticket answers the holder's notice (as creating one would); none
 * opens a new ticket owned by the caller (a blocked contact gets none).
 */
async function ticketFor(client: pg.ClientBase, actor: Actor, contactId: number, whatsappId: number): Promise<number> {
  const { rows } = await client.query<TicketDTO>(
    `SELECT ${TICKET_COLUMNS} FROM tickets t
     WHERE t.company_id = $1 AND t.contact_id = $2 AND t.whatsapp_id = $3 AND t.status <> 'closed'`,
    [actor.companyId, contactId, whatsappId],
  );
  const current = rows[0];
  if (current) {
    if (!canSeeTicket(actor, current))
      throw otherOpenTicket(await holderOfTicket(client, { id: current.id, companyId: actor.companyId }));
    return current.id;
  }
  return createTicket(client, actor, { contactId, whatsappId, queueId: null, status: "open" });
}

/** The copy is a new message: the original's pending edit/delete marks are not its own. */
function withoutIntents(dataJson: unknown): unknown {
  if (!dataJson || typeof dataJson !== "object" || Array.isArray(dataJson)) return dataJson;
  const { edit: _e, delete: _d, ...rest } = dataJson as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? rest : null;
}
