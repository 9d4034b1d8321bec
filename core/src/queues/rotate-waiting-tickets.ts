// Use case of the channel worker's timed job "queues:rotate" (spec 2 §3 Queue ativarRoteador, tempoRoteador; §9
// rotation times): a ticket waiting in a queue with rotation on, untouched for tempoRoteador minutes, is handed to
// the next online agent of the queue, round robin; a ticket handed over and still not accepted after as long moves
// on to the next one. It stays pending (the agent accepts it), with a 'redirect' log naming the agent (decision 0046).
import type pg from "pg";
import { recordChanges } from "../kernel/change-log.ts";

export const ROTATE_BATCH = 500;

type Due = { id: number; companyId: number; queueId: number; userId: number | null };
type Agent = { id: number; companyId: number; queueId: number };

/** Answers how many tickets changed hands. `now` defaults to the database's clock. */
export async function rotateWaitingTickets(
  client: pg.ClientBase,
  opts: { now?: Date; batch?: number } = {},
): Promise<number> {
  // The wait counts from the ticket's last log entry (it entered the queue, was handed over, returned...).
  const { rows: due } = await client.query<Due>(
    `SELECT t.id, t.company_id AS "companyId", t.queue_id AS "queueId", t.user_id AS "userId"
     FROM queues q
     JOIN tickets t ON t.queue_id = q.id AND t.company_id = q.company_id
     LEFT JOIN LATERAL (
       SELECT l.created_at FROM ticket_logs l WHERE l.ticket_id = t.id AND l.company_id = t.company_id
       ORDER BY l.id DESC LIMIT 1) last ON true
     WHERE q.ativar_roteador AND q.tempo_roteador > 0
       AND t.status = 'pending' AND NOT t.is_group AND NOT t.is_bot
       AND COALESCE(last.created_at, t.created_at)
         <= COALESCE($1::timestamptz, now()) - make_interval(mins => q.tempo_roteador)
     ORDER BY t.company_id, t.queue_id, t.id LIMIT $2
     FOR UPDATE OF t SKIP LOCKED`,
    [opts.now ?? null, opts.batch ?? ROTATE_BATCH],
  );
  if (due.length === 0) return 0;
  const queues = [...new Map(due.map((d) => [d.queueId, d.companyId])).entries()];
  // Each queue's online agents in a fixed order, and whom the queue's last hand-over went to (the round's cursor).
  const { rows: agents } = await client.query<Agent>(
    `SELECT u.id, u.company_id AS "companyId", uq.queue_id AS "queueId"
     FROM unnest($1::int[], $2::int[]) AS i(q, c)
     JOIN user_queues uq ON uq.queue_id = i.q AND uq.company_id = i.c
     JOIN users u ON u.id = uq.user_id AND u.company_id = uq.company_id
     WHERE u.online
     ORDER BY uq.queue_id, u.id`,
    [queues.map(([q]) => q), queues.map(([, c]) => c)],
  );
  const { rows: cursors } = await client.query<{ queueId: number; userId: number }>(
    `SELECT i.q AS "queueId", last.user_id AS "userId"
     FROM unnest($1::int[], $2::int[]) AS i(q, c)
     CROSS JOIN LATERAL (
       SELECT l.user_id FROM ticket_logs l
       WHERE l.company_id = i.c AND l.queue_id = i.q AND l.type = 'redirect' AND l.user_id IS NOT NULL
       ORDER BY l.id DESC LIMIT 1) last`,
    [queues.map(([q]) => q), queues.map(([, c]) => c)],
  );
  const online = new Map<number, number[]>();
  for (const a of agents) online.set(a.queueId, [...(online.get(a.queueId) ?? []), a.id]);
  const cursor = new Map(cursors.map((c) => [c.queueId, c.userId]));
  const moves: Due[] = [];
  for (const d of due) {
    const list = online.get(d.queueId) ?? [];
    // The next agent after the round's cursor, never the one who already let this ticket wait.
    const from = cursor.get(d.queueId) ?? 0;
    const next = list.find((id) => id > from && id !== d.userId) ?? list.find((id) => id !== d.userId);
    if (next === undefined) continue;
    cursor.set(d.queueId, next);
    moves.push({ ...d, userId: next });
  }
  if (moves.length === 0) return 0;
  await client.query(
    `UPDATE tickets t SET user_id = i.u, updated_at = now()
     FROM unnest($1::int[], $2::int[], $3::int[]) AS i(id, c, u) WHERE t.id = i.id AND t.company_id = i.c`,
    [moves.map((m) => m.id), moves.map((m) => m.companyId), moves.map((m) => m.userId)],
  );
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id, user_id)
     SELECT c, t, 'redirect', q, u FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS i(c, t, q, u)`,
    [moves.map((m) => m.companyId), moves.map((m) => m.id), moves.map((m) => m.queueId), moves.map((m) => m.userId)],
  );
  await recordChanges(
    client,
    moves.map((m) => ({ companyId: m.companyId, entity: "tickets" as const, id: m.id })),
  );
  return moves.length;
}
