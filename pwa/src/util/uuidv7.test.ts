import { describe, expect, it } from "vitest";
import { uuidv7 } from "./uuidv7.ts";

describe("uuidv7", () => {
  it("is a version 7, RFC-variant UUID", () => {
    expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("carries the millisecond timestamp in its first 48 bits", () => {
    const at = Date.UTC(2025, 0, 2, 3, 4, 5, 678);
    const hex = uuidv7(at).replace(/-/g, "").slice(0, 12);
    expect(Number.parseInt(hex, 16)).toBe(at);
  });

  it("sorts by creation time", () => {
    const ids = [uuidv7(3_000), uuidv7(1_000), uuidv7(2_000)];
    expect([...ids].sort()).toEqual([ids[1], ids[2], ids[0]]);
  });
});
