// Use cases: an admin creates, edits or deletes a queue integration (POST, PUT, DELETE /queueIntegration).
// Deleting one clears it from the queues, chatbot options and connections that named it (no foreign key, as for
// file lists).
import { randomBytes } from "node:crypto";
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { QueueIntegrationDTO, TQueueIntegrationRequest } from "../contract/integrations.ts";
import { companyEm } from "../db/company-em.ts";
import { QueueIntegration } from "../db/entities/integrations.ts";
import { type Change, listChanged, recordChanges } from "../kernel/change-log.ts";
import { flowNotFound } from "../kernel/errors.ts";
import { authorizeIntegrations, integrationNotFound } from "./integration-policy.ts";
import { loadIntegration } from "./integration-queries.ts";

/** A flowbuilder integration's flow must be the company's (another company's is as absent as a missing one). */
async function assertFlow(client: pg.ClientBase, companyId: number, input: TQueueIntegrationRequest): Promise<void> {
  if (input.flowId === null) return;
  const { rowCount } = await client.query("SELECT 1 FROM flows WHERE company_id = $1 AND id = $2", [
    companyId,
    input.flowId,
  ]);
  if (!rowCount) throw flowNotFound();
}

function columns(input: TQueueIntegrationRequest) {
  const { companyId: _ignored, ...fields } = input;
  return fields;
}

export async function createIntegration(
  client: pg.ClientBase,
  actor: Actor,
  input: TQueueIntegrationRequest,
): Promise<QueueIntegrationDTO> {
  await authorizeIntegrations(client, actor);
  await assertFlow(client, actor.companyId, input);
  const em = companyEm(client, actor.companyId);
  const row = em.create(QueueIntegration, {
    companyId: actor.companyId,
    ...columns(input),
    signingSecret: randomBytes(32).toString("hex"),
  });
  await em.flush();
  await recordChanges(client, [listChanged(actor.companyId, "queueIntegrations")]);
  await recordAudit(client, actor, {
    kind: "integration.create",
    subjectId: row.id,
    subject: input.name,
    detail: { type: input.type },
  });
  return loadIntegration(client, actor.companyId, row.id);
}

export async function updateIntegration(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TQueueIntegrationRequest,
): Promise<QueueIntegrationDTO> {
  await authorizeIntegrations(client, actor);
  await assertFlow(client, actor.companyId, input);
  const em = companyEm(client, actor.companyId);
  const changed = await em.nativeUpdate(QueueIntegration, { id }, { ...columns(input), updatedAt: raw("now()") });
  if (changed === 0) throw integrationNotFound();
  await recordChanges(client, [listChanged(actor.companyId, "queueIntegrations")]);
  // The field names only: an integration holds credentials (a token, an API key, Dialogflow's JSON).
  await recordAudit(client, actor, {
    kind: "integration.update",
    subjectId: id,
    subject: input.name,
    detail: { type: input.type, fields: Object.keys(columns(input)) },
  });
  return loadIntegration(client, actor.companyId, id);
}

export async function deleteIntegration(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  await authorizeIntegrations(client, actor);
  const em = companyEm(client, actor.companyId);
  const companyId = actor.companyId;
  const integration = await em.findOne(QueueIntegration, { id }, { fields: ["name"] });
  const deleted = await em.nativeDelete(QueueIntegration, { id });
  if (deleted === 0) throw integrationNotFound();
  const queues = await client.query<{ id: number }>(
    "UPDATE queues SET integration_id = NULL, updated_at = now() WHERE company_id = $1 AND integration_id = $2 RETURNING id",
    [companyId, id],
  );
  await client.query(
    "UPDATE chatbots SET opt_integration_id = NULL WHERE company_id = $1 AND opt_integration_id = $2",
    [companyId, id],
  );
  // A connection's own integration too (decision 0062).
  const connections = await client.query<{ id: number }>(
    "UPDATE whatsapps SET integration_id = NULL, updated_at = now() WHERE company_id = $1 AND integration_id = $2 RETURNING id",
    [companyId, id],
  );
  await client.query("DELETE FROM integration_sessions WHERE company_id = $1 AND integration_id = $2", [companyId, id]);
  const changes: Change[] = [
    ...queues.rows.map((q) => ({ companyId, entity: "queues" as const, id: q.id })),
    ...connections.rows.map((w) => ({ companyId, entity: "whatsapps" as const, id: w.id })),
  ];
  changes.push(listChanged(companyId, "queueIntegrations"));
  await recordChanges(client, changes);
  await recordAudit(client, actor, { kind: "integration.delete", subjectId: id, subject: integration?.name ?? "" });
}
