// Use case: 'Excluir' (DELETE /flowbuilder/{id}): the flow and its drawing go together.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { companyEm } from "../db/company-em.ts";
import { Flow } from "../db/entities/flows.ts";
import { flowNotFound } from "../kernel/errors.ts";
import { removeFlowDocument } from "./flow-documents.ts";

export async function deleteFlow(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  const em = companyEm(client, actor.companyId);
  const flow = await em.findOne(Flow, { id }, { fields: ["name"] });
  if ((await em.nativeDelete(Flow, { id })) === 0) throw flowNotFound();
  await removeFlowDocument(client, actor.companyId, id);
  await recordAudit(client, actor, { kind: "flow.delete", subjectId: id, subject: flow?.name ?? "" });
}
