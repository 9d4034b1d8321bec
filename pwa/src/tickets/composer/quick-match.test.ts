import { describe, expect, it } from "vitest";
import { matchQuickMessages, QUICK_MATCH_LIMIT, quickQuery } from "./quick-match.ts";

const general = [
  { id: "g1", shortcode: "ola", message: "Olá, {{firstName}}!" },
  { id: "g2", shortcode: "pix", message: "Nossa chave pix" },
  { id: "g3", shortcode: "Obrigado", message: "Obrigado pelo contato" },
];
const personal = [{ id: "p1", shortcode: "ok", message: "Combinado" }];

describe("quick-message matching", () => {
  it("wants the picker only while the text is '/' and a shortcode without spaces", () => {
    expect(quickQuery("/")).toBe("");
    expect(quickQuery("/Ob")).toBe("ob");
    expect(quickQuery("ola")).toBeNull();
    expect(quickQuery("/ola mundo")).toBeNull();
    expect(quickQuery(" /ola")).toBeNull();
  });

  it("matches the start of the shortcode, case-insensitively, personal list first", () => {
    expect(matchQuickMessages("/o", general, personal).map((q) => [q.shortcode, q.personal])).toEqual([
      ["ok", true],
      ["Obrigado", false],
      ["ola", false],
    ]);
    expect(matchQuickMessages("/OBR", general, personal).map((q) => q.id)).toEqual(["g3"]);
    expect(matchQuickMessages("/x", general, personal)).toEqual([]);
    expect(matchQuickMessages("o", general, personal)).toEqual([]);
  });

  it("offers everything right after '/', at most the limit", () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `m${i}`, shortcode: `a${i}`, message: "x" }));
    expect(matchQuickMessages("/", general, personal)).toHaveLength(4);
    expect(matchQuickMessages("/", many, [])).toHaveLength(QUICK_MATCH_LIMIT);
  });
});
