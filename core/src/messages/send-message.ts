// Use case: an agent sends a text reply on a ticket. Stores the message as
// queued for the channel worker (or as a private note that never leaves), and
// records the change. Applying it twice with the same message id is a no-op.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TSendMessageArgs } from "../contract/sync.ts";
import { AppError, ForbiddenError, NotFoundError } from "../http/errors.ts";
import { recordChanges } from "../sync/change-log.ts";
import { canSeeTicket } from "../tickets/visibility.ts";

export const OUTBOUND_CHANNEL = "chatflow_outbound";

export async function sendMessage(client: pg.ClientBase, actor: Actor, args: TSendMessageArgs): Promise<void> {
  const existing = await client.query<{ ticket_id: number; company_id: number }>(
    "SELECT ticket_id, company_id FROM messages WHERE id = $1",
    [args.id],
  );
  if (existing.rows[0]) {
    // The same message pushed again (another tab, a lost answer): already done.
    const m = existing.rows[0];
    if (m.company_id !== actor.companyId || m.ticket_id !== args.ticketId) {
      throw new AppError("ERR_CREATING_MESSAGE", 409, "Message id already used");
    }
    return;
  }
  const { rows } = await client.query<{
    id: number;
    user_id: number | null;
    queue_id: number | null;
    is_group: boolean;
    status: string;
    contact_id: number;
    whatsapp_id: number | null;
  }>(
    `SELECT id, user_id, queue_id, is_group, status, contact_id, whatsapp_id FROM tickets
     WHERE id = $1 AND company_id = $2 FOR UPDATE`,
    [args.ticketId, actor.companyId],
  );
  const ticket = rows[0];
  if (!ticket) throw NotFoundError("ERR_NO_TICKET_FOUND", "Ticket not found");
  if (!canSeeTicket(actor, { userId: ticket.user_id, queueId: ticket.queue_id, isGroup: ticket.is_group })) {
    throw ForbiddenError();
  }
  if (ticket.status === "closed") throw ForbiddenError("The ticket is closed");
  const isPrivate = args.isPrivate === true;
  if (!isPrivate && ticket.whatsapp_id === null) {
    throw new AppError("ERR_WAPP_NOT_INITIALIZED", 409, "The ticket has no connection");
  }
  await client.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, body, from_me,
       read, ack, is_private, quoted_msg_id, send_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, true, 0, $9, $10, $11)`,
    [
      args.id,
      actor.companyId,
      ticket.id,
      ticket.contact_id,
      ticket.whatsapp_id,
      actor.id,
      ticket.queue_id,
      args.body,
      isPrivate,
      args.quotedMsgId ?? null,
      isPrivate ? null : "queued",
    ],
  );
  await client.query("UPDATE tickets SET last_message = $2, updated_at = now(), unread_messages = 0 WHERE id = $1", [
    ticket.id,
    args.body,
  ]);
  await recordChanges(client, [
    { companyId: actor.companyId, entity: "messages", id: args.id },
    { companyId: actor.companyId, entity: "tickets", id: ticket.id },
  ]);
  if (!isPrivate) await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(ticket.whatsapp_id)]);
}
