// The prompts area's data (issue 20: screens call hooks; this file owns the paths). Prompts are admin REST
// (GET /prompt answers them all, no pages; POST/PUT/DELETE /prompt): offline there is nothing to read.
import type { PromptDTO } from "@chatflow/core/contract/prompts.ts";
import { useCallback } from "react";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";
import { type PromptForm, savePrompt } from "./prompt-form.ts";

/** The company's prompts while online (and `allowed`), asked again when another admin changes them. */
export function usePrompts(online: boolean, allowed = true) {
  return useRestQuery<{ prompts: PromptDTO[] }>(online && allowed ? "/prompt" : null, { list: "prompts" });
}

export function useSavePrompt() {
  return useCallback((form: PromptForm, existing: PromptDTO | null) => savePrompt(api, form, existing), []);
}

export function useDeletePrompt() {
  return useCallback(async (id: number) => {
    await api.delete(`/prompt/${id}`);
  }, []);
}
