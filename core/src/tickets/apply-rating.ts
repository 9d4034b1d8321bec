// The contact's answer to the rating question (spec 1 §4: resolving asks for a
// rating where company setting userRating is on). A ticket waiting as 'nps'
// that receives "1".."5" stores the rating and closes; any other answer means
// the contact wants to talk again, so the ticket goes back to the queue.
import type pg from "pg";
import type { Change } from "../sync/change-log.ts";
import { writeTicketLog } from "./ticket-log.ts";

/** The question sent on resolve; answers 1 to 5 map to the list's rating emoji (spec 1 §2). */
export const RATING_QUESTION =
  "Por favor, avalie nosso atendimento com uma nota de 1 a 5 (1 = péssimo, 5 = excelente). Responda apenas com o número.";

export const parseRating = (body: string): number | null => {
  const m = body.trim().match(/^([1-5])$/);
  return m ? Number(m[1]) : null;
};

/**
 * Runs inside the ingest transaction, after the messages are stored: `lastBodies`
 * maps each ticket that received messages to the last inbound text it got.
 */
export async function applyRatings(
  client: pg.ClientBase,
  lastBodies: Map<number, string>,
  changes: Change[],
): Promise<void> {
  if (lastBodies.size === 0) return;
  const { rows } = await client.query<{
    id: number;
    company_id: number;
    user_id: number | null;
    queue_id: number | null;
  }>("SELECT id, company_id, user_id, queue_id FROM tickets WHERE id = ANY($1::int[]) AND status = 'nps' FOR UPDATE", [
    [...lastBodies.keys()],
  ]);
  for (const t of rows) {
    const rate = parseRating(lastBodies.get(t.id) ?? "");
    if (rate !== null) {
      await client.query("INSERT INTO user_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, $4)", [
        t.company_id,
        t.id,
        t.user_id,
        rate,
      ]);
      await client.query(
        "UPDATE tickets SET status = 'closed', closed_at = now(), unread_messages = 0, updated_at = now() WHERE id = $1",
        [t.id],
      );
      await writeTicketLog(client, {
        companyId: t.company_id,
        ticketId: t.id,
        type: "closed",
        userId: t.user_id,
        queueId: t.queue_id,
      });
    } else {
      await client.query("UPDATE tickets SET status = 'pending', user_id = NULL, updated_at = now() WHERE id = $1", [
        t.id,
      ]);
      await writeTicketLog(client, { companyId: t.company_id, ticketId: t.id, type: "pending", queueId: t.queue_id });
    }
    changes.push({ companyId: t.company_id, entity: "tickets", id: t.id });
  }
}
