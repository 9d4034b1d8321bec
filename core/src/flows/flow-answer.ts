// What the flow calls answer of a flow row; free of the ORM so the list (plain SQL) loads at start without it.
import type { FlowDTO } from "../contract/flows.ts";
import type { IFlow } from "../db/entities/flows.ts";

type FlowRow = Pick<IFlow, "id" | "name" | "active" | "userId" | "savedAt" | "createdAt" | "updatedAt">;

/** What the list, create, rename and duplicate answer of a flow. */
export const flowAnswer = (flow: FlowRow): FlowDTO => ({
  id: flow.id,
  name: flow.name,
  active: flow.active,
  userId: flow.userId ?? null,
  savedAt: flow.savedAt ? new Date(flow.savedAt).toISOString() : null,
  createdAt: new Date(flow.createdAt).toISOString(),
  updatedAt: new Date(flow.updatedAt).toISOString(),
});
