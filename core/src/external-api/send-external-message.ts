// Use case of POST /api/messages/send (spec 3 §7): a system outside the product sends to a number through a
// connection. It runs the inbox's own use cases as an agent's first message to a new contact does: the contact
// (found by number, or added), its ticket in progress on the connection (or a new one), the reply through
// sendMessage (queued for the channel worker, sent once), then the close when asked (decision 0077).
import type pg from "pg";
import { loadUserById } from "../auth/load-user.ts";
import { createContact } from "../contacts/create-contact.ts";
import type { TExternalSendRequest } from "../contract/external-api.ts";
import { userNotFound } from "../kernel/errors.ts";
import { resolveTicket } from "../tickets/close-ticket.ts";
import { createTicket } from "../tickets/create-ticket.ts";
import { sendMessage, type TSendMessageInput } from "../tickets/send-message.ts";
import { assertCompanyQueue } from "../tickets/ticket-row.ts";
import { transferTicket } from "../tickets/transfer-ticket.ts";
import { type ApiConnection, apiActor } from "./api-connection.ts";

/** One message to store: the text, one file with its caption, or a template, contact card or interactive message. */
export type ExternalMessage = {
  id: string;
  body: string;
  mediaType?: string;
  mediaUrl?: string;
  dataJson?: object;
  preview?: string;
};

export type ExternalSendInput = Omit<TExternalSendRequest, "body" | "template" | "contact" | "interactive"> & {
  messages: ExternalMessage[];
};

/** Stores the messages and answers the ticket they are on. */
export async function sendExternalMessage(
  client: pg.ClientBase,
  connection: ApiConnection,
  input: ExternalSendInput,
): Promise<number> {
  const companyId = connection.companyId;
  // Calls for one number wait for each other: a retried call finds what the first stored, and two first calls do
  // not both add the contact.
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
    `external-api:${companyId}:${input.number}`,
  ]);
  const user = input.userId ? await loadUserById(client, companyId, input.userId) : null;
  if (input.userId && !user) throw userNotFound();
  if (input.queueId) await assertCompanyQueue(client, companyId, input.queueId);
  const actor = apiActor(connection, user);
  const signed = (body: string) =>
    input.sendSignature && user?.name.trim() ? `*${user.name.trim()}:*\n${body}` : body;
  const sends = (ticketId: number): TSendMessageInput[] =>
    // A structured message (template, card, interactive) is not signed: its body is what the inbox shows of it.
    input.messages.map((m) => ({ ...m, body: m.dataJson ? m.body : signed(m.body), ticketId, allowPending: true }));

  // The same Idempotency-Key again: sendMessage answers the stored messages and nothing else runs again.
  const retried = await storedTicketOf(client, companyId, input.messages[0]!.id);
  if (retried !== null) {
    for (const m of sends(retried)) await sendMessage(client, actor, m);
    return retried;
  }

  const contactId =
    (await findContactId(client, companyId, input.number)) ??
    (await createContact(client, actor, {
      name: input.number,
      number: input.number,
      email: "",
      extraInfo: [],
      whatsappId: connection.id,
    }));
  let ticket = await ticketInProgress(client, companyId, contactId, connection.id);
  if (!ticket) {
    const id = await createTicket(client, actor, {
      contactId,
      whatsappId: connection.id,
      queueId: input.queueId ?? null,
      userId: user?.id ?? null,
      status: user ? "open" : "pending",
    });
    ticket = { id, userId: user?.id ?? null, queueId: input.queueId ?? null };
  } else if ((user && ticket.userId !== user.id) || (input.queueId && ticket.queueId !== input.queueId)) {
    await transferTicket(client, actor, {
      ticketId: ticket.id,
      userId: user?.id ?? ticket.userId,
      queueId: input.queueId ?? ticket.queueId,
    });
    // With closeTicketOnTransfer the conversation goes on in a new ticket (decision 0070).
    ticket = (await ticketInProgress(client, companyId, contactId, connection.id)) ?? ticket;
  }
  for (const m of sends(ticket.id)) await sendMessage(client, actor, m);
  if (input.closeTicket) await resolveTicket(client, actor, { ticketId: ticket.id, sendFarewellMessage: false });
  return ticket.id;
}

async function storedTicketOf(client: pg.ClientBase, companyId: number, id: string): Promise<number | null> {
  const { rows } = await client.query<{ ticketId: number }>(
    `SELECT ticket_id AS "ticketId" FROM messages WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  return rows[0]?.ticketId ?? null;
}

async function findContactId(client: pg.ClientBase, companyId: number, number: string): Promise<number | null> {
  const { rows } = await client.query<{ id: number }>("SELECT id FROM contacts WHERE company_id = $1 AND number = $2", [
    companyId,
    number,
  ]);
  return rows[0]?.id ?? null;
}

type TicketInProgress = { id: number; userId: number | null; queueId: number | null };

/** The contact's ticket in progress on the connection (one at most, spec 1 §4), if any. */
async function ticketInProgress(
  client: pg.ClientBase,
  companyId: number,
  contactId: number,
  whatsappId: number,
): Promise<TicketInProgress | null> {
  const { rows } = await client.query<TicketInProgress>(
    `SELECT id, user_id AS "userId", queue_id AS "queueId" FROM tickets
     WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3 AND status <> 'closed'
     ORDER BY id DESC LIMIT 1`,
    [companyId, contactId, whatsappId],
  );
  return rows[0] ?? null;
}
