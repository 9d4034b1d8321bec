import { describe, expect, it } from "vitest";
import { DRAWER_WIDTH, drawerPlacement } from "./conversation-layout.ts";
import { keyboardInset } from "./keyboard-inset.ts";
import { backStep, drawerEntryOpen } from "./pane-history.ts";

describe("#back to the list", () => {
  it("pops the conversation's entry when the list's entry is right before it", () => {
    expect(backStep(4, 3)).toBe("pop");
  });

  it("replaces the entry when the list did not open it (a link from elsewhere, a conversation after another)", () => {
    expect(backStep(5, 3)).toBe("replace");
    expect(backStep(2, 3)).toBe("replace");
    expect(backStep(0, null)).toBe("replace");
    expect(backStep(undefined, 3)).toBe("replace");
  });

  it("knows the drawer's entry by its state only", () => {
    expect(drawerEntryOpen({ contactDrawer: true })).toBe(true);
    expect(drawerEntryOpen({ contactDrawer: "yes" })).toBe(false);
    expect(drawerEntryOpen(null)).toBe(false);
    expect(drawerEntryOpen(undefined)).toBe(false);
  });
});

describe("#contact drawer placement", () => {
  it("is a sheet on a phone, whatever the width", () => {
    expect(drawerPlacement(true, 390)).toBe("sheet");
    expect(drawerPlacement(true, 0)).toBe("sheet");
  });

  it("sits beside a desk's conversation only when the conversation keeps 560 px beside it", () => {
    expect(drawerPlacement(false, DRAWER_WIDTH + 560)).toBe("beside");
    expect(drawerPlacement(false, 1100)).toBe("beside");
    // 1440 px with the menu open and the list at its stored 550 px: about 670 px of conversation.
    expect(drawerPlacement(false, 670)).toBe("over");
    expect(drawerPlacement(false, DRAWER_WIDTH + 559)).toBe("over");
    expect(drawerPlacement(false, 0)).toBe("over");
  });
});

describe("#on-screen keyboard inset", () => {
  it("is 0 where the page itself is resized for the keyboard (resizes-content)", () => {
    expect(keyboardInset(460, { height: 460, offsetTop: 0, scale: 1 })).toBe(0);
  });

  it("is what the visual viewport leaves out at the bottom where only it shrinks (iOS)", () => {
    expect(keyboardInset(844, { height: 508, offsetTop: 0, scale: 1 })).toBe(336);
    // Safari scrolls the layout viewport up a little as the keyboard opens.
    expect(keyboardInset(844, { height: 508, offsetTop: 40, scale: 1 })).toBe(296);
  });

  it("is 0 while pinch-zoomed, which shrinks the visual viewport without a keyboard", () => {
    expect(keyboardInset(844, { height: 400, offsetTop: 100, scale: 2 })).toBe(0);
  });
});
