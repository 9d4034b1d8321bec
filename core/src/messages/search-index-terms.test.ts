// Which words of a search the full-text index is asked for (decision 0124): the rarer ones, as few as cost least.
import { describe, expect, it } from "vitest";
import { cheapestTerms } from "./search-index-terms.ts";

describe("cheapestTerms", () => {
  it("asks for a rare word alone, leaving common words to the test of each message found", () => {
    expect(
      cheapestTerms([
        { word: "bom:*", frequency: 0.6 },
        { word: "xilofon:*", frequency: 0.0003 },
      ]),
    ).toEqual(["xilofon:*"]);
  });

  it("adds the next rarest word while it saves more rows to test than the postings it costs", () => {
    // The search bench's three words: boleto in 1 message of 5, vencimento in 1 of 16, atrasado in 1 of 55.
    expect(
      cheapestTerms([
        { word: "bolet:*", frequency: 0.2 },
        { word: "venc:*", frequency: 0.06 },
        { word: "atras:*", frequency: 0.018 },
      ]),
    ).toEqual(["atras:*", "venc:*"]);
    // Three common words: all of them, since each halves what is left to test.
    expect(
      cheapestTerms([
        { word: "a:*", frequency: 0.5 },
        { word: "b:*", frequency: 0.5 },
        { word: "c:*", frequency: 0.5 },
      ]),
    ).toEqual(["a:*", "b:*", "c:*"]);
  });

  it("keeps one word when there is one", () => {
    expect(cheapestTerms([{ word: "pix:*", frequency: 0.9 }])).toEqual(["pix:*"]);
  });
});
