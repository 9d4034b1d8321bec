// Use case: an admin adds a flow ('Adicionar Fluxo', POST /flowbuilder {name}). It starts active and without a
// snapshot; the editor draws its start node into the flow's document.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { FlowDTO, TCreateFlowRequest } from "../contract/flows.ts";
import { companyEm } from "../db/company-em.ts";
import { Flow } from "../db/entities/flows.ts";
import { flowAnswer } from "./find-flow.ts";

export async function createFlow(client: pg.ClientBase, actor: Actor, input: TCreateFlowRequest): Promise<FlowDTO> {
  const em = companyEm(client, actor.companyId);
  const flow = em.create(Flow, { companyId: actor.companyId, userId: actor.id, name: input.name, active: true });
  await em.flush();
  await recordAudit(client, actor, { kind: "flow.create", subjectId: flow.id, subject: flow.name });
  return flowAnswer(flow);
}
