import { describe, expect, it } from "vitest";
import { DelimitedParser, parseDelimited } from "./delimited.ts";

/** The rows of `text` fed in chunks of `size` characters. */
function inChunks(text: string, size: number): string[][] {
  const parser = new DelimitedParser();
  const rows: string[][] = [];
  for (let i = 0; i < text.length; i += size) rows.push(...parser.push(text.slice(i, i + size)));
  rows.push(...parser.end());
  return rows;
}

describe("DelimitedParser", () => {
  it("reads the same rows whatever the chunks split (quotes, escaped quotes, CRLF, BOM)", () => {
    const text =
      '\uFEFFnome;numero;obs\r\n"Silva; Ana";5511;"diz ""oi"""\r\n\r\nBruno;5512;"linha\r\nquebrada"\r\nCarla;5513;';
    const whole = parseDelimited(text);
    expect(whole).toEqual([
      ["nome", "numero", "obs"],
      ["Silva; Ana", "5511", 'diz "oi"'],
      ["Bruno", "5512", "linha\r\nquebrada"],
      ["Carla", "5513", ""],
    ]);
    for (const size of [1, 2, 3, 5, 7, 16]) expect(inChunks(text, size), `chunks of ${size}`).toEqual(whole);
  });

  it("keeps at most 50 cells of a row", () => {
    const rows = parseDelimited(`name,number\n${"x,".repeat(10_000)}\n`);
    expect(rows[1]).toHaveLength(50);
  });
});
