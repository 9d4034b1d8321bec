// Use case: an admin edits a queue's fields and service hours; the §5 rules are
// checked on the values the queue will have.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { QueueAnswer, TUpdateQueueRequest } from "../contract/queues.ts";
import { assertFileListsOf } from "../files/file-list-references.ts";
import { assertIntegrationsOf } from "../integrations/integration-policy.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { loadQueue, queueConflict } from "./load-queue.ts";
import { authorizeQueue } from "./queue-policy.ts";
import { assertQueueRules, countQueues } from "./queue-rules.ts";

const COLUMNS = {
  name: "name",
  color: "color",
  greetingMessage: "greeting_message",
  outOfHoursMessage: "out_of_hours_message",
  completionMessage: "completion_message",
  orderQueue: "order_queue",
  closeTicket: "close_ticket",
  ativarRoteador: "ativar_roteador",
  tempoRoteador: "tempo_roteador",
  integrationId: "integration_id",
  fileListId: "file_list_id",
  schedules: "schedules",
} as const satisfies Record<keyof TUpdateQueueRequest, string>;

const TEXTS = new Set<keyof TUpdateQueueRequest>(["greetingMessage", "outOfHoursMessage", "completionMessage"]);

export async function updateQueue(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdateQueueRequest,
): Promise<QueueAnswer> {
  authorizeQueue(actor, "update");
  const current = await loadQueue(client, actor.companyId, id);
  if (input.fileListId) await assertFileListsOf(client, actor.companyId, [input.fileListId]);
  await assertIntegrationsOf(client, actor.companyId, [input.integrationId]);
  if (input.greetingMessage !== undefined || input.outOfHoursMessage !== undefined) {
    await assertQueueRules(
      client,
      actor.companyId,
      {
        greetingMessage: input.greetingMessage !== undefined ? input.greetingMessage : current.greetingMessage,
        outOfHoursMessage: input.outOfHoursMessage !== undefined ? input.outOfHoursMessage : current.outOfHoursMessage,
      },
      await countQueues(client, actor.companyId),
    );
  }
  const sets: string[] = [];
  const params: unknown[] = [id, actor.companyId];
  for (const [field, column] of Object.entries(COLUMNS) as [keyof TUpdateQueueRequest, string][]) {
    const value = input[field];
    if (value === undefined) continue;
    if (TEXTS.has(field)) params.push(value || null);
    else if (field === "schedules") params.push(JSON.stringify(value));
    else params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length > 0) {
    await client
      .query(`UPDATE queues SET ${sets.join(", ")}, updated_at = now() WHERE id = $1 AND company_id = $2`, params)
      .catch((err) => {
        throw queueConflict(err);
      });
    await recordChanges(client, [{ companyId: actor.companyId, entity: "queues", id }]);
    await recordAudit(client, actor, {
      kind: "queue.update",
      subjectId: id,
      subject: current.name,
      detail: { fields: Object.keys(input).filter((k) => input[k as keyof TUpdateQueueRequest] !== undefined) },
    });
  }
  return loadQueue(client, actor.companyId, id);
}
