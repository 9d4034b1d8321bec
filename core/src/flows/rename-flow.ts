// Use case: 'Editar nome' (PUT /flowbuilder {name, flowId}); `active` also turns a flow on or off (Ativo /
// Desativado, spec 2 §4), which the spec's call does not carry but its list shows.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { FlowDTO, TUpdateFlowRequest } from "../contract/flows.ts";
import { companyEm } from "../db/company-em.ts";
import { Flow } from "../db/entities/flows.ts";
import { findFlow, flowAnswer } from "./find-flow.ts";

export async function renameFlow(client: pg.ClientBase, actor: Actor, input: TUpdateFlowRequest): Promise<FlowDTO> {
  const em = companyEm(client, actor.companyId);
  const flow = await findFlow(em, input.flowId, { lock: true });
  const changed = { name: input.name, active: input.active ?? flow.active };
  // nativeUpdate, not a flush: its WHERE carries the company filter (decision 0028).
  await em.nativeUpdate(Flow, { id: flow.id }, { ...changed, updatedAt: raw("now()") });
  await recordAudit(client, actor, {
    kind: "flow.update",
    subjectId: flow.id,
    subject: changed.name,
    detail: { fields: input.active === undefined ? ["name"] : ["name", "active"] },
  });
  return flowAnswer({ ...flow, ...changed, updatedAt: new Date() });
}
