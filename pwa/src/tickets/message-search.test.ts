import { describe, expect, it } from "vitest";
import { matchHref, searchWords, snippet } from "./message-search.ts";

describe("snippet", () => {
  it("marks each word that starts like a searched one, case aside", () => {
    expect(snippet("Quero pagar com PIX amanhã", "pix paga")).toEqual([
      { text: "Quero ", match: false },
      { text: "pagar", match: true },
      { text: " com ", match: false },
      { text: "PIX", match: true },
      { text: " amanhã", match: false },
    ]);
  });

  it("does not mark a word's middle, and cuts a long text around the first match", () => {
    expect(snippet("capix", "pix")).toEqual([{ text: "capix", match: false }]);
    const long = `${"a ".repeat(40)}pedido 12345 ${"b ".repeat(60)}`;
    const parts = snippet(long, "pedido", 60);
    expect(parts[0]).toEqual({ text: "…", match: false });
    expect(parts.find((p) => p.match)?.text).toBe("pedido");
    expect(parts.at(-1)).toEqual({ text: "…", match: false });
  });
});

describe("searchWords and matchHref", () => {
  it("keeps letters and digits, and addresses the message in the conversation", () => {
    expect(searchWords("Pix: amanhã!")).toEqual(["pix", "amanhã"]);
    expect(matchHref("u-1", "m 1")).toBe("/tickets/u-1?message=m%201");
  });
});
