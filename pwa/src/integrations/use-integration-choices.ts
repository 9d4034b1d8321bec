// The company's queue integrations for a select (the queue modal, a chatbot option of type integration): every
// page of GET /queueIntegration, read through the one REST loader while online and the plan has useIntegrations.
import type { QueueIntegrationDTO, QueueIntegrationsPage } from "@chatflow/core/contract/integrations.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";

const MAX_PAGES = 50;

export type IntegrationChoice = Pick<QueueIntegrationDTO, "id" | "name" | "type">;

async function allIntegrations(): Promise<IntegrationChoice[]> {
  const all: IntegrationChoice[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await api.get<QueueIntegrationsPage>(`/queueIntegration?pageNumber=${page}`);
    all.push(...answer.queueIntegrations.map((i) => ({ id: i.id, name: i.name, type: i.type })));
    if (!answer.hasMore) break;
  }
  return all;
}

/** The integrations; [] until read (a failed read leaves the select as it was). */
export function useIntegrationChoices(online: boolean, allowed: boolean): IntegrationChoice[] {
  const path = online && allowed ? "/queueIntegration" : null;
  return useRestQuery<IntegrationChoice[]>(path, { load: allIntegrations }).data ?? NONE;
}

const NONE: IntegrationChoice[] = [];
