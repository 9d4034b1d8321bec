// The spreadsheet import's row rules (spec 1 §4, §5; docs/decisions/0011): which
// rows become contacts and which are counted as ignored. Pure, so the import's
// worker thread applies them while it reads.
import {
  extraFieldName,
  IMPORT_MAPPING_MESSAGES,
  IMPORT_MAX_ROWS,
  isRowSelected,
  type TContactImportMapping,
  type TContactImportSelection,
} from "../contract/contact-import.ts";
import { splitTagNames, ZContactNameSchema } from "../contract/contacts.ts";
import { invalidFields, invalidInput } from "../kernel/errors.ts";
import { type ColumnMap, mapColumns } from "./spreadsheet.ts";

/** Rows read from one file; a bigger sheet is refused rather than half-imported. */
export const MAX_IMPORT_ROWS = IMPORT_MAX_ROWS;

export const tooManyRows = () => invalidInput(`At most ${MAX_IMPORT_ROWS} rows per file`, "file");

export type ImportRow = {
  name: string;
  number: string;
  email: string;
  tags: string[];
  /** Custom fields from the mapping's extra columns (empty cells left out). */
  extraInfo: { name: string; value: string }[];
};

/** The columns a mapped import reads, checked against the file's header row. */
type Columns = {
  name: number;
  number: number;
  email?: number;
  tags?: number;
  extra: { column: number; name: string }[];
};

/** Takes a sheet's rows one by one: the header first, then at most MAX_IMPORT_ROWS rows of contacts. */
export class ImportRowCollector {
  readonly rows: ImportRow[] = [];
  ignored = 0;
  /** Rows taken after the header. */
  read = 0;
  private cols: Columns | undefined;
  private readonly seen = new Set<string>();
  /** Data rows the selection took (decision 0118); the others are neither created nor counted as ignored. */
  selected = 0;
  private readonly mapping: TContactImportMapping | null;
  private readonly selection: TContactImportSelection | null;
  private readonly chosen: Set<number> | undefined;

  /**
   * `mapping`: the columns the admin chose (decision 0091); without it, the header names decide (mapColumns).
   * `selection`: the data rows the admin ticked (decision 0118); without it, every row.
   */
  constructor(mapping: TContactImportMapping | null = null, selection: TContactImportSelection | null = null) {
    this.mapping = mapping;
    this.selection = selection;
    this.chosen = selection ? new Set(selection.rows) : undefined;
  }

  /** Throws when a selection was given and took none of the file's rows (spec 1 §5: at least one row selected). */
  finish(): void {
    if (this.selection && this.selected === 0) {
      throw invalidInput(IMPORT_MAPPING_MESSAGES.noRowSelected, "selection");
    }
  }

  /**
   * Throws the import's validation errors: a missing name or number column, a mapped column the sheet does not
   * have, too many rows.
   */
  add(cells: string[]): void {
    if (!this.cols) {
      this.cols = this.mapping ? mappedColumns(this.mapping, cells) : guessedColumns(mapColumns(cells));
      return;
    }
    this.read++;
    if (this.read > MAX_IMPORT_ROWS) throw tooManyRows();
    if (!isRowSelected(this.selection, this.read - 1, this.chosen)) return;
    this.selected++;
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
      extraInfo: cols.extra.flatMap(({ column, name }) => {
        const value = (cells[column] ?? "").trim().slice(0, 1000);
        return value ? [{ name, value }] : [];
      }),
    });
  }
}

const guessedColumns = (map: ColumnMap): Columns => ({ ...map, extra: [] });

/** The admin's mapping on this file: every mapped column must be one of the header's (nothing is imported else). */
function mappedColumns(mapping: TContactImportMapping, header: string[]): Columns {
  const missing: Record<string, string> = {};
  const check = (field: string, column: number | null) => {
    if (column !== null && column >= header.length) missing[field] = IMPORT_MAPPING_MESSAGES.columnMissing;
  };
  check("name", mapping.name);
  check("number", mapping.number);
  check("email", mapping.email);
  check("tags", mapping.tags);
  for (const [i, column] of mapping.extra.entries()) check(`extra.${i}`, column);
  if (Object.keys(missing).length > 0) throw invalidFields(missing);
  return {
    name: mapping.name,
    number: mapping.number,
    email: mapping.email ?? undefined,
    tags: mapping.tags ?? undefined,
    extra: mapping.extra.map((column) => ({ column, name: extraFieldName(header, column) })),
  };
}
