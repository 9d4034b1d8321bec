// The integration modal's logic (spec 2 §3 Integration, §5, §7): the fields a type shows, the form checked with
// the contract's schema (name 2 to 50, typebot's urlN8N and typebotSlug required), and saving it (POST or PUT).
import {
  type IntegrationType,
  PRIVATE_URL_MESSAGE,
  type QueueIntegrationDTO,
  TYPEBOT_DEFAULT_DELAY_MS,
  TYPEBOT_DEFAULT_EXPIRES,
  ZQueueIntegrationRequestSchema,
} from "@chatflow/core/contract/integrations.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";

export type IntegrationForm = {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  /** flowbuilder: the flow it starts (decision 0061); null starts none. */
  flowId: number | null;
};

type TextField = Exclude<keyof IntegrationForm, "type" | "flowId">;

/** The fields each type shows, in order (spec 2 §3). */
export const FIELDS_OF_TYPE: Record<IntegrationType, TextField[]> = {
  dialogflow: ["projectName", "language", "jsonContent"],
  n8n: ["urlN8N"],
  webhook: ["urlN8N"],
  typebot: [
    "urlN8N",
    "typebotSlug",
    "typebotExpires",
    "typebotDelayMessage",
    "typebotKeywordFinish",
    "typebotKeywordRestart",
    "typebotRestartMessage",
    "typebotUnknownMessage",
  ],
  flowbuilder: [],
};

export const INTEGRATION_MESSAGES: Record<string, string> = {
  "Invalid URL": "integrationsPage.validation.invalidUrl",
  "Invalid slug": "integrationsPage.validation.invalidSlug",
  [PRIVATE_URL_MESSAGE]: "integrationsPage.validation.privateUrl",
};

export function integrationFormFrom(i: QueueIntegrationDTO | null): IntegrationForm {
  return {
    type: i?.type ?? "typebot",
    name: i?.name ?? "",
    projectName: i?.projectName ?? "",
    jsonContent: i?.jsonContent ?? "",
    language: i?.language ?? "pt-BR",
    urlN8N: i?.urlN8N ?? "",
    typebotSlug: i?.typebotSlug ?? "",
    typebotExpires: String(i?.typebotExpires ?? TYPEBOT_DEFAULT_EXPIRES),
    typebotDelayMessage: String(i?.typebotDelayMessage ?? TYPEBOT_DEFAULT_DELAY_MS),
    typebotKeywordFinish: i?.typebotKeywordFinish ?? "",
    typebotKeywordRestart: i?.typebotKeywordRestart ?? "",
    typebotRestartMessage: i?.typebotRestartMessage ?? "",
    typebotUnknownMessage: i?.typebotUnknownMessage ?? "",
    flowId: i?.flowId ?? null,
  };
}

const orNull = (s: string) => (s.trim() === "" ? null : s.trim());

/** The request body: only the fields of the chosen type, the others cleared. */
export function integrationRequest(form: IntegrationForm): Record<string, unknown> {
  const shown = new Set<string>(FIELDS_OF_TYPE[form.type]);
  const pick = (k: TextField) => (shown.has(k) ? orNull(form[k]) : null);
  return {
    type: form.type,
    name: form.name,
    projectName: pick("projectName"),
    jsonContent: pick("jsonContent"),
    language: pick("language"),
    urlN8N: pick("urlN8N"),
    typebotSlug: pick("typebotSlug"),
    typebotExpires: shown.has("typebotExpires")
      ? form.typebotExpires || TYPEBOT_DEFAULT_EXPIRES
      : TYPEBOT_DEFAULT_EXPIRES,
    typebotDelayMessage: shown.has("typebotDelayMessage")
      ? form.typebotDelayMessage || TYPEBOT_DEFAULT_DELAY_MS
      : TYPEBOT_DEFAULT_DELAY_MS,
    typebotKeywordFinish: pick("typebotKeywordFinish"),
    typebotKeywordRestart: pick("typebotKeywordRestart"),
    typebotRestartMessage: pick("typebotRestartMessage"),
    typebotUnknownMessage: pick("typebotUnknownMessage"),
    flowId: form.type === "flowbuilder" ? form.flowId : null,
  };
}

export function validateIntegrationForm(form: IntegrationForm): Record<string, string> {
  const parsed = ZQueueIntegrationRequestSchema.safeParse(integrationRequest(form));
  return parsed.success ? {} : fieldErrors(parsed.error, INTEGRATION_MESSAGES);
}

export type SaveOutcome =
  | { ok: true; integration: QueueIntegrationDTO }
  | { ok: false; errors: Record<string, string>; error: unknown };

export async function saveIntegration(
  api: ApiClient,
  form: IntegrationForm,
  existing: QueueIntegrationDTO | null,
): Promise<SaveOutcome> {
  try {
    const body = integrationRequest(form);
    const integration = existing
      ? await api.put<QueueIntegrationDTO>(`/queueIntegration/${existing.id}`, body)
      : await api.post<QueueIntegrationDTO>("/queueIntegration", body);
    return { ok: true, integration };
  } catch (error) {
    const errors = error instanceof ApiError ? serverFieldErrors(error.body?.fields, INTEGRATION_MESSAGES) : {};
    return { ok: false, errors, error };
  }
}
