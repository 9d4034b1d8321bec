// The TypeScript normaliser of message search (decision 0115) against PostgreSQL's `portuguese_unaccent`: the same
// lexemes for every example text and the same match for every example search, read from the live database.
import { describe, expect, it } from "vitest";
import { searchQuery } from "../messages/search-messages.ts";
import { SEARCH_EXAMPLES, TEXT_EXAMPLES } from "../testing/search-text-examples.ts";
import { coreForFile } from "../testing/test-world.ts";
import { foldAccents, highlight, matchesSearch, searchStems, textWords } from "./search-text.ts";

const core = coreForFile();

const tsLexemes = (text: string) => [...new Set(textWords(text).flatMap((w) => (w.lexeme ? [w.lexeme] : [])))].sort();

describe("search-text against PostgreSQL's portuguese_unaccent", () => {
  it("makes each example text into the lexemes the server indexes", async () => {
    for (const { text, lexemes } of TEXT_EXAMPLES) {
      const { rows } = await core.db.pool.query<{ lexemes: string[] }>(
        "SELECT tsvector_to_array(to_tsvector('portuguese_unaccent'::regconfig, $1)) AS lexemes",
        [text],
      );
      expect(rows[0]?.lexemes.sort(), text).toEqual(lexemes);
      expect(tsLexemes(text), text).toEqual(lexemes);
    }
  });

  it("matches each example search as the server's query does", async () => {
    for (const { search, text, matches } of SEARCH_EXAMPLES) {
      const { rows } = await core.db.pool.query<{ hit: boolean }>(
        "SELECT to_tsvector('portuguese_unaccent'::regconfig, $1) @@ to_tsquery('portuguese_unaccent', $2) AS hit",
        [text, searchQuery(search)],
      );
      expect(rows[0]?.hit, `${search} / ${text}`).toBe(matches);
      expect(matchesSearch(text, searchStems(search)), `${search} / ${text}`).toBe(matches);
    }
  });
});

describe("search-text", () => {
  it("folds accents and case, drops stop words from a search", () => {
    expect(foldAccents("AÇÕES João São")).toBe("acoes joao sao");
    expect(searchStems("de que para")).toEqual([]);
    expect(searchStems("o atendimento do João")).toEqual(["atend", "joa"]);
  });

  it("marks whole words that start with a stem, around the first match, as ranges over plain text", () => {
    const long = `${"palavra ".repeat(20)}o reembolso <b>saiu</b> ontem`;
    const { fragment, highlights } = highlight(long, searchStems("reembolso"));
    expect(fragment.startsWith("…")).toBe(true);
    expect(highlights.map(([a, b]) => fragment.slice(a, b))).toEqual(["reembolso"]);
    expect(fragment).toContain("<b>saiu</b>");
    const short = highlight("Quero pagar com pix", searchStems("pagando"));
    expect(short).toEqual({ fragment: "Quero pagar com pix", highlights: [[6, 11]] });
  });
});
