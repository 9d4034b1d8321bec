// The campaigns area's data (issue 20: screens call hooks; this file owns the paths). Campaigns, their report
// and the company's campaign settings are admin REST (/campaigns page by page, POST/PUT/DELETE, cancel,
// restart, the media, /campaign-settings); the sender's progress stamps the campaigns list (spec 3 §4).
import {
  CAMPAIGN_MEDIA_FIELD,
  CAMPAIGN_REPORT_RELOAD_MS,
  type CampaignDTO,
  type CampaignReportDTO,
  type CampaignSettings,
  type CampaignsPage as CampaignsAnswer,
} from "@chatflow/core/contract/campaigns.ts";
import { useCallback, useEffect, useRef } from "react";
import { restCollection } from "../api/rest-collection.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";
import { errorText } from "../i18n/translate-error.ts";
import { showToast } from "../ui/toasts.ts";
import { type CampaignForm, saveCampaign } from "./campaign-form.ts";

/** The campaigns screen's records: created, edited, deleted or moved on by the sender (the campaigns list). */
export const campaignsCollection = restCollection<CampaignDTO, CampaignsAnswer>(
  "/campaigns",
  (answer) => ({ items: answer.records, hasMore: answer.hasMore, count: answer.count }),
  "campaigns",
);

/** Stops a running campaign or starts a cancelled one again. */
export function useCampaignAction() {
  return useCallback(async (id: number, action: "cancel" | "restart") => {
    await api.post(`/campaigns/${id}/${action}`, {});
  }, []);
}

type Option = { id: number; name: string };

/** The contact lists for the campaign's select (GET /contact-lists/list), while online; [] until read. */
export function useContactListChoices(online: boolean): Option[] {
  return useRestQuery<Option[]>(online ? "/contact-lists/list" : null).data ?? [];
}

/** Saves the campaign, then sends the picked media once it has its id (a failed upload says why). */
export function useSaveCampaign() {
  return useCallback(async (form: CampaignForm, existing: CampaignDTO | null, file: File | null) => {
    const outcome = await saveCampaign(api, form, existing);
    if (outcome.ok && file) {
      const data = new FormData();
      data.append(CAMPAIGN_MEDIA_FIELD, file, file.name);
      await api.postForm(`/campaigns/${outcome.campaign.id}/media-upload`, data).catch((err: unknown) => {
        showToast(errorText(err));
      });
    }
    return outcome;
  }, []);
}

export function useRemoveCampaignMedia() {
  return useCallback(async (id: number) => {
    await api.delete(`/campaigns/${id}/media-upload`);
  }, []);
}

/**
 * A campaign's report while online, read again on each change of the campaigns; a reload that shows
 * FINALIZADA reloads once more CAMPAIGN_REPORT_RELOAD_MS later (spec 3 §9), for the last deliveries.
 */
export function useCampaignReport(id: number, online: boolean) {
  const query = useRestQuery<CampaignReportDTO>(online && Number.isInteger(id) ? `/campaigns/${id}` : null, {
    list: "campaigns",
  });
  const finishing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const before = useRef<CampaignReportDTO | undefined>(undefined);
  const { data, reload } = query;
  useEffect(() => {
    if (data === undefined) return;
    if (data.status === "FINALIZADA" && before.current?.status !== "FINALIZADA" && finishing.current === null)
      finishing.current = setTimeout(() => void reload(), CAMPAIGN_REPORT_RELOAD_MS);
    before.current = data;
  }, [data, reload]);
  useEffect(() => () => clearTimeout(finishing.current ?? undefined), []);
  return { report: data ?? null, failed: query.error !== null };
}

/** The company's campaign settings while online, changed locally until saved; a failed read says why. */
export function useCampaignSettings(online: boolean) {
  const query = useRestQuery<CampaignSettings>(online ? "/campaign-settings" : null);
  useEffect(() => {
    if (query.error) showToast(errorText(query.error));
  }, [query.error]);
  const { setData } = query;
  const save = useCallback(
    async (settings: CampaignSettings) => {
      const saved = await api.post<CampaignSettings>("/campaign-settings", { settings });
      setData(() => saved);
    },
    [setData],
  );
  return { settings: query.data ?? null, setSettings: setData, save };
}
