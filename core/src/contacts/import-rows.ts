// The spreadsheet import's row rules (spec 1 §4, §5; docs/decisions/0011): which
// rows become contacts and which are counted as ignored. Pure, so the import's
// worker thread applies them while it reads.
import { splitTagNames, ZContactNameSchema } from "../contract/contacts.ts";
import { invalidInput } from "../kernel/errors.ts";
import { type ColumnMap, mapColumns } from "./spreadsheet.ts";

/** Rows read from one file; a bigger sheet is refused rather than half-imported. */
export const MAX_IMPORT_ROWS = 20_000;

export const tooManyRows = () => invalidInput(`At most ${MAX_IMPORT_ROWS} rows per file`, "file");

export type ImportRow = { name: string; number: string; email: string; tags: string[] };

/** Takes a sheet's rows one by one: the header first, then at most MAX_IMPORT_ROWS rows of contacts. */
export class ImportRowCollector {
  readonly rows: ImportRow[] = [];
  ignored = 0;
  /** Rows taken after the header. */
  read = 0;
  private cols: ColumnMap | undefined;
  private readonly seen = new Set<string>();

  /** Throws the import's validation errors: missing name or number column, too many rows. */
  add(cells: string[]): void {
    if (!this.cols) {
      this.cols = mapColumns(cells);
      return;
    }
    this.read++;
    if (this.read > MAX_IMPORT_ROWS) throw tooManyRows();
    const cols = this.cols;
    const name = ZContactNameSchema.safeParse(cells[cols.name] ?? "");
    const number = (cells[cols.number] ?? "").replace(/\D/g, "");
    if (!name.success || number.length < 8 || number.length > 50 || this.seen.has(number)) {
      this.ignored++;
      return;
    }
    this.seen.add(number);
    const email = cols.email === undefined ? "" : (cells[cols.email] ?? "").trim().toLowerCase();
    this.rows.push({
      name: name.data,
      number,
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : "",
      // Inline tags need 3 characters (spec 1 §5); shorter names in a cell are dropped.
      tags:
        cols.tags === undefined
          ? []
          : splitTagNames((cells[cols.tags] ?? "").replace(/[|;]/g, ",")).filter((t) => t.length >= 3),
    });
  }
}
