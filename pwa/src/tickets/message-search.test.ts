import { describe, expect, it } from "vitest";
import { matchHref } from "./message-search.ts";

describe("matchHref", () => {
  it("addresses the message in the conversation", () => {
    expect(matchHref("u-1", "m 1")).toBe("/tickets/u-1?message=m%201");
  });
});
