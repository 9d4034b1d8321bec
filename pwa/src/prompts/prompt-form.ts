// The prompt modal's logic (spec 2 §3 Prompt, §5, §9): the form checked with the contract's schema (name 5 to
// 100, prompt at least 50, voice, max tokens, temperature, key and max messages required, 'Informe o setor'
// without a queue), and saving it. An edit may leave the key empty: the stored one is kept.
import {
  PROMPT_DEFAULTS,
  type PromptDTO,
  ZCreatePromptRequestSchema,
  ZUpdatePromptRequestSchema,
} from "@chatflow/core/contract/prompts.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";

export type PromptForm = {
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: string;
  temperature: number;
  apiKey: string;
  queueId: number | null;
  maxMessages: string;
};

export const PROMPT_MESSAGES: Record<string, string> = {
  "Informe o setor": "promptsPage.validation.queueRequired",
};

export function promptFormFrom(p: PromptDTO | null): PromptForm {
  return {
    name: p?.name ?? "",
    prompt: p?.prompt ?? "",
    voice: p?.voice ?? PROMPT_DEFAULTS.voice,
    voiceKey: p?.voiceKey ?? "",
    voiceRegion: p?.voiceRegion ?? "",
    maxTokens: String(p?.maxTokens ?? PROMPT_DEFAULTS.maxTokens),
    temperature: p?.temperature ?? PROMPT_DEFAULTS.temperature,
    // The stored key never comes back whole: an edit starts empty and keeps it unless a new one is typed.
    apiKey: "",
    queueId: p?.queueId ?? null,
    maxMessages: String(p?.maxMessages ?? PROMPT_DEFAULTS.maxMessages),
  };
}

const orNull = (s: string) => (s.trim() === "" ? null : s.trim());

export function promptRequest(form: PromptForm): Record<string, unknown> {
  return {
    name: form.name,
    prompt: form.prompt,
    voice: form.voice,
    voiceKey: orNull(form.voiceKey),
    voiceRegion: orNull(form.voiceRegion),
    maxTokens: form.maxTokens,
    temperature: form.temperature,
    apiKey: form.apiKey,
    queueId: form.queueId,
    maxMessages: form.maxMessages,
  };
}

export function validatePromptForm(form: PromptForm, editing: boolean): Record<string, string> {
  const schema = editing ? ZUpdatePromptRequestSchema : ZCreatePromptRequestSchema;
  const parsed = schema.safeParse(promptRequest(form));
  return parsed.success ? {} : fieldErrors(parsed.error, PROMPT_MESSAGES);
}

export type SaveOutcome =
  | { ok: true; prompt: PromptDTO }
  | { ok: false; errors: Record<string, string>; error: unknown };

export async function savePrompt(api: ApiClient, form: PromptForm, existing: PromptDTO | null): Promise<SaveOutcome> {
  try {
    const body = promptRequest(form);
    const prompt = existing
      ? await api.put<PromptDTO>(`/prompt/${existing.id}`, body)
      : await api.post<PromptDTO>("/prompt", body);
    return { ok: true, prompt };
  } catch (error) {
    const errors = error instanceof ApiError ? serverFieldErrors(error.body?.fields, PROMPT_MESSAGES) : {};
    return { ok: false, errors, error };
  }
}
