// Reads one message the caller may see, with what its policies need: a message
// exists for the caller only when its ticket does (findVisibleTicket).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { AppError, messageNotFound } from "../kernel/errors.ts";
import { findVisibleTicket, type TicketRow } from "../tickets/find-visible-ticket.ts";
import type { PolicyMessage } from "./message-policy.ts";

export type FoundMessage = PolicyMessage & {
  id: string;
  ticketId: number;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  dataJson: unknown;
  /** queued, claimed, sending, sent, failed; null for private notes, inbound messages and cancelled sends. */
  sendState: string | null;
  /** The message's ticket, which the caller may see. */
  ticket: TicketRow;
};

/**
 * The message of the caller's company whose ticket the caller may see, the
 * message locked for the transaction when `lock`. Anything else (missing, another
 * company's, on a ticket outside the caller's view) is ERR_NO_MESSAGE_FOUND.
 */
export async function findVisibleMessage(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<FoundMessage> {
  const { rows } = await db.query<Omit<FoundMessage, "ticket">>(
    `SELECT m.id, m.ticket_id AS "ticketId", m.user_id AS "userId", m.from_me AS "fromMe", m.is_deleted AS "isDeleted",
       m.is_private AS "isPrivate", m.body, m.media_type AS "mediaType", m.media_url AS "mediaUrl",
       m.data_json AS "dataJson", m.send_state AS "sendState",
       (EXTRACT(EPOCH FROM (now() - m.created_at)) * 1000)::float8 AS "ageMs"
     FROM messages m WHERE m.id = $1 AND m.company_id = $2${opts.lock ? " FOR UPDATE" : ""}`,
    [id, actor.companyId],
  );
  const m = rows[0];
  if (!m) throw messageNotFound();
  const ticket = await findVisibleTicket(db, actor, m.ticketId).catch((err: unknown) => {
    throw err instanceof AppError && err.code === "ERR_NO_TICKET_FOUND" ? messageNotFound() : err;
  });
  return { ...m, ticket };
}

/** True once the channel worker has taken the message: a change must then be told to the channel. */
export const hasLeft = (m: FoundMessage) =>
  m.sendState === "claimed" || m.sendState === "sending" || m.sendState === "sent";

/** SQL that sets `key: true` in data_json, keeping an interactive payload that is already there. */
export const markIntentSql = (key: "edit" | "delete") =>
  `(CASE WHEN jsonb_typeof(data_json) = 'object' THEN data_json ELSE '{}'::jsonb END) || '{"${key}": true}'::jsonb`;
