// Use cases: an admin creates, edits or deletes an AI prompt (POST, PUT, DELETE /prompt). Its queue must be one
// of the company's (another company's id answers as a missing queue). Deleting one clears it from connections.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { PromptDTO, TCreatePromptRequest, TUpdatePromptRequest } from "../contract/prompts.ts";
import { companyEm } from "../db/company-em.ts";
import { Prompt } from "../db/entities/integrations.ts";
import { authorizePrompts, promptNotFound } from "../integrations/integration-policy.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { queueNotFound } from "../kernel/errors.ts";
import { loadPrompt } from "./prompt-queries.ts";

async function assertQueueOf(client: pg.ClientBase, companyId: number, queueId: number): Promise<void> {
  const { rowCount } = await client.query("SELECT 1 FROM queues WHERE company_id = $1 AND id = $2", [
    companyId,
    queueId,
  ]);
  if (!rowCount) throw queueNotFound();
}

export async function createPrompt(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreatePromptRequest,
): Promise<PromptDTO> {
  await authorizePrompts(client, actor);
  await assertQueueOf(client, actor.companyId, input.queueId!);
  const { companyId: _ignored, ...fields } = input;
  const em = companyEm(client, actor.companyId);
  const row = em.create(Prompt, { ...fields, queueId: input.queueId!, companyId: actor.companyId });
  await em.flush();
  await recordChanges(client, [listChanged(actor.companyId, "prompts")]);
  await recordAudit(client, actor, {
    kind: "prompt.create",
    subjectId: row.id,
    subject: input.name,
    detail: { queueId: input.queueId },
  });
  return loadPrompt(client, actor.companyId, row.id);
}

export async function updatePrompt(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdatePromptRequest,
): Promise<PromptDTO> {
  await authorizePrompts(client, actor);
  await assertQueueOf(client, actor.companyId, input.queueId!);
  const { companyId: _ignored, apiKey, ...fields } = input;
  const em = companyEm(client, actor.companyId);
  const changed = await em.nativeUpdate(
    Prompt,
    { id },
    { ...fields, queueId: input.queueId!, ...(apiKey ? { apiKey } : {}), updatedAt: raw("now()") },
  );
  if (changed === 0) throw promptNotFound();
  await recordChanges(client, [listChanged(actor.companyId, "prompts")]);
  // The field names only: a prompt holds its OpenAI key ("apiKey" when one was sent).
  await recordAudit(client, actor, {
    kind: "prompt.update",
    subjectId: id,
    subject: input.name,
    detail: { fields: Object.keys(input).filter((k) => k !== "companyId" && (k !== "apiKey" || apiKey)) },
  });
  return loadPrompt(client, actor.companyId, id);
}

export async function deletePrompt(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  await authorizePrompts(client, actor);
  const em = companyEm(client, actor.companyId);
  const prompt = await em.findOne(Prompt, { id }, { fields: ["name"] });
  const deleted = await em.nativeDelete(Prompt, { id });
  if (deleted === 0) throw promptNotFound();
  // A connection answered by this prompt no longer is (decision 0062: no foreign key, cleared here).
  const { rows } = await client.query<{ id: number }>(
    "UPDATE whatsapps SET prompt_id = NULL, updated_at = now() WHERE company_id = $1 AND prompt_id = $2 RETURNING id",
    [actor.companyId, id],
  );
  await recordChanges(client, [
    ...rows.map((w) => ({ companyId: actor.companyId, entity: "whatsapps" as const, id: w.id })),
    listChanged(actor.companyId, "prompts"),
  ]);
  await recordAudit(client, actor, { kind: "prompt.delete", subjectId: id, subject: prompt?.name ?? "" });
}
