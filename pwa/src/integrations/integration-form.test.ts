import type { QueueIntegrationDTO } from "@chatflow/core/contract/integrations.ts";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { i18n } from "../i18n/i18n.ts";
import {
  FIELDS_OF_TYPE,
  integrationFormFrom,
  integrationRequest,
  saveIntegration,
  validateIntegrationForm,
} from "./integration-form.ts";

describe("#integration form (spec 2 §3, §5)", () => {
  it("starts as a typebot with the spec's defaults (delay 1000 ms, expiry 1)", () => {
    const form = integrationFormFrom(null);
    expect([form.type, form.typebotDelayMessage, form.typebotExpires]).toEqual(["typebot", "1000", "1"]);
    expect(FIELDS_OF_TYPE.dialogflow).toEqual(["projectName", "language", "jsonContent"]);
  });

  it("asks for a name of 2 to 50 characters, and a typebot's URL and slug", () => {
    const empty = integrationFormFrom(null);
    expect(validateIntegrationForm({ ...empty, name: "a" })).toEqual({
      name: i18n.t("validation.tooShort"),
      urlN8N: i18n.t("validation.required"),
      typebotSlug: i18n.t("validation.required"),
    });
    expect(validateIntegrationForm({ ...empty, type: "webhook", name: "CRM", urlN8N: "ftp://x" })).toEqual({
      urlN8N: i18n.t("integrationsPage.validation.invalidUrl"),
    });
    expect(
      validateIntegrationForm({ ...empty, type: "webhook", name: "CRM", urlN8N: "https://crm.example.com" }),
    ).toEqual({});
  });

  it("sends only the chosen type's fields, and shows the server's field errors", async () => {
    const form = {
      ...integrationFormFrom(null),
      type: "n8n" as const,
      name: "Fluxo",
      urlN8N: "https://n8n.example.com/webhook/1",
      typebotSlug: "left-over",
    };
    expect(integrationRequest(form)).toMatchObject({ type: "n8n", urlN8N: form.urlN8N, typebotSlug: null });
    // A flowbuilder integration carries the flow it starts (decision 0061); other types none.
    expect(integrationRequest({ ...form, flowId: 7 })).toMatchObject({ flowId: null });
    expect(integrationRequest({ ...form, type: "flowbuilder", flowId: 7 })).toMatchObject({
      type: "flowbuilder",
      flowId: 7,
      urlN8N: null,
    });
    expect(validateIntegrationForm({ ...form, type: "flowbuilder", flowId: 7 })).toEqual({});
    const stored = { id: 4, ...integrationRequest(form) } as unknown as QueueIntegrationDTO;
    const api = {
      put: vi.fn(async () => stored),
      post: vi.fn(async () => {
        throw new ApiError(400, { error: "ERR_VALIDATION", message: "", fields: { name: "Too Long!" } });
      }),
    } as unknown as ApiClient;
    expect(await saveIntegration(api, form, stored)).toEqual({ ok: true, integration: stored });
    expect(api.put).toHaveBeenCalledWith("/queueIntegration/4", integrationRequest(form));
    const refused = await saveIntegration(api, form, null);
    expect(refused).toMatchObject({ ok: false, errors: { name: i18n.t("validation.tooLong") } });
    // A private address is refused by core when saved (decision 0118): its text, translated, under the URL.
    const privateUrl = {
      post: vi.fn(async () => {
        throw new ApiError(400, {
          error: "ERR_VALIDATION",
          message: "Private addresses are not allowed",
          fields: { urlN8N: "Private addresses are not allowed" },
        });
      }),
    } as unknown as ApiClient;
    expect(await saveIntegration(privateUrl, { ...form, urlN8N: "http://10.0.0.2/hook" }, null)).toMatchObject({
      ok: false,
      errors: { urlN8N: i18n.t("integrationsPage.validation.privateUrl") },
    });
    expect(i18n.t("integrationsPage.validation.privateUrl")).toBe("Endereços privados ou locais não são permitidos");
  });
});
