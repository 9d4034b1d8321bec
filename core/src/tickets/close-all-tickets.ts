// Use case: the admin's close-all button (spec 1 §4 "Company-wide"): every
// ticket of one status in the chosen queues closes at once, without farewell.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TCloseAllTicketsRequest } from "../contract/tickets.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { authorize } from "./ticket-policy.ts";

export async function closeAllTickets(
  client: pg.ClientBase,
  actor: Actor,
  input: TCloseAllTicketsRequest,
): Promise<{ closed: number }> {
  authorize(actor, "closeAll");
  const queueIds = input.selectedQueueIds ?? [];
  // No queue chosen means the whole tab, as the list shows it with no queue filter.
  const { rows } = await client.query<{ id: number; queue_id: number | null }>(
    `UPDATE tickets SET status = 'closed', closed_at = now(), updated_at = now()
     WHERE company_id = $1 AND status = $2 AND (cardinality($3::int[]) = 0 OR queue_id = ANY($3::int[]))
     RETURNING id, queue_id`,
    [actor.companyId, input.status, queueIds],
  );
  if (rows.length === 0) return { closed: 0 };
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id)
     SELECT $1, t, 'closed', $2, q FROM unnest($3::int[], $4::int[]) AS i(t, q)`,
    [actor.companyId, actor.id, rows.map((r) => r.id), rows.map((r) => r.queue_id)],
  );
  await recordChanges(
    client,
    rows.map((r) => ({ companyId: actor.companyId, entity: "tickets" as const, id: r.id })),
  );
  return { closed: rows.length };
}
