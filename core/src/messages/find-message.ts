// Reads one message of the caller's company with what its policies need.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { messageNotFound } from "../http/errors.ts";
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
};

/** The message, locked for the transaction when `lock`; another company's id is not found. */
export async function findMessage(
  client: pg.ClientBase,
  actor: Actor,
  id: string,
  lock: boolean,
): Promise<FoundMessage> {
  const { rows } = await client.query<FoundMessage>(
    `SELECT m.id, m.ticket_id AS "ticketId", m.user_id AS "userId", m.from_me AS "fromMe", m.is_deleted AS "isDeleted",
       m.is_private AS "isPrivate", m.body, m.media_type AS "mediaType", m.media_url AS "mediaUrl",
       m.data_json AS "dataJson", m.send_state AS "sendState",
       (EXTRACT(EPOCH FROM (now() - m.created_at)) * 1000)::float8 AS "ageMs"
     FROM messages m WHERE m.id = $1 AND m.company_id = $2${lock ? " FOR UPDATE" : ""}`,
    [id, actor.companyId],
  );
  const m = rows[0];
  if (!m) throw messageNotFound();
  return m;
}

/** True once the channel worker has taken the message: a change must then be told to the channel. */
export const hasLeft = (m: FoundMessage) =>
  m.sendState === "claimed" || m.sendState === "sending" || m.sendState === "sent";

/** SQL that sets `key: true` in data_json, keeping an interactive payload that is already there. */
export const markIntentSql = (key: "edit" | "delete") =>
  `(CASE WHEN jsonb_typeof(data_json) = 'object' THEN data_json ELSE '{}'::jsonb END) || '{"${key}": true}'::jsonb`;
