// Which Graph API refusals take a connection down (decision 0093), read through the Meta module's classification, on
// error bodies shaped as Meta's "Handling Errors" guide shows them.
import { describe, expect, it } from "vitest";
import { classifyGraphError } from "../meta/graph-errors.ts";
import { graphProblemOf } from "./connection-state.ts";

const refusal = (code: number, subcode?: number, status = 400) =>
  classifyGraphError(
    { message: "m", type: "OAuthException", code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: "f" },
    status,
  );

describe("#graphProblemOf", () => {
  it("reads 190 with subcode 463 as expired and any other 190 (or 102) as revoked", () => {
    expect(graphProblemOf(refusal(190, 463))).toBe("token-expired");
    expect(graphProblemOf(refusal(190, 460))).toBe("token-revoked");
    expect(graphProblemOf(refusal(190, 458))).toBe("token-revoked");
    expect(graphProblemOf(refusal(190))).toBe("token-revoked");
    expect(graphProblemOf(refusal(102))).toBe("token-revoked");
  });

  it("reads a removed permission (10, 200-299) as down, but Messenger's 10/2018278 on a send refuses one message", () => {
    expect(graphProblemOf(refusal(200))).toBe("permission-removed");
    expect(graphProblemOf(refusal(10))).toBe("permission-removed");
    expect(graphProblemOf(refusal(10, 2018278))).toBeNull();
    expect(graphProblemOf(refusal(10, 2018065))).toBeNull();
    expect(graphProblemOf(refusal(10, 2018065), true)).toBe("permission-removed");
  });

  it("leaves a refusal of one message alone: window, undeliverable, throttled, restricted for now, unknown", () => {
    for (const code of [131047, 131026, 130429, 4, 368, 131031, 100, 1]) {
      expect(graphProblemOf(refusal(code)), String(code)).toBeNull();
    }
  });
});
