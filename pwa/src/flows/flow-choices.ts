// The company's flows as choices for a select (phrase campaigns, a connection's welcome and not-matched flows):
// the pages of GET /flowbuilder read in turn, up to a bound no company's flow list comes near.
import type { FlowListDTO } from "@chatflow/core/contract/flows.ts";
import type { ApiClient } from "../api/http.ts";

export type FlowChoice = { id: number; name: string };

/** Pages of GET /flowbuilder read at most (20 flows each). */
export const FLOW_CHOICE_PAGES = 10;

export async function loadFlowChoices(api: Pick<ApiClient, "get">): Promise<FlowChoice[]> {
  const out: FlowChoice[] = [];
  for (let page = 1; page <= FLOW_CHOICE_PAGES; page++) {
    const answer = await api.get<FlowListDTO>(`/flowbuilder?pageNumber=${page}`);
    out.push(...answer.flows.map((f) => ({ id: f.id, name: f.name })));
    if (!answer.hasMore) break;
  }
  return out;
}
