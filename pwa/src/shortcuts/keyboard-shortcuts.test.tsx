// @vitest-environment jsdom
// The shortcuts' listener as the layout mounts it (keyboard-shortcuts.tsx), with the keyboard of Testing Library:
// Alt shortcuts go to the screens the person may open and say so when they may not, nothing fires from inside a
// field, Ctrl+K opens and closes the palette (from a field too), '?' opens the cheat sheet, and a Mac gets ⌘ and ⌥.
import "fake-indexeddb/auto";
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { sessionAtom } from "../auth/session-state.ts";
import { i18n } from "../i18n/i18n.ts";
import { buildSessionUser } from "../test-support/users.ts";
import { toastsAtom } from "../ui/toasts.ts";
import { CheatSheet } from "./cheat-sheet.tsx";
import { KeyboardShortcuts } from "./keyboard-shortcuts.tsx";
import { cheatSheetAtom, paletteAtom } from "./shortcuts-state.ts";

const store = getDefaultStore();

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function mount(user: UserDTO, at = "/contacts") {
  store.set(sessionAtom, { status: "authenticated", user });
  render(
    <MemoryRouter initialEntries={[at]}>
      <input data-testid="field" aria-label="campo" />
      <button type="button">botão</button>
      <KeyboardShortcuts />
      <Where />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const where = () => screen.getByTestId("where").textContent;
// The palette and the sheet are chunks loaded on first use: on a loaded machine that takes more than a second.

afterEach(() => {
  cleanup();
  store.set(sessionAtom, { status: "checking" });
  store.set(paletteAtom, null);
  store.set(cheatSheetAtom, false);
  store.set(toastsAtom, []);
});

describe("KeyboardShortcuts", () => {
  it("goes to a screen with Alt and its letter, but not while typing in a field", async () => {
    const keys = mount(buildSessionUser({ profile: "admin" }));
    await keys.click(screen.getByTestId("field"));
    await keys.keyboard("{Alt>}c{/Alt}");
    expect(where()).toBe("/contacts");
    await keys.click(screen.getByRole("button", { name: "botão" }));
    await keys.keyboard("{Alt>}c{/Alt}");
    expect(where()).toBe("/tickets");
    await keys.keyboard("{Alt>}r{/Alt}");
    expect(where()).toBe("/reports");
  });

  it("says a screen the person may not open is not available, and stays", async () => {
    const keys = mount(buildSessionUser({ profile: "user", showDashboard: "disabled" }));
    await keys.keyboard("{Alt>}r{/Alt}");
    expect(where()).toBe("/contacts");
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual([
      i18n.t("shortcuts.unavailable", { action: i18n.t("shortcuts.action.goReports") }),
    ]);
  });

  it("opens the palette with Ctrl+K, from a field too, and closes it with the same chord", async () => {
    const keys = mount(buildSessionUser({ profile: "admin" }));
    await keys.click(screen.getByTestId("field"));
    await keys.keyboard("{Control>}k{/Control}");
    const palette = await screen.findByTestId("command-palette", {}, { timeout: 10_000 });
    expect(palette.getAttribute("aria-label")).toBe(i18n.t("shortcuts.palette.title"));
    // The screens this admin may open, by their menu names; the keyboard is in the search box.
    await waitFor(() => expect(document.activeElement?.getAttribute("data-testid")).toBe("palette-input"));
    expect(screen.getByRole("option", { name: i18n.t("menu.users") })).toBeTruthy();
    await keys.keyboard("{Control>}k{/Control}");
    await waitFor(() => expect(screen.queryByTestId("command-palette")).toBeNull());
  });

  it("opens the cheat sheet on '?', and not when '?' is typed in a field", async () => {
    const keys = mount(buildSessionUser({ profile: "user" }));
    await keys.click(screen.getByTestId("field"));
    await keys.keyboard("?");
    expect(store.get(cheatSheetAtom)).toBe(false);
    expect((screen.getByTestId("field") as HTMLInputElement).value).toBe("?");
    await keys.click(screen.getByRole("button", { name: "botão" }));
    await keys.keyboard("?");
    expect(await screen.findByTestId("cheat-sheet", {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe("CheatSheet", () => {
  it("writes a Mac's keys with ⌥ and ⌘, and the others' with Alt and Ctrl", () => {
    const { unmount } = render(<CheatSheet mac onClose={() => undefined} />);
    expect(screen.getByTestId("cheat-sheet-resolve").textContent).toContain("⌥E");
    expect(screen.getByTestId("cheat-sheet-palette").textContent).toContain("⌘K");
    unmount();
    render(<CheatSheet mac={false} onClose={() => undefined} />);
    expect(screen.getByTestId("cheat-sheet-resolve").textContent).toContain("Alt+E");
    expect(screen.getByTestId("cheat-sheet-palette").textContent).toContain("Ctrl+K");
  });
});
