// What POST /api/messages/send answers (spec 3 §7 leaves it open; decision 0077): the ticket the messages are on
// and each stored message with its sending state, so the caller can keep the ids and poll nothing.
import type pg from "pg";
import type { TExternalSendAnswer } from "../contract/external-api.ts";

export async function loadExternalAnswer(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  ticketId: number,
  messageIds: string[],
): Promise<TExternalSendAnswer> {
  const [ticket, messages] = await Promise.all([
    db.query<TExternalSendAnswer["ticket"]>(
      `SELECT id, uuid, status, contact_id AS "contactId", whatsapp_id AS "whatsappId", user_id AS "userId",
         queue_id AS "queueId"
       FROM tickets WHERE id = $1 AND company_id = $2`,
      [ticketId, companyId],
    ),
    db.query<TExternalSendAnswer["messages"][number] & { createdAt: Date }>(
      `SELECT id, body, media_type AS "mediaType", media_url AS "mediaUrl", ack, send_state AS "sendState",
         created_at AS "createdAt"
       FROM messages WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY created_at, id`,
      [companyId, messageIds],
    ),
  ]);
  return {
    ticket: ticket.rows[0]!,
    messages: messages.rows.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })),
  };
}
