// Use case: an admin adds a queue (name and colour unique in the company,
// within the plan's queue count).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { assertPlanAllows } from "../companies/plan-limits.ts";
import type { QueueAnswer, TCreateQueueRequest } from "../contract/queues.ts";
import { recordChanges } from "../sync/change-log.ts";
import { loadQueue, queueConflict } from "./load-queue.ts";
import { authorizeQueue } from "./queue-policy.ts";

export async function createQueue(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateQueueRequest,
): Promise<QueueAnswer> {
  authorizeQueue(actor, "create");
  await assertPlanAllows(client, actor.companyId, "queues");
  const { rows } = await client
    .query<{ id: number }>(
      `INSERT INTO queues (company_id, name, color, greeting_message, order_queue)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [actor.companyId, input.name, input.color, input.greetingMessage || null, input.orderQueue],
    )
    .catch((err) => {
      throw queueConflict(err);
    });
  const id = rows[0]!.id;
  await recordChanges(client, [{ companyId: actor.companyId, entity: "queues", id }]);
  return loadQueue(client, actor.companyId, id);
}
