import { describe, expect, it } from "vitest";
import { syncPort } from "./config.ts";

describe("#sync.config", () => {
  it("listens on SYNC_PORT, else beside core on PORT+1, else 8081", () => {
    expect(syncPort({ SYNC_PORT: "9001", PORT: "3000" })).toBe(9001);
    expect(syncPort({ PORT: "3000" })).toBe(3001);
    expect(syncPort({})).toBe(8081);
  });
});
