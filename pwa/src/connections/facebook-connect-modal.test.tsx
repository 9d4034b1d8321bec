// @vitest-environment jsdom
// The Facebook/Instagram connect dialog (decision 0052) as an admin uses it: the contract's rules on their
// fields before anything is sent, POST /facebook with what was typed, and core's refusal of the token shown
// on the token field in the interface language.
import "fake-indexeddb/auto";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { FacebookConnectModal } from "./facebook-connect-modal.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(instagram = false) {
  const connected = vi.fn();
  render(<FacebookConnectModal instagram={instagram} online onClose={() => {}} onConnected={connected} />);
  return connected;
}

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest(".field")?.querySelector(".field-error")?.textContent ?? "";

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("#facebook connect dialog", () => {
  it("refuses a user id that is not Facebook's digits and sends nothing", async () => {
    await i18n.changeLanguage("pt-BR");
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    open();
    await user.type(screen.getByTestId("facebook-user-id"), "ana.souza");
    await user.type(screen.getByTestId("facebook-user-token"), "EAAtoken");
    await user.click(screen.getByTestId("facebook-connect-save"));
    expect(fieldError("facebook-user-id")).toBe("ID inválido: use apenas números.");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("posts the user id, token and the Instagram choice, and reports the connections made", async () => {
    await i18n.changeLanguage("en");
    const user = userEvent.setup();
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(answer(201, { whatsapps: [{ id: 1 }, { id: 2 }] }));
    const connected = open(true);
    expect(screen.getByTestId("facebook-add-instagram").closest("label")?.hasAttribute("data-selected")).toBe(true);
    await user.type(screen.getByTestId("facebook-user-id"), "1234567890");
    await user.type(screen.getByTestId("facebook-user-token"), "EAAtoken");
    await user.click(screen.getByTestId("facebook-connect-save"));
    await vi.waitFor(() => expect(connected).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toMatch(/\/facebook$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      facebookUserId: "1234567890",
      facebookUserToken: "EAAtoken",
      addInstagram: true,
    });
  });

  it("shows core's refusal of the token on the token field", async () => {
    await i18n.changeLanguage("es");
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      answer(400, {
        error: "ERR_VALIDATION",
        message: "Facebook did not accept this user token",
        fields: { facebookUserToken: "Facebook did not accept this user token" },
      }),
    );
    const connected = open();
    await user.type(screen.getByTestId("facebook-user-id"), "1234567890");
    await user.type(screen.getByTestId("facebook-user-token"), "expired");
    await user.click(screen.getByTestId("facebook-connect-save"));
    await vi.waitFor(() => expect(fieldError("facebook-user-token")).toBe("Facebook no aceptó este token."));
    expect(connected).not.toHaveBeenCalled();
  });
});
