// Use case: 'Salvar' (POST /flowbuilder/flow {idFlow, nodes, connections}) publishes the validated snapshot the
// runtime walks (decision 0051). The drawing keeps being saved as it changes (the Yjs document); only this call
// changes what runs.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { FlowSnapshot, FlowWithSnapshotDTO, TSaveFlowRequest } from "../contract/flows.ts";
import { companyEm } from "../db/company-em.ts";
import { Flow } from "../db/entities/flows.ts";
import { findFlow, flowAnswer } from "./find-flow.ts";

export async function saveFlow(
  client: pg.ClientBase,
  actor: Actor,
  input: TSaveFlowRequest,
): Promise<{ flow: FlowWithSnapshotDTO }> {
  const em = companyEm(client, actor.companyId);
  const flow = await findFlow(em, input.idFlow, { lock: true });
  const snapshot: FlowSnapshot = {
    nodes: input.nodes.map((n) => ({ id: n.id, position: n.position, type: n.type, data: n.data })),
    connections: input.connections.map((c, i) => ({
      id: c.id ?? `e${i}`,
      source: c.source,
      target: c.target,
      sourceHandle: c.sourceHandle,
    })),
  };
  const savedAt = new Date();
  await em.nativeUpdate(Flow, { id: flow.id }, { flow: snapshot, savedAt, updatedAt: raw("now()") });
  // Publishing changes what runs: the entry says so, with the drawing's size (its content is the flow's own).
  await recordAudit(client, actor, {
    kind: "flow.update",
    subjectId: flow.id,
    subject: flow.name,
    detail: { published: true, nodes: snapshot.nodes.length, connections: snapshot.connections.length },
  });
  return { flow: { ...flowAnswer({ ...flow, savedAt, updatedAt: savedAt }), flow: snapshot } };
}
