// Meta's Graph errors judged once for every Meta channel (decision 0092): the error objects as Meta documents them on
// a refused call ({error: {code, error_subcode, message, error_data}}) and in a failed status's errors[].
import { describe, expect, it } from "vitest";
import { classifyGraphError } from "./graph-errors.ts";

describe("#classifyGraphError", () => {
  it("tells the 24-hour window on the Cloud API (131047) and on Messenger and Instagram (10 with their subcodes)", () => {
    expect(classifyGraphError({ code: 131047, title: "Re-engagement message" })).toMatchObject({
      kind: "window",
      retry: false,
      title: "Re-engagement message",
    });
    expect(
      classifyGraphError({ code: 10, error_subcode: 2018278, message: "(#10) outside the window" }, 400).kind,
    ).toBe("window");
    expect(classifyGraphError({ code: 10, error_subcode: 2534022 }, 400).kind).toBe("window");
    // Code 10 alone is a permission the app lacks.
    expect(classifyGraphError({ code: 10 }, 403).kind).toBe("permission");
  });

  it("tells rate limits (retry later), dead tokens, undeliverable numbers and Meta's passing trouble", () => {
    for (const code of [4, 80007, 130429, 131056, 613]) {
      expect(classifyGraphError({ code }, 400), String(code)).toMatchObject({ kind: "rate-limit", retry: true });
    }
    expect(classifyGraphError({}, 429).kind).toBe("rate-limit");
    expect(classifyGraphError({ code: 190, error_subcode: 463, type: "OAuthException" }, 400)).toMatchObject({
      kind: "token",
      subcode: 463,
      title: "OAuthException",
    });
    expect(classifyGraphError({ code: 131026 })).toMatchObject({ kind: "undeliverable", retry: false });
    expect(classifyGraphError({ code: 551, error_subcode: 1545041 }, 400).kind).toBe("undeliverable");
    expect(classifyGraphError({ code: 131000 })).toMatchObject({ kind: "temporary", retry: true });
    expect(classifyGraphError({ code: 132001 }).kind).toBe("template");
    expect(classifyGraphError({ code: 131049 }).kind).toBe("marketing");
    expect(classifyGraphError(null, 502)).toMatchObject({ kind: "temporary", code: null });
  });

  it("keeps Meta's own words: the status's title and details, a call's message and error_data", () => {
    expect(
      classifyGraphError({
        code: 131026,
        title: "Message undeliverable",
        message: "Message undeliverable",
        error_data: { details: "Unable to deliver message." },
      }),
    ).toEqual({
      kind: "undeliverable",
      retry: false,
      code: 131026,
      subcode: null,
      title: "Message undeliverable",
      message: "Message undeliverable",
      details: "Unable to deliver message.",
    });
    expect(classifyGraphError({ code: 131051, details: "x".repeat(5000) }).details).toHaveLength(1000);
  });
});
