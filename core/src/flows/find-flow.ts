// One flow of the caller's company, read through the company EntityManager (decision 0028): another company's
// flow is as absent as a missing one.
import { LockMode } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { FlowWithSnapshotDTO } from "../contract/flows.ts";
import { companyEm, type EntityManager } from "../db/company-em.ts";
import { Flow, type IFlow } from "../db/entities/flows.ts";
import { flowNotFound } from "../kernel/errors.ts";
import { flowAnswer } from "./flow-answer.ts";

export { flowAnswer };

/** The flow, or ERR_NOT_FOUND; `lock` holds it until the transaction ends. */
export async function findFlow(em: EntityManager, id: number, opts: { lock?: boolean } = {}): Promise<IFlow> {
  const flow = await em.findOne(Flow, { id }, opts.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!flow) throw flowNotFound();
  return flow;
}

/** GET /flowbuilder/flow/{id}: the flow with its published snapshot (null before the first 'Salvar'). */
export async function showFlow(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
): Promise<{ flow: FlowWithSnapshotDTO }> {
  const flow = await findFlow(companyEm(client, actor.companyId), id);
  return { flow: { ...flowAnswer(flow), flow: flow.flow ?? null } };
}
