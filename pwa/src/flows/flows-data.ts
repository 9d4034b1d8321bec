// The flows area's data for other screens (issue 20: screens call hooks; this file owns the paths). The flow
// choices of a select: every page of GET /flowbuilder (flow-choices.ts), read while `enabled`.
import { useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";
import { type FlowChoice, loadFlowChoices } from "./flow-choices.ts";

export type { FlowChoice };

/** The company's flows for a select; `flows` is null until read, `failed` when the read failed. */
export function useFlowChoices(enabled: boolean): { flows: FlowChoice[] | null; failed: boolean } {
  const query = useRestQuery<FlowChoice[]>(enabled ? "/flowbuilder" : null, { load: () => loadFlowChoices(api) });
  return { flows: query.data ?? null, failed: query.error !== null };
}
