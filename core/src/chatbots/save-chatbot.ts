// Use cases of the chatbot option calls (spec 2 §7 /chatbot): an admin adds an
// option (with nested children) to a queue's first level or below another option,
// edits one option, or deletes it with every option below it (spec 2 §4).
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import {
  type ChatbotAnswer,
  missingOptionFields,
  type TChatbotOptionInput,
  type TCreateChatbotRequest,
  type TUpdateChatbotRequest,
} from "../contract/chatbots.ts";
import { assertFileListsOf } from "../files/file-list-references.ts";
import { assertIntegrationsOf } from "../integrations/integration-policy.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { invalidFields, queueNotFound, queueOptionNotFound, userNotFound } from "../kernel/errors.ts";
import { loadChatbot } from "../queues/load-chatbot.ts";
import { authorizeQueue } from "../queues/queue-policy.ts";

/** Every queue and user an option (and its children) points at must be the company's: 404 otherwise. */
async function assertTargets(client: pg.ClientBase, companyId: number, options: Partial<TChatbotOptionInput>[]) {
  const queues = new Set<number>();
  const users = new Set<number>();
  const files = new Set<number>();
  const integrations = new Set<number>();
  const walk = (list: Partial<TChatbotOptionInput>[]) => {
    for (const o of list) {
      if (o.optQueueId) queues.add(o.optQueueId);
      if (o.optUserId) users.add(o.optUserId);
      if (o.optFileId) files.add(o.optFileId);
      if (o.optIntegrationId) integrations.add(o.optIntegrationId);
      walk(o.options ?? []);
    }
  };
  walk(options);
  if (queues.size > 0) {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM queues WHERE company_id = $1 AND id = ANY($2::int[])",
      [companyId, [...queues]],
    );
    if (rows[0]!.n !== queues.size) throw queueNotFound();
  }
  if (users.size > 0) {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE company_id = $1 AND id = ANY($2::int[])",
      [companyId, [...users]],
    );
    if (rows[0]!.n !== users.size) throw userNotFound();
  }
  await assertFileListsOf(client, companyId, files);
  await assertIntegrationsOf(client, companyId, integrations);
}

async function insertTree(
  client: pg.ClientBase,
  companyId: number,
  queueId: number,
  parentId: number | null,
  o: TChatbotOptionInput,
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO chatbots (company_id, queue_id, chatbot_id, name, greeting_message, queue_type, opt_queue_id,
       opt_user_id, opt_integration_id, opt_file_id, close_ticket)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      companyId,
      queueId,
      parentId,
      o.name,
      o.greetingMessage?.trim() ? o.greetingMessage : null,
      o.queueType,
      o.optQueueId,
      o.optUserId,
      o.optIntegrationId,
      o.optFileId,
      o.closeTicket,
    ],
  );
  const id = rows[0]!.id;
  for (const child of o.options) await insertTree(client, companyId, queueId, id, child);
  return id;
}

export async function createChatbot(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateChatbotRequest,
): Promise<ChatbotAnswer> {
  authorizeQueue(actor, "update");
  const companyId = actor.companyId;
  let queueId: number;
  if (input.chatbotId) queueId = (await loadChatbot(client, companyId, input.chatbotId)).queueId;
  else {
    const { rowCount } = await client.query("SELECT 1 FROM queues WHERE id = $1 AND company_id = $2 FOR UPDATE", [
      input.queueId,
      companyId,
    ]);
    if (!rowCount) throw queueNotFound();
    queueId = input.queueId!;
  }
  await assertTargets(client, companyId, [input]);
  const id = await insertTree(client, companyId, queueId, input.chatbotId ?? null, input);
  await touchQueue(client, companyId, queueId);
  await recordAudit(client, actor, { kind: "chatbot.create", subjectId: id, subject: input.name, detail: { queueId } });
  return loadChatbot(client, companyId, id);
}

const COLUMNS = {
  name: "name",
  greetingMessage: "greeting_message",
  queueType: "queue_type",
  optQueueId: "opt_queue_id",
  optUserId: "opt_user_id",
  optIntegrationId: "opt_integration_id",
  optFileId: "opt_file_id",
  closeTicket: "close_ticket",
} as const satisfies Record<keyof TUpdateChatbotRequest, string>;

export async function updateChatbot(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdateChatbotRequest,
): Promise<ChatbotAnswer> {
  authorizeQueue(actor, "update");
  const current = await loadChatbot(client, actor.companyId, id);
  const merged = { ...current, ...input };
  const missing = missingOptionFields(merged);
  if (Object.keys(missing).length > 0) throw invalidFields(missing);
  await assertTargets(client, actor.companyId, [input]);
  const sets: string[] = [];
  const params: unknown[] = [id, actor.companyId];
  for (const [field, column] of Object.entries(COLUMNS) as [keyof TUpdateChatbotRequest, string][]) {
    const value = input[field];
    if (value === undefined) continue;
    params.push(field === "greetingMessage" ? (typeof value === "string" && value.trim() ? value : null) : value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length > 0) {
    await client.query(
      `UPDATE chatbots SET ${sets.join(", ")}, updated_at = now() WHERE id = $1 AND company_id = $2`,
      params,
    );
    await touchQueue(client, actor.companyId, current.queueId);
    await recordAudit(client, actor, {
      kind: "chatbot.update",
      subjectId: id,
      subject: current.name,
      detail: {
        queueId: current.queueId,
        fields: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
      },
    });
  }
  return loadChatbot(client, actor.companyId, id);
}

/** Deletes the option; its children go with it (foreign key ON DELETE CASCADE). */
export async function deleteChatbot(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  authorizeQueue(actor, "delete");
  const current = await loadChatbot(client, actor.companyId, id);
  const { rowCount } = await client.query("DELETE FROM chatbots WHERE id = $1 AND company_id = $2", [
    id,
    actor.companyId,
  ]);
  if (!rowCount) throw queueOptionNotFound();
  await touchQueue(client, actor.companyId, current.queueId);
  await recordAudit(client, actor, {
    kind: "chatbot.delete",
    subjectId: id,
    subject: current.name,
    detail: { queueId: current.queueId },
  });
}

/** The tree is part of its queue: the queue's row changes with it (for sync and the list's updatedAt). */
async function touchQueue(client: pg.ClientBase, companyId: number, queueId: number) {
  await client.query("UPDATE queues SET updated_at = now() WHERE id = $1 AND company_id = $2", [queueId, companyId]);
  await recordChanges(client, [{ companyId, entity: "queues", id: queueId }]);
}
