import { describe, expect, it } from "vitest";
import { tabCountsDecide, tabOfStatus, tabThatNeedsMe } from "./ticket-list-tab.ts";

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

describe("tabCountsDecide", () => {
  it("decides on exact counts, and on a lower bound only where it is above zero", () => {
    expect(tabCountsDecide({ open: { value: 0, atLeast: false }, pending: { value: 2, atLeast: false } })).toBe(true);
    expect(tabCountsDecide({ open: { value: 0, atLeast: false }, pending: { value: 2, atLeast: true } })).toBe(true);
    expect(tabCountsDecide({ open: { value: 3, atLeast: true }, pending: { value: 0, atLeast: true } })).toBe(true);
  });
  it("waits while a count of zero is only a lower bound (a replica still pulling), or a count is missing", () => {
    expect(tabCountsDecide({ open: { value: 0, atLeast: true }, pending: { value: 2, atLeast: false } })).toBe(false);
    expect(tabCountsDecide({ open: { value: 0, atLeast: false }, pending: { value: 0, atLeast: true } })).toBe(false);
    expect(tabCountsDecide({ open: { value: 0, atLeast: false } })).toBe(false);
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
