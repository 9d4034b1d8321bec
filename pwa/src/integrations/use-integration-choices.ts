// The company's queue integrations for a select (the queue modal, a chatbot option of type integration): every
// page of GET /queueIntegration, read once per mount while online and the plan has useIntegrations.
import type { QueueIntegrationDTO, QueueIntegrationsPage } from "@chatflow/core/contract/integrations.ts";
import { useEffect, useState } from "react";
import { api } from "../app-services.ts";

const MAX_PAGES = 50;

export type IntegrationChoice = Pick<QueueIntegrationDTO, "id" | "name" | "type">;

export function useIntegrationChoices(online: boolean, allowed: boolean): IntegrationChoice[] {
  const [list, setList] = useState<IntegrationChoice[]>([]);
  useEffect(() => {
    if (!online || !allowed) return;
    let live = true;
    void (async () => {
      const all: IntegrationChoice[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await api.get<QueueIntegrationsPage>(`/queueIntegration?pageNumber=${page}`);
        all.push(...answer.queueIntegrations.map((i) => ({ id: i.id, name: i.name, type: i.type })));
        if (!answer.hasMore) break;
      }
      if (live) setList(all);
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [online, allowed]);
  return list;
}
