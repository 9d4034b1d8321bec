import { describe, expect, it } from "vitest";
import { CONVERSATION_MIN, LIST_MIN, listWidth, listWidthBounds, storableWidth } from "./list-width.ts";

describe("#ticket list width", () => {
  it("starts from the stored width, but never beyond 45% of the area (1366 px desk, menu open: 1146 px)", () => {
    expect(listWidth(1146, 550, null)).toBe(516);
    expect(listWidth(1146, 400, null)).toBe(400);
    // The spec's 1100 would leave the conversation 46 px.
    expect(listWidth(1146, 1100, null)).toBe(516);
    expect(listWidth(1800, 550, null)).toBe(550);
  });

  it("follows the person's drag within bounds that keep the conversation usable", () => {
    expect(listWidth(1146, 550, 700)).toBe(700);
    expect(listWidth(1146, 550, 1000)).toBe(1146 - CONVERSATION_MIN);
    expect(listWidth(1146, 550, 100)).toBe(LIST_MIN);
    expect(listWidthBounds(500)).toEqual({ min: LIST_MIN, max: LIST_MIN });
  });

  it("saves within what the server accepts", () => {
    expect(storableWidth(100)).toBe(250);
    expect(storableWidth(516.4)).toBe(516);
    expect(storableWidth(5000)).toBe(2000);
  });
});
