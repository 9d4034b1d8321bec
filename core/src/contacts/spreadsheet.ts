// Finds an uploaded contacts spreadsheet's name, number, e-mail and tags columns by their header names when the
// import comes without a mapping (a contact list's import; the rows themselves are read by sheet-rows.ts).
import { guessImportMapping } from "../contract/contact-import.ts";
import { invalidFields } from "../kernel/errors.ts";

export { parseDelimited } from "./delimited.ts";

export type SheetField = "name" | "number" | "email" | "tags";
export type ColumnMap = { name: number; number: number; email?: number; tags?: number };

/** Column index of each field from the header row (guessImportMapping); name and number must be found. */
export function mapColumns(header: string[]): ColumnMap {
  const guess = guessImportMapping(header);
  const missing: Record<string, string> = {};
  if (guess.name === null) missing.name = "Coluna de nome não encontrada";
  if (guess.number === null) missing.number = "Coluna de número não encontrada";
  if (guess.name === null || guess.number === null) {
    throw invalidFields(missing);
  }
  return {
    name: guess.name,
    number: guess.number,
    email: guess.email ?? undefined,
    tags: guess.tags ?? undefined,
  };
}
