// The integrations area's data (issue 20: screens call hooks; this file owns the paths). Queue integrations
// are admin REST (/queueIntegration page by page, POST/PUT/DELETE, the Dialogflow credentials test).
import type { QueueIntegrationDTO, QueueIntegrationsPage } from "@chatflow/core/contract/integrations.ts";
import { useCallback } from "react";
import { restCollection } from "../api/rest-collection.ts";
import { api } from "../app-services.ts";
import { type IntegrationForm, saveIntegration } from "./integration-form.ts";

/** The integrations list screen's records (another admin's change: the queueIntegrations list). */
export const integrationsCollection = restCollection<QueueIntegrationDTO, QueueIntegrationsPage>(
  "/queueIntegration",
  (answer) => ({ items: answer.queueIntegrations, hasMore: answer.hasMore, count: answer.count }),
  "queueIntegrations",
);

export function useSaveIntegration() {
  return useCallback(
    (form: IntegrationForm, existing: QueueIntegrationDTO | null) => saveIntegration(api, form, existing),
    [],
  );
}

/** Tries a Dialogflow project's credentials (POST /queueIntegration/testSession). */
export function useTestIntegrationSession() {
  return useCallback(async (body: { projectName: string; jsonContent: string; language: string }) => {
    await api.post("/queueIntegration/testSession", body);
  }, []);
}
