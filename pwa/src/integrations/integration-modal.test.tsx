// @vitest-environment jsdom
// The integration modal as an admin uses it: the fields follow the chosen type (spec 2 §3), and the §5 rules show
// under their fields before anything is sent.
import "fake-indexeddb/auto";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { IntegrationModal } from "./integration-modal.tsx";

afterEach(() => cleanup());

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest(".field")?.querySelector(".field-error")?.textContent ?? "";

describe("#integration modal", () => {
  it("shows a typebot's fields, a webhook's URL only, and the rules before sending", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const user = userEvent.setup();
    render(<IntegrationModal integration={null} online onClose={() => {}} onSaved={() => {}} />);
    expect(screen.getByTestId("integration-typebotSlug")).toBeTruthy();
    await user.type(screen.getByTestId("integration-name"), "A");
    await user.click(screen.getByTestId("integration-save"));
    expect(fieldError("integration-name")).toBe(i18n.t("validation.tooShort"));
    expect(fieldError("integration-urlN8N")).toBe(i18n.t("validation.required"));
    expect(fieldError("integration-typebotSlug")).toBe(i18n.t("validation.required"));

    await user.click(screen.getByTestId("integration-type"));
    await user.click(await screen.findByRole("option", { name: i18n.t("integrationsPage.types.webhook") }));
    expect(screen.queryByTestId("integration-typebotSlug")).toBeNull();
    expect(screen.getByTestId("integration-urlN8N")).toBeTruthy();
    expect(fetchSpy.mock.calls).toEqual([]);
    fetchSpy.mockRestore();
  });

  it("offers the company's flows for a flowbuilder integration", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(
      async () =>
        new Response(JSON.stringify({ flows: [{ id: 9, name: "Boas-vindas" }], hasMore: false }), {
          headers: { "content-type": "application/json" },
        }),
    );
    const user = userEvent.setup();
    render(<IntegrationModal integration={null} online onClose={() => {}} onSaved={() => {}} />);
    expect(screen.queryByTestId("integration-flowId")).toBeNull();
    await user.click(screen.getByTestId("integration-type"));
    await user.click(await screen.findByRole("option", { name: i18n.t("integrationsPage.types.flowbuilder") }));
    expect(screen.queryByTestId("integration-urlN8N")).toBeNull();
    await user.click(await screen.findByTestId("integration-flowId"));
    expect(await screen.findByRole("option", { name: "Boas-vindas" })).toBeTruthy();
    expect(String(fetchSpy.mock.calls[0]![0])).toContain("/flowbuilder?pageNumber=1");
    fetchSpy.mockRestore();
  });
});
