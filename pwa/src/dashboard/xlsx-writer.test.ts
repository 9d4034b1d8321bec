// The .xlsx the attendants export writes (xlsx-writer.ts), read back by SheetJS: the sheet's name, every cell
// with its type, and a valid ZIP (CRC-32 of each entry).
import { read, utils } from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { columnName, crc32, writeXlsx } from "./xlsx-writer.ts";

describe("#writeXlsx", () => {
  it("writes a workbook SheetJS reads back cell for cell, numbers as numbers", () => {
    const rows = [
      ["Nome", "Avaliação", "Tickets", "Status"],
      ['Ana <&> "O\'Neil"', 4.5, 4, "Online"],
      ["Bruno", null, 0, "Offline"],
    ];
    const wb = read(writeXlsx("Atendentes", rows), { type: "array" });
    expect(wb.SheetNames).toEqual(["Atendentes"]);
    const sheet = wb.Sheets.Atendentes!;
    expect(utils.sheet_to_json(sheet, { header: 1, defval: null })).toEqual(rows);
    expect(sheet.B2?.t).toBe("n");
    expect(sheet.A2?.t).toBe("s");
  });

  it("names columns past Z as a spreadsheet does, and checks bytes with the ZIP's CRC-32", () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]);
    expect(crc32(new TextEncoder().encode("123456789")).toString(16)).toBe("cbf43926");
  });

  it("drops characters XML cannot carry and cuts a sheet name to 31 characters without its forbidden ones", () => {
    const wb = read(writeXlsx("a/b".padEnd(40, "x"), [["ok\u0001"]]), { type: "array" });
    expect(wb.SheetNames[0]).toBe("a b".padEnd(31, "x"));
    expect(utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 })).toEqual([["ok"]]);
  });
});
