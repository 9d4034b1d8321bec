// Use case: 'Duplicar' (POST /flowbuilder/duplicate {flowId}): a new flow with the name, the published snapshot
// and the drawing (its Yjs document) of the original, so the copy opens exactly as the original looks.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { FlowDTO } from "../contract/flows.ts";
import { companyEm } from "../db/company-em.ts";
import { Flow } from "../db/entities/flows.ts";
import { findFlow, flowAnswer } from "./find-flow.ts";
import { copyFlowDocument } from "./flow-documents.ts";

/** The copy's name: the original's with a suffix, kept within the name's 50 characters. */
export function copyName(name: string): string {
  const suffix = " - cópia";
  return `${name.slice(0, 50 - suffix.length)}${suffix}`;
}

export async function duplicateFlow(client: pg.ClientBase, actor: Actor, flowId: number): Promise<FlowDTO> {
  const em = companyEm(client, actor.companyId);
  const original = await findFlow(em, flowId);
  const copy = em.create(Flow, {
    companyId: actor.companyId,
    userId: actor.id,
    name: copyName(original.name),
    active: original.active,
    flow: original.flow ?? null,
    savedAt: original.savedAt ?? null,
  });
  await em.flush();
  await copyFlowDocument(client, actor.companyId, original.id, copy.id);
  await recordAudit(client, actor, {
    kind: "flow.create",
    subjectId: copy.id,
    subject: copy.name,
    detail: { duplicateOf: original.id },
  });
  return flowAnswer(copy);
}
