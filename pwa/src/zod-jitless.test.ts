// The entry sets zod's jitless mode without importing zod (zod-jitless.ts): zod must read it.
import "./zod-jitless.ts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { config } from "zod/v4/core";

describe("#zod-jitless", () => {
  it("puts zod in jitless mode, so no schema probes `new Function` under the CSP", () => {
    expect(config().jitless).toBe(true);
    // An object schema parses as before.
    expect(z.object({ name: z.string() }).parse({ name: "Ana" })).toEqual({ name: "Ana" });
  });
});
