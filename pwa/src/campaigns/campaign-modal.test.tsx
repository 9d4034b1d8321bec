// @vitest-environment jsdom
// The campaign modal as an admin meets it (spec 3 §4): user, queue and ticket status are off while openTicket is,
// the §5 rules show on their fields before anything is sent, and a running campaign opens read-only.
import "fake-indexeddb/auto";
import type { CampaignDTO } from "@chatflow/core/contract/campaigns.ts";
import { forFile } from "@chatflow/core/testing/test-world.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n, loadFeatureTexts } from "../i18n/i18n.ts";
import { campaignFormFrom } from "./campaign-form.ts";
import { CampaignModal } from "./campaign-modal.tsx";

forFile(async () => {
  await i18n.changeLanguage("pt-BR");
  await loadFeatureTexts();
});
afterEach(() => cleanup());

const disabled = (testId: string) => screen.getByTestId(testId).closest(".field")?.hasAttribute("data-disabled");

function open(campaign: CampaignDTO | null = null) {
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("[]", { status: 200 }));
  render(<CampaignModal campaign={campaign} online onClose={() => {}} onSaved={() => {}} />);
  return fetchSpy;
}

describe("#campaign modal", () => {
  it("turns user, queue and ticket status on only with openTicket", async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    expect(disabled("campaign-user")).toBe(true);
    expect(disabled("campaign-queue")).toBe(true);
    expect(disabled("campaign-status-ticket")).toBe(true);
    await user.click(screen.getByTestId("campaign-open-ticket"));
    expect(disabled("campaign-user")).toBe(false);
    expect(disabled("campaign-status-ticket")).toBe(false);
    fetchSpy.mockRestore();
  });

  it("shows the §5 rules on their fields and sends no campaign", async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    await user.click(screen.getByTestId("campaign-save"));
    const error = (id: string) =>
      screen.getByTestId(id).closest(".field")?.querySelector(".field-error")?.textContent ?? "";
    expect(error("campaign-name")).not.toBe("");
    expect(error("campaign-whatsapp")).not.toBe("");
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes("/campaigns"))).toEqual([]);
    fetchSpy.mockRestore();
  });

  it("opens a running campaign read-only", () => {
    const running = {
      ...campaignFormFrom(null),
      id: 1,
      name: "Natal",
      whatsappId: 1,
      contactListId: 1,
      status: "EM_ANDAMENTO",
      scheduledAt: new Date().toISOString(),
      completedAt: null,
      mediaPath: null,
      mediaName: null,
      createdAt: "",
      updatedAt: "",
      whatsapp: null,
      contactList: null,
    } as unknown as CampaignDTO;
    const fetchSpy = open(running);
    expect(screen.getByText("Esta campanha não pode mais ser editada.")).toBeTruthy();
    expect(disabled("campaign-name")).toBe(true);
    expect(
      screen.getByTestId("campaign-save").hasAttribute("disabled") ||
        screen.getByTestId("campaign-save").getAttribute("data-disabled") === "true",
    ).toBe(true);
    fetchSpy.mockRestore();
  });
});
