// Use case of the channel worker's timed job "kanban:lanes" (spec 2 §3 Tag, §4 Kanban; decision 0047): a ticket
// that has sat timeLane hours in a lane moves on to the lane's nextLaneId, or back to its rollbackLaneId when its
// contact wrote since the ticket entered the lane, and the contact gets the destination lane's greetingMessageLane
// through the outbound path (queued here, sent once by the worker that holds the connection, decision 0004).
// The move deletes the ticket's entry in the old lane in the same transaction, so a second run (another worker,
// a retry) finds nothing left to move.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { loadVariableContext, renderVariables } from "../message-variables/render-variables.ts";
import { customerWindowRefusal } from "../tickets/customer-window.ts";
import { moveToLane } from "./move-ticket-lane.ts";

/** Tickets moved per transaction; a full batch makes the job run again at once (timed-jobs.ts). */
export const LANES_BATCH = 200;

type DueMove = {
  ticketId: number;
  companyId: number;
  toLaneId: number;
  greeting: string | null;
  whatsappId: number | null;
  contactId: number;
  queueId: number | null;
  userId: number | null;
};

/** Moves every ticket whose time in its lane is up (at most `batch`); answers how many moved. */
export async function advanceKanbanLanes(
  client: pg.ClientBase,
  opts: { batch?: number; now?: Date } = {},
): Promise<number> {
  // SKIP LOCKED: a ticket an agent is moving (or another run holds) is left to it; its entry row is then gone.
  // The destination must be a lane of the same company: the projection and the tag calls check it, and so does this.
  const { rows } = await client.query<DueMove>(
    `/* all-companies: the lane timer serves every company's lanes */
     SELECT t.id AS "ticketId", t.company_id AS "companyId", d.id AS "toLaneId",
       d.greeting_message_lane AS greeting, t.whatsapp_id AS "whatsappId", t.contact_id AS "contactId",
       t.queue_id AS "queueId", t.user_id AS "userId"
     FROM tags g
     JOIN ticket_tags tt ON tt.tag_id = g.id AND tt.company_id = g.company_id
     JOIN tickets t ON t.id = tt.ticket_id AND t.company_id = tt.company_id
     CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = t.id
       AND m.company_id = t.company_id AND NOT m.from_me AND m.created_at > tt.created_at) AS answered) r
     JOIN tags d ON d.company_id = g.company_id AND d.kanban = 1
       AND d.id = CASE WHEN r.answered AND g.rollback_lane_id IS NOT NULL THEN g.rollback_lane_id ELSE g.next_lane_id END
     WHERE g.kanban = 1 AND g.time_lane > 0 AND t.status IN ('open', 'pending') AND d.id <> g.id
       AND tt.created_at <= COALESCE($2::timestamptz, now()) - make_interval(hours => g.time_lane)
     ORDER BY tt.created_at, t.id LIMIT $1 FOR UPDATE OF t SKIP LOCKED`,
    [opts.batch ?? LANES_BATCH, opts.now ?? null],
  );
  const changes: Change[] = [];
  const connections = new Set<number>();
  for (const move of rows) {
    // The ticket was locked after the row was read: another run may have moved it between the two.
    if (!(await moveToLane(client, move.companyId, move.ticketId, move.toLaneId))) continue;
    changes.push({ companyId: move.companyId, entity: "tickets", id: move.ticketId });
    const greeting = move.greeting?.trim();
    if (greeting && move.whatsappId !== null) {
      if (await queueGreeting(client, { ...move, whatsappId: move.whatsappId }, greeting, changes)) {
        connections.add(move.whatsappId);
      }
    }
  }
  await recordChanges(client, changes);
  for (const id of connections) await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(id)]);
  return rows.length;
}

/**
 * The lane greeting as a queued outbound message on the ticket, with the ticket's variables filled in; answers
 * whether one was queued. Past the 24-hour window of Meta's channels it is stored failed with the window's code
 * instead (decision 0116): the conversation shows the greeting that did not go and why, and the move stands.
 */
async function queueGreeting(
  client: pg.ClientBase,
  move: DueMove & { whatsappId: number },
  greeting: string,
  changes: Change[],
): Promise<boolean> {
  const context = await loadVariableContext(client, move.companyId, move.ticketId, { userId: move.userId });
  const body = renderVariables(greeting, context).trim();
  if (!body) return false;
  const refused = await customerWindowRefusal(client, move.companyId, move, "chat");
  const id = uuidv7();
  await client.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, body, from_me, read,
       ack, send_state, media_type, error_code)
     VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, true, true, CASE WHEN $8::text IS NULL THEN 0 ELSE -1 END,
       CASE WHEN $8::text IS NULL THEN 'queued' ELSE 'failed' END, 'chat', $8)`,
    [id, move.companyId, move.ticketId, move.contactId, move.whatsappId, move.queueId, body, refused],
  );
  // The preview stays the customer's last message (decision 0089).
  await client.query("UPDATE tickets SET updated_at = now() WHERE id = $1 AND company_id = $2", [
    move.ticketId,
    move.companyId,
  ]);
  changes.push({ companyId: move.companyId, entity: "messages", id });
  return refused === null;
}
