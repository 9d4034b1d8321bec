// WhatsApp formatting and links parsed into a tree (never HTML): what renders, and what an
// attacker's text becomes.
import { describe, expect, it } from "vitest";
import { parseFormatting, safeHref } from "./format-text.ts";

describe("#messages.parseFormatting", () => {
  it("reads *bold*, _italic_, ~strike~ and ```mono```, nested, between plain text", () => {
    expect(parseFormatting("Oi *João*, _tudo_ ~certo~? ```npm i```")).toEqual([
      { kind: "text", text: "Oi " },
      { kind: "bold", children: [{ kind: "text", text: "João" }] },
      { kind: "text", text: ", " },
      { kind: "italic", children: [{ kind: "text", text: "tudo" }] },
      { kind: "text", text: " " },
      { kind: "strike", children: [{ kind: "text", text: "certo" }] },
      { kind: "text", text: "? " },
      { kind: "mono", text: "npm i" },
    ]);
    expect(parseFormatting("*_ambos_*")).toEqual([
      { kind: "bold", children: [{ kind: "italic", children: [{ kind: "text", text: "ambos" }] }] },
    ]);
  });

  it("leaves markers that do not open or close a span as text", () => {
    for (const s of ["2 * 3 * 4", "snake_case_name", "* lista", "preço*", "*sem fim", "a ~ b", "**"]) {
      expect(parseFormatting(s), s).toEqual([{ kind: "text", text: s }]);
    }
    // A span does not cross a line.
    expect(parseFormatting("*um\ndois*")).toEqual([{ kind: "text", text: "*um\ndois*" }]);
  });

  it("turns http(s) URLs into links, without the sentence's punctuation and with underscores kept", () => {
    expect(parseFormatting("Veja https://exemplo.com/a_b_c?x=1. Ok")).toEqual([
      { kind: "text", text: "Veja " },
      { kind: "link", href: "https://exemplo.com/a_b_c?x=1", text: "https://exemplo.com/a_b_c?x=1" },
      { kind: "text", text: ". Ok" },
    ]);
    expect(parseFormatting("*http://a.com*")).toEqual([
      { kind: "bold", children: [{ kind: "link", href: "http://a.com/", text: "http://a.com" }] },
    ]);
  });

  it("never makes a link of javascript:, data: or other schemes, and keeps markup as plain text", () => {
    const attacks = [
      "javascript:alert(1)",
      "<img src=x onerror=alert(1)>",
      "<script>alert(1)</script>",
      "data:text/html,<script>alert(1)</script>",
      'x" onmouseover="alert(1)',
      "JaVaScRiPt:alert(document.cookie)",
    ];
    for (const s of attacks) {
      const nodes = parseFormatting(s);
      expect(
        nodes.some((n) => n.kind === "link"),
        s,
      ).toBe(false);
      expect(nodes.map((n) => (n.kind === "text" ? n.text : "")).join(""), s).toBe(s);
    }
    // A URL-looking text whose quote would break out of an attribute stops before the quote.
    expect(parseFormatting('https://a.com/"onclick=alert(1)')[0]).toEqual({
      kind: "link",
      href: "https://a.com/",
      text: "https://a.com/",
    });
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("https://ok.com/x")).toBe("https://ok.com/x");
  });

  it("stays linear on long runs of unmatched markers", () => {
    const text = "*a ".repeat(20_000);
    const started = performance.now();
    const nodes = parseFormatting(text);
    // A correctness check (one text node), with the size large enough that a quadratic parser would not finish.
    expect(nodes).toEqual([{ kind: "text", text }]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
