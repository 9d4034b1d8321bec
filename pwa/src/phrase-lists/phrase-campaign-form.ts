// The phrase campaign dialog's logic (spec 2 §3 Phrase campaign, §5, §7 `/flowcampaign`): the form checked with the
// contract's schema (name, flow and phrase required; the connection flagged but not blocking), and saving it.
import { type FlowCampaignDTO, ZCreateFlowCampaignRequestSchema } from "@chatflow/core/contract/flow-campaigns.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";

export type PhraseCampaignForm = {
  name: string;
  flowId: number | null;
  whatsappId: number | null;
  phrase: string;
  status: boolean;
};

export const PHRASE_CAMPAIGN_MESSAGES: Record<string, string> = {
  Obrigatório: "phraseListsPage.validation.required",
  "Muito longo!": "phraseListsPage.validation.tooLong",
};

export const phraseCampaignFormFrom = (c: FlowCampaignDTO | null): PhraseCampaignForm => ({
  name: c?.name ?? "",
  flowId: c?.flowId ?? null,
  whatsappId: c?.whatsappId ?? null,
  phrase: c?.phrase ?? "",
  status: c?.status ?? true,
});

/** The field errors the form has now; the connection is only flagged (`connectionMissing`), never an error. */
export function validatePhraseCampaignForm(form: PhraseCampaignForm): Record<string, string> {
  const parsed = ZCreateFlowCampaignRequestSchema.safeParse({
    name: form.name,
    flowId: form.flowId ?? undefined,
    whatsappId: form.whatsappId,
    phrase: form.phrase,
  });
  return parsed.success ? {} : fieldErrors(parsed.error, PHRASE_CAMPAIGN_MESSAGES);
}

/** Spec 2 §5: the connection choice is flagged when empty, but the campaign saves without one (every connection). */
export const connectionMissing = (form: PhraseCampaignForm) => form.whatsappId === null;

export type SaveOutcome =
  | { ok: true; campaign: FlowCampaignDTO }
  | { ok: false; errors: Record<string, string>; error: unknown };

export async function savePhraseCampaign(
  api: ApiClient,
  form: PhraseCampaignForm,
  existing: FlowCampaignDTO | null,
): Promise<SaveOutcome> {
  const body = { name: form.name, flowId: form.flowId, whatsappId: form.whatsappId, phrase: form.phrase };
  try {
    const campaign = existing
      ? await api.put<FlowCampaignDTO>("/flowcampaign", { ...body, id: existing.id, status: form.status })
      : await api.post<FlowCampaignDTO>("/flowcampaign", body);
    return { ok: true, campaign };
  } catch (error) {
    const errors = error instanceof ApiError ? serverFieldErrors(error.body?.fields, PHRASE_CAMPAIGN_MESSAGES) : {};
    return { ok: false, errors, error };
  }
}
