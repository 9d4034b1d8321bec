import type { PromptDTO } from "@chatflow/core/contract/prompts.ts";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../api/http.ts";
import { i18n } from "../i18n/i18n.ts";
import { promptFormFrom, promptRequest, savePrompt, validatePromptForm } from "./prompt-form.ts";

const good = {
  ...promptFormFrom(null),
  name: "Assistente",
  prompt: "Você é um assistente de vendas educado que responde em português do Brasil.",
  apiKey: "sk-1234",
  queueId: 3,
};

describe("#prompt form (spec 2 §5, §9)", () => {
  it("starts with the spec's defaults: 100 tokens, temperature 1, 10 messages, voice 'texto'", () => {
    const form = promptFormFrom(null);
    expect([form.maxTokens, form.temperature, form.maxMessages, form.voice]).toEqual(["100", 1, "10", "texto"]);
  });

  it("asks for name 5 to 100, prompt of 50, a key, and the queue ('Informe o setor')", () => {
    const errors = validatePromptForm({ ...promptFormFrom(null), name: "Abc", prompt: "curto" }, false);
    expect(errors).toEqual({
      name: i18n.t("validation.tooShort"),
      prompt: i18n.t("validation.tooShort"),
      apiKey: i18n.t("validation.required"),
      queueId: i18n.t("promptsPage.validation.queueRequired"),
    });
    expect(i18n.t("promptsPage.validation.queueRequired", { lng: "pt-BR" })).toBe("Informe o setor");
    expect(validatePromptForm(good, false)).toEqual({});
  });

  it("lets an edit keep the stored key by leaving the field empty", async () => {
    const stored = { id: 9, apiKey: "****1234" } as PromptDTO;
    const form = { ...promptFormFrom({ ...stored, ...promptRequest(good) } as unknown as PromptDTO) };
    expect(form.apiKey).toBe("");
    expect(validatePromptForm(form, true)).toEqual({});
    const api = { put: vi.fn(async () => stored) } as unknown as ApiClient;
    await savePrompt(api, form, stored);
    expect(api.put).toHaveBeenCalledWith("/prompt/9", expect.objectContaining({ apiKey: "", queueId: 3 }));
  });
});
