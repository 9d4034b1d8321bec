// The chatbot option editor's logic (spec 2 §3 Chatbot option, §5: name at least 4
// characters; the type decides the extra fields): one option's form, its check with the
// contract, and the /chatbot calls (POST under a queue or an option, PUT, DELETE with children).
import {
  type ChatbotAnswer,
  type ChatbotOptionType,
  missingOptionFields,
  ZChatbotNameSchema,
} from "@chatflow/core/contract/chatbots.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors, validationText } from "../i18n/form-errors.ts";

export type OptionForm = {
  name: string;
  greetingMessage: string;
  queueType: ChatbotOptionType;
  /** 0 for none (a Select has no empty item). */
  optQueueId: number;
  optUserId: number;
  /** Typed ids: integrations and file lists have no list to pick from yet. */
  optIntegrationId: string;
  optFileId: string;
  closeTicket: boolean;
};

export const NONE = 0;

export const newOptionForm = (): OptionForm => ({
  name: "",
  greetingMessage: "",
  queueType: "text",
  optQueueId: NONE,
  optUserId: NONE,
  optIntegrationId: "",
  optFileId: "",
  closeTicket: false,
});

export const optionFormFrom = (o: ChatbotAnswer): OptionForm => ({
  name: o.name,
  greetingMessage: o.greetingMessage ?? "",
  queueType: o.queueType,
  optQueueId: o.optQueueId ?? NONE,
  optUserId: o.optUserId ?? NONE,
  optIntegrationId: o.optIntegrationId ? String(o.optIntegrationId) : "",
  optFileId: o.optFileId ? String(o.optFileId) : "",
  closeTicket: o.closeTicket,
});

const id = (n: number | string) => {
  const v = Number(n);
  return Number.isInteger(v) && v > 0 ? v : null;
};

/** The option's fields as the calls take them; ids only where the type uses them. */
export function optionRequest(f: OptionForm) {
  const t = f.queueType;
  return {
    name: f.name.trim(),
    greetingMessage: f.greetingMessage.trim() === "" ? null : f.greetingMessage,
    queueType: t,
    optQueueId: t === "queue" || t === "attendent" ? id(f.optQueueId) : null,
    optUserId: t === "attendent" ? id(f.optUserId) : null,
    optIntegrationId: t === "integration" ? id(f.optIntegrationId) : null,
    optFileId: t === "file" ? id(f.optFileId) : null,
    closeTicket: f.closeTicket,
  };
}

export function validateOptionForm(f: OptionForm): Record<string, string> {
  const out: Record<string, string> = {};
  const name = ZChatbotNameSchema.safeParse(f.name);
  if (!name.success) out.name = fieldErrors(name.error)[""] ?? validationText("Required");
  for (const [field, message] of Object.entries(missingOptionFields(optionRequest(f)))) {
    out[field] = validationText(message);
  }
  return out;
}

export type OptionSaveOutcome =
  | { ok: true; option: ChatbotAnswer }
  | { ok: false; errors: Record<string, string>; error: unknown };

/** Creates the option under `parent` (a queue's first level or another option), or updates `existing`. */
export async function saveOption(
  api: ApiClient,
  form: OptionForm,
  target: { existing: ChatbotAnswer } | { queueId: number } | { chatbotId: number },
): Promise<OptionSaveOutcome> {
  try {
    const body = optionRequest(form);
    const option =
      "existing" in target
        ? await api.put<ChatbotAnswer>(`/chatbot/${target.existing.id}`, body)
        : await api.post<ChatbotAnswer>("/chatbot", { ...target, ...body });
    return { ok: true, option };
  } catch (error) {
    const fields = error instanceof ApiError ? error.body?.fields : undefined;
    return { ok: false, errors: serverFieldErrors(fields), error };
  }
}
