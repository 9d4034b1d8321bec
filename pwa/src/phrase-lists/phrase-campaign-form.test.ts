import type { FlowCampaignDTO } from "@chatflow/core/contract/flow-campaigns.ts";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../api/http.ts";
import { i18n } from "../i18n/i18n.ts";
import {
  connectionMissing,
  phraseCampaignFormFrom,
  savePhraseCampaign,
  validatePhraseCampaignForm,
} from "./phrase-campaign-form.ts";

const stored: FlowCampaignDTO = {
  id: 4,
  name: "Natal",
  flowId: 9,
  whatsappId: null,
  phrase: "natal",
  status: true,
  createdAt: "",
  updatedAt: "",
};

function fakeApi() {
  const api = {
    get: vi.fn(),
    post: vi.fn(async (_path: string, body: object) => ({ ...stored, ...body, id: 5 })),
    put: vi.fn(async (_path: string, body: object) => ({ ...stored, ...body })),
    delete: vi.fn(),
    postForm: vi.fn(),
  };
  return api as typeof api & ApiClient;
}

describe("#phrase campaign form (spec 2 §5)", () => {
  it("requires name, flow and phrase; the connection is only flagged", () => {
    const empty = phraseCampaignFormFrom(null);
    const required = i18n.t("phraseListsPage.validation.required");
    expect(validatePhraseCampaignForm(empty)).toEqual({ name: required, flowId: required, phrase: required });
    const filled = { ...empty, name: "Promo", flowId: 9, phrase: "quero promoção" };
    expect(validatePhraseCampaignForm(filled)).toEqual({});
    expect(connectionMissing(filled)).toBe(true);
    expect(connectionMissing({ ...filled, whatsappId: 2 })).toBe(false);
  });

  it("creates with POST /flowcampaign and edits with PUT /flowcampaign {id, ..., status}", async () => {
    const api = fakeApi();
    const created = await savePhraseCampaign(
      api,
      { name: "Promo", flowId: 9, whatsappId: 2, phrase: "promo", status: true },
      null,
    );
    expect(created.ok).toBe(true);
    expect(api.post).toHaveBeenCalledWith("/flowcampaign", {
      name: "Promo",
      flowId: 9,
      whatsappId: 2,
      phrase: "promo",
    });
    await savePhraseCampaign(api, { ...phraseCampaignFormFrom(stored), status: false }, stored);
    expect(api.put).toHaveBeenCalledWith("/flowcampaign", {
      id: 4,
      name: "Natal",
      flowId: 9,
      whatsappId: null,
      phrase: "natal",
      status: false,
    });
  });
});
