// Use case: an agent sends a reply on a ticket: text, media, a contact card, an
// interactive message or a forwarded copy. Stores it queued for the channel
// worker (or as a private note that never leaves), and records the change.
// Applying it twice with the same message id is a no-op.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TSendMessageArgs } from "../contract/sync.ts";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { creatingMessage, invalidInput, wrongState } from "../kernel/errors.ts";
import { assertCustomerWindow } from "./customer-window.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";

/** What the REST routes and the other use cases may send, beyond the sync mutation's text. */
export type TSendMessageInput = Pick<TSendMessageArgs, "id" | "ticketId" | "body" | "isPrivate" | "quotedMsgId"> & {
  /** "chat" for text (the default), image/audio/video/application, contactMessage, listMessage... */
  mediaType?: string;
  /** Where the media is served (/media/{companyId}/{file}). */
  mediaUrl?: string | null;
  /** The raw payload of a contact card or an interactive message. */
  dataJson?: unknown;
  /** A copy sent with POST /message/forward. */
  isForwarded?: boolean;
  /** A short text for the message (a vCard's name); the list's preview no longer reads it (decision 0089). */
  preview?: string;
  /** False for a message core sends on its own (the transfer notice): it is not the agent reading the chat. */
  markRead?: boolean;
  /**
   * True for what may go out on a waiting (pending) ticket with no owner: core's own messages (the
   * transfer notice) and forwarded copies. An agent's reply may not (docs/decisions/0033): they accept first.
   */
  allowPending?: boolean;
  /**
   * True for what core sends on its own (greeting, farewell, transfer notice): it is not refused by the 24-hour
   * window (customer-window.ts); the channel judges it, as before.
   */
  automatic?: boolean;
};

const emptyMessage = () => invalidInput("Empty message", "body");

/**
 * Stores the message and answers its id. The id is the client's idempotency key within the caller's company
 * (decision 0027): the same id again is the same message, and another company's ids are simply not seen.
 */
export async function sendMessage(client: pg.ClientBase, actor: Actor, args: TSendMessageInput): Promise<string> {
  if (await alreadyStored(client, actor, args)) return args.id;
  // Whitespace-only text with nothing else is not a message (spec 1 §4 Messages).
  if (args.body.trim() === "" && !args.mediaUrl && args.dataJson == null) throw emptyMessage();
  const ticket = await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  if (ticket.status === "closed") throw wrongState("The ticket is closed", { status: ticket.status });
  const isPrivate = args.isPrivate === true;
  // A reply never goes out on a ticket nobody attends: the agent accepts it first (spec 1 §2 anchors).
  if (!isPrivate && ticket.status === "pending" && args.allowPending !== true) {
    throw wrongState("Accept the ticket before replying", { status: ticket.status });
  }
  if (!isPrivate && ticket.whatsappId === null) {
    throw wrongState("The ticket has no connection");
  }
  // Meta's channels take a free-form reply only within 24 h of the contact's latest message (decision 0053).
  if (!isPrivate && args.automatic !== true) {
    await assertCustomerWindow(client, actor.companyId, ticket, args.mediaType ?? "chat");
  }
  if (args.quotedMsgId) {
    const quoted = await client.query("SELECT 1 FROM messages WHERE id = $1 AND ticket_id = $2 AND company_id = $3", [
      args.quotedMsgId,
      ticket.id,
      actor.companyId,
    ]);
    if (quoted.rowCount === 0) {
      const message = "The quoted message is not in this ticket";
      throw invalidInput(message, "quotedMsg");
    }
  }
  const inserted = await client.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, body, from_me,
       read, ack, is_private, quoted_msg_id, send_state, media_type, media_url, data_json, is_forwarded)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, true, 0, $9, $10, $11, $12, $13, $14::jsonb, $15)
     ON CONFLICT (company_id, id) DO NOTHING`,
    [
      args.id,
      actor.companyId,
      ticket.id,
      ticket.contactId,
      ticket.whatsappId,
      actor.id,
      ticket.queueId,
      args.body,
      isPrivate,
      args.quotedMsgId ?? null,
      isPrivate ? null : "queued",
      args.mediaType ?? "chat",
      args.mediaUrl ?? null,
      args.dataJson == null ? null : JSON.stringify(args.dataJson),
      args.isForwarded === true,
    ],
  );
  // Another push of the same id (a second tab) stored it while this one waited for the ticket's lock.
  if (inserted.rowCount === 0) {
    if (await alreadyStored(client, actor, args)) return args.id;
    throw creatingMessage("Message id already used");
  }
  // An agent's reply means they read the conversation: its unread count goes.
  const unread = args.markRead === false ? "unread_messages" : "0";
  // The list's preview is the customer's last message (decision 0089): a reply or a note never becomes it.
  await client.query(
    `UPDATE tickets SET updated_at = now(), unread_messages = ${unread} WHERE id = $1 AND company_id = $2`,
    [ticket.id, actor.companyId],
  );
  await recordChanges(client, [
    { companyId: actor.companyId, entity: "messages", id: args.id },
    { companyId: actor.companyId, entity: "tickets", id: ticket.id },
  ]);
  if (!isPrivate) await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(ticket.whatsappId)]);
  return args.id;
}

/**
 * True when this company already stored this message: the same send again (another tab, a request retried after
 * a lost answer), nothing to do. The id on another of the company's tickets, or with other content, is another
 * message under a used id: refused (ERR_CREATING_MESSAGE). A message edited or deleted since is judged by its ticket
 * alone: its stored text no longer tells what was first sent. Media files are not compared: a retried multipart
 * upload stores its file under a new name.
 */
async function alreadyStored(client: pg.ClientBase, actor: Actor, args: TSendMessageInput): Promise<boolean> {
  const { rows } = await client.query<{
    ticket_id: number;
    body: string;
    is_private: boolean;
    quoted_msg_id: string | null;
    media_type: string;
    is_edited: boolean;
    is_deleted: boolean;
  }>(
    `SELECT ticket_id, body, is_private, quoted_msg_id, media_type, is_edited, is_deleted FROM messages
     WHERE company_id = $1 AND id = $2`,
    [actor.companyId, args.id],
  );
  const stored = rows[0];
  if (!stored) return false;
  if (stored.ticket_id !== args.ticketId) throw creatingMessage("Message id already used");
  if (stored.is_edited || stored.is_deleted) return true;
  const same =
    stored.body === args.body &&
    stored.is_private === (args.isPrivate === true) &&
    (stored.quoted_msg_id ?? null) === (args.quotedMsgId ?? null) &&
    stored.media_type === (args.mediaType ?? "chat");
  if (!same) throw creatingMessage("Message id already used for another message");
  return true;
}
