// The campaign and contact-list forms (spec 3 §4, §5): the §4 defaults, the edit rule, the rules of the contract
// with their messages, and the request the campaign form makes.
import { isCampaignEditable } from "@chatflow/core/contract/campaigns.ts";
import { describe, expect, it } from "vitest";
import { validateItemForm, validateListForm } from "../contact-lists/contact-list-forms.ts";
import { campaignFormFrom, campaignRequest, validateCampaignForm } from "./campaign-form.ts";

describe("#campaign form", () => {
  it("starts a new campaign with the §4 defaults", () => {
    expect(campaignFormFrom(null)).toMatchObject({
      openTicket: "disabled",
      statusTicket: "closed",
      confirmation: false,
      scheduledAt: "",
      message1: "",
      confirmationMessage5: "",
    });
  });

  it("names the fields §5 refuses", () => {
    const form = { ...campaignFormFrom(null), name: "x" };
    expect(validateCampaignForm(form)).toMatchObject({ name: expect.any(String), whatsappId: expect.any(String) });
    const ok = { ...campaignFormFrom(null), name: "Natal", whatsappId: 1, contactListId: 2, message1: "Oi {nome}" };
    expect(validateCampaignForm(ok)).toEqual({});
    expect(validateCampaignForm({ ...ok, openTicket: "enabled", userId: 3 })).toHaveProperty("queueId");
  });

  it("sends the schedule as an instant, and none as null", () => {
    const form = { ...campaignFormFrom(null), scheduledAt: "2030-06-09T08:05" };
    expect(campaignRequest(form).scheduledAt).toBe(new Date("2030-06-09T08:05").toISOString());
    expect(campaignRequest(campaignFormFrom(null)).scheduledAt).toBeNull();
  });

  it("lets INATIVA, CANCELADA and PROGRAMADA more than an hour ahead be saved, nothing else", () => {
    const now = Date.parse("2030-01-01T12:00:00Z");
    const at = (min: number) => new Date(now + min * 60_000).toISOString();
    expect(isCampaignEditable({ status: "INATIVA", scheduledAt: null }, now)).toBe(true);
    expect(isCampaignEditable({ status: "CANCELADA", scheduledAt: at(-10) }, now)).toBe(true);
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(61) }, now)).toBe(true);
    expect(isCampaignEditable({ status: "PROGRAMADA", scheduledAt: at(59) }, now)).toBe(false);
    expect(isCampaignEditable({ status: "EM_ANDAMENTO", scheduledAt: at(-1) }, now)).toBe(false);
    expect(isCampaignEditable({ status: "FINALIZADA", scheduledAt: at(-100) }, now)).toBe(false);
  });
});

describe("#contact list forms", () => {
  it("checks names 2 to 50, numbers 8 to 50 digits and e-mails", () => {
    expect(validateListForm({ name: "a" })).toHaveProperty("name");
    expect(validateListForm({ name: "Clientes" })).toEqual({});
    expect(validateItemForm({ name: "Ana", number: "123", email: "x" })).toEqual({
      number: expect.any(String),
      email: "E-mail inválido",
    });
    expect(validateItemForm({ name: "Ana", number: "+55 11 99999-0001", email: "" })).toEqual({});
  });
});
