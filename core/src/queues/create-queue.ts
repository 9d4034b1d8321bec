// Use case: an admin adds a queue (name and colour unique in the company,
// within the plan's queue count, the §5 rules on its messages).
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { QueueAnswer, TCreateQueueRequest } from "../contract/queues.ts";
import { assertFileListsOf } from "../files/file-list-references.ts";
import { assertIntegrationsOf } from "../integrations/integration-policy.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { assertPlanAllows } from "../plans/plan-limits.ts";
import { loadQueue, queueConflict } from "./load-queue.ts";
import { authorizeQueue } from "./queue-policy.ts";
import { assertQueueRules, countQueues } from "./queue-rules.ts";

export async function createQueue(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateQueueRequest,
): Promise<QueueAnswer> {
  authorizeQueue(actor, "create");
  await assertPlanAllows(client, actor.companyId, "queues");
  await assertQueueRules(client, actor.companyId, input, (await countQueues(client, actor.companyId)) + 1);
  if (input.fileListId) await assertFileListsOf(client, actor.companyId, [input.fileListId]);
  await assertIntegrationsOf(client, actor.companyId, [input.integrationId]);
  const { rows } = await client
    .query<{ id: number }>(
      `INSERT INTO queues (company_id, name, color, greeting_message, order_queue, out_of_hours_message,
         completion_message, close_ticket, ativar_roteador, tempo_roteador, integration_id, file_list_id, schedules)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        actor.companyId,
        input.name,
        input.color,
        input.greetingMessage || null,
        input.orderQueue,
        input.outOfHoursMessage || null,
        input.completionMessage || null,
        input.closeTicket,
        input.ativarRoteador,
        input.tempoRoteador,
        input.integrationId,
        input.fileListId,
        JSON.stringify(input.schedules),
      ],
    )
    .catch((err) => {
      throw queueConflict(err);
    });
  const id = rows[0]!.id;
  await recordChanges(client, [{ companyId: actor.companyId, entity: "queues", id }]);
  await recordAudit(client, actor, { kind: "queue.create", subjectId: id, subject: input.name });
  return loadQueue(client, actor.companyId, id);
}
