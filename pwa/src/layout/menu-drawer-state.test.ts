import { describe, expect, it } from "vitest";
import { drawerOpenIn, stateWithDrawer } from "./menu-drawer-state.ts";

describe("the phone's menu drawer as a history entry", () => {
  it("is open only in the entry it marked", () => {
    expect(drawerOpenIn(null)).toBe(false);
    expect(drawerOpenIn(undefined)).toBe(false);
    expect(drawerOpenIn({ pane: "conversation" })).toBe(false);
    expect(drawerOpenIn(stateWithDrawer(null))).toBe(true);
  });

  it("keeps the screen's own history state beside the mark", () => {
    const state = stateWithDrawer({ pane: "conversation", usr: 1 });
    expect(state).toEqual({ pane: "conversation", usr: 1, menuDrawer: true });
  });

  it("treats anything but the mark set to true as closed", () => {
    expect(drawerOpenIn({ menuDrawer: "true" })).toBe(false);
    expect(drawerOpenIn("menuDrawer")).toBe(false);
  });
});
