// The phrase campaigns area's data (issue 20: screens call hooks; this file owns the paths). Phrase campaigns
// are admin REST (/flowcampaign), shown with the flows and connections they choose among.
import type { FlowCampaignDTO } from "@chatflow/core/contract/flow-campaigns.ts";
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { useCallback } from "react";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";
import { loadFlowChoices } from "../flows/flow-choices.ts";
import { type PhraseCampaignForm, savePhraseCampaign } from "./phrase-campaign-form.ts";

type Choice = { id: number; name: string };
export type PhraseListsData = { campaigns: FlowCampaignDTO[]; flows: Choice[]; connections: Choice[] };

/** The campaigns with the flows and connections to choose among, read together while online. */
export function usePhraseLists(online: boolean) {
  return useRestQuery<PhraseListsData>(online ? "/flowcampaign" : null, {
    load: async (path) => {
      const [campaigns, flows, connections] = await Promise.all([
        api.get<{ flow: FlowCampaignDTO[] }>(path),
        loadFlowChoices(api),
        api.get<WhatsappAnswer[]>("/whatsapp"),
      ]);
      return { campaigns: campaigns.flow, flows, connections: connections.map((c) => ({ id: c.id, name: c.name })) };
    },
  });
}

export function useSavePhraseCampaign() {
  return useCallback(
    (form: PhraseCampaignForm, existing: FlowCampaignDTO | null) => savePhraseCampaign(api, form, existing),
    [],
  );
}

export function useDeletePhraseCampaign() {
  return useCallback(async (id: number) => {
    await api.delete(`/flowcampaign/${id}`);
  }, []);
}
