// The campaign modal's logic (spec 3 §3 Campaign, §4, §5): the form from a campaign (or the §4 defaults), the
// request it makes, checked with the contract's schema, and saving it. Dates go through the local input format.
import {
  CAMPAIGN_MESSAGE_SLOTS,
  type CampaignDTO,
  ZSaveCampaignRequestSchema,
} from "@chatflow/core/contract/campaigns.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { fromLocalInput, toLocalInput } from "../schedules/schedule-form.ts";

type Slot = (typeof CAMPAIGN_MESSAGE_SLOTS)[number];
export type MessageKey = `message${Slot}` | `confirmationMessage${Slot}`;

export type CampaignForm = {
  name: string;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  /** datetime-local text, "" for none. */
  scheduledAt: string;
  confirmation: boolean;
  openTicket: "enabled" | "disabled";
  userId: number | null;
  queueId: number | null;
  statusTicket: "closed" | "pending" | "open";
} & Record<MessageKey, string>;

export function campaignFormFrom(c: CampaignDTO | null): CampaignForm {
  const messages = Object.fromEntries(
    CAMPAIGN_MESSAGE_SLOTS.flatMap((n) => [
      [`message${n}`, c?.[`message${n}`] ?? ""],
      [`confirmationMessage${n}`, c?.[`confirmationMessage${n}`] ?? ""],
    ]),
  ) as Record<MessageKey, string>;
  return {
    name: c?.name ?? "",
    whatsappId: c?.whatsappId ?? null,
    contactListId: c?.contactListId ?? null,
    tagListId: c?.tagListId ?? null,
    scheduledAt: c?.scheduledAt ? toLocalInput(new Date(c.scheduledAt)) : "",
    confirmation: c?.confirmation ?? false,
    // Spec 3 §4 defaults: openTicket disabled, statusTicket closed.
    openTicket: c?.openTicket ?? "disabled",
    userId: c?.userId ?? null,
    queueId: c?.queueId ?? null,
    statusTicket: c?.statusTicket ?? "closed",
    ...messages,
  };
}

export function campaignRequest(form: CampaignForm): Record<string, unknown> {
  return { ...form, scheduledAt: form.scheduledAt ? fromLocalInput(form.scheduledAt) : null };
}

export function validateCampaignForm(form: CampaignForm): Record<string, string> {
  const parsed = ZSaveCampaignRequestSchema.safeParse(campaignRequest(form));
  return parsed.success ? {} : fieldErrors(parsed.error);
}

export type SaveOutcome =
  | { ok: true; campaign: CampaignDTO }
  | { ok: false; errors: Record<string, string>; error: unknown };

export async function saveCampaign(
  api: ApiClient,
  form: CampaignForm,
  existing: CampaignDTO | null,
): Promise<SaveOutcome> {
  try {
    const body = campaignRequest(form);
    const campaign = existing
      ? await api.put<CampaignDTO>(`/campaigns/${existing.id}`, body)
      : await api.post<CampaignDTO>("/campaigns", body);
    return { ok: true, campaign };
  } catch (error) {
    const errors = error instanceof ApiError ? serverFieldErrors(error.body?.fields) : {};
    return { ok: false, errors, error };
  }
}
