import { describe, expect, it } from "vitest";
import { tabOfStatus, tabThatNeedsMe } from "./ticket-list-tab.ts";

describe("tabThatNeedsMe", () => {
  it("opens on Aguardando when conversations wait and none is attended", () => {
    expect(tabThatNeedsMe({ open: { value: 0 }, pending: { value: 2 } })).toBe("pending");
  });
  it("keeps the remembered tab otherwise, and waits for both counts", () => {
    expect(tabThatNeedsMe({ open: { value: 1 }, pending: { value: 2 } })).toBeNull();
    expect(tabThatNeedsMe({ open: { value: 0 }, pending: { value: 0 } })).toBeNull();
    expect(tabThatNeedsMe({ pending: { value: 2 } })).toBeNull();
  });
});

describe("tabOfStatus", () => {
  it("answers the tab listing a status, among the person's tabs", () => {
    const tabs = ["open", "pending", "closed", "search"] as const;
    expect(tabOfStatus("open", tabs)).toBe("open");
    expect(tabOfStatus("pending", tabs)).toBe("pending");
    expect(tabOfStatus("group", tabs)).toBeNull();
    expect(tabOfStatus("group", [...tabs, "group"])).toBe("group");
    expect(tabOfStatus("nps", tabs)).toBeNull();
  });
});
