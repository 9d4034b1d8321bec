// Use case: an admin edits a queue's name, colour, greeting or menu position.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { QueueAnswer, TUpdateQueueRequest } from "../contract/queues.ts";
import { recordChanges } from "../sync/change-log.ts";
import { loadQueue, queueConflict } from "./load-queue.ts";
import { authorizeQueue } from "./queue-policy.ts";

const COLUMNS = {
  name: "name",
  color: "color",
  greetingMessage: "greeting_message",
  orderQueue: "order_queue",
} as const satisfies Record<keyof TUpdateQueueRequest, string>;

export async function updateQueue(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdateQueueRequest,
): Promise<QueueAnswer> {
  authorizeQueue(actor, "update");
  await loadQueue(client, actor.companyId, id);
  const sets: string[] = [];
  const params: unknown[] = [id, actor.companyId];
  for (const [field, column] of Object.entries(COLUMNS) as [keyof TUpdateQueueRequest, string][]) {
    const value = input[field];
    if (value === undefined) continue;
    params.push(field === "greetingMessage" ? value || null : value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length > 0) {
    await client
      .query(`UPDATE queues SET ${sets.join(", ")}, updated_at = now() WHERE id = $1 AND company_id = $2`, params)
      .catch((err) => {
        throw queueConflict(err);
      });
    await recordChanges(client, [{ companyId: actor.companyId, entity: "queues", id }]);
  }
  return loadQueue(client, actor.companyId, id);
}
