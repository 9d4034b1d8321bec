// Reads an uploaded contacts spreadsheet (spec 1 §5: xls, xlsx, csv, txt) from
// disk one row at a time, as text cells; the caller stops when it has enough.
// Runs in the import's worker thread (import-worker.ts), never on core's.
import { createReadStream } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { invalidInput } from "../kernel/errors.ts";
import { DelimitedParser, SHEET_COLUMNS } from "./delimited.ts";
import { MAX_IMPORT_ROWS } from "./import-rows.ts";

/** A legacy sheet's rows read at most: the header and one more than the importer takes. */
const LEGACY_SHEET_ROWS = MAX_IMPORT_ROWS + 2;
/**
 * Shared strings (an xlsx's text cells) kept at most, in characters: the rows under the limit can only use
 * so much text; past it the file is refused as too large rather than holding the whole table.
 */
const SHARED_STRING_CHARS = 8_000_000;
/** Characters kept of one shared string: contact cells are short. */
const SHARED_STRING_LENGTH = 1_000;

export const SHEET_EXTENSIONS = ["xls", "xlsx", "csv", "txt"];

const unsupported = (message: string) => invalidInput(message, "file");
export const unsupportedFormat = () => unsupported("Formato de arquivo inválido (xls, xlsx, csv, txt)");
const unreadable = () => unsupported("Planilha ilegível");

/** The file name's extension when it is one the import reads. */
export function sheetExtension(originalname: string): string | undefined {
  const ext = originalname.toLowerCase().split(".").pop() ?? "";
  return SHEET_EXTENSIONS.includes(ext) ? ext : undefined;
}

/** The file's non-blank rows as text cells, the header first. */
export async function* readSheetRows(path: string, originalname: string): AsyncGenerator<string[]> {
  const ext = sheetExtension(originalname);
  if (!ext) throw unsupportedFormat();
  const head = Buffer.alloc(4);
  const fh = await open(path, "r");
  try {
    await fh.read(head, 0, 4, 0);
  } finally {
    await fh.close();
  }
  const isZip = head[0] === 0x50 && head[1] === 0x4b;
  // Many ".xls" exports are really xlsx (zip) or text; the real legacy binary one is an OLE2 file.
  const isOle2 = head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  if (ext === "xlsx" || (ext === "xls" && isZip)) yield* readWorkbookRows(path);
  else if (isOle2) yield* readLegacyWorkbookRows(path);
  else if (isZip) throw unsupportedFormat();
  else yield* readDelimitedRows(path);
}

async function* readDelimitedRows(path: string): AsyncGenerator<string[]> {
  const parser = new DelimitedParser();
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) yield* parser.push(chunk as string);
    yield* parser.end();
  } finally {
    stream.destroy();
  }
}

type SharedString = string | { richText: { text: string }[] } | null;

/**
 * xlsx through exceljs's streaming WorkbookReader: rows are parsed as they are read, never the whole sheet.
 * Shared strings are taken as they are emitted, up to SHARED_STRING_CHARS; a cell under the row limit that
 * points past them refuses the file.
 */
async function* readWorkbookRows(path: string): AsyncGenerator<string[]> {
  const ExcelJS = (await import("exceljs")).default;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: "emit",
    styles: "ignore",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  const shared: string[] = [];
  let sharedChars = 0;
  let sharedFull = false;
  const sharedText = (index: number): string => {
    const text = shared[index];
    if (text === undefined && (sharedFull || index < 0)) throw unsupported("Planilha grande demais para importar");
    return text ?? "";
  };
  const iterator = reader.parse() as AsyncGenerator<{
    eventType?: string;
    value?: unknown;
    index?: number;
    text?: SharedString;
  }>;
  try {
    for (;;) {
      let item: IteratorResult<{ eventType?: string; value?: unknown; index?: number; text?: SharedString }>;
      try {
        item = await iterator.next();
      } catch {
        throw unreadable();
      }
      if (item.done) return;
      const event = item.value;
      if (event.eventType === "worksheet") {
        // Only the first sheet is imported; the reader is abandoned after it.
        yield* worksheetRows(event.value as AsyncIterable<WorksheetRow>, sharedText);
        return;
      }
      // exceljs 4.4 yields emitted shared strings as bare {index, text}.
      if (typeof event.index === "number" && !sharedFull) {
        const text = plainText(event.text ?? null).slice(0, SHARED_STRING_LENGTH);
        sharedChars += text.length;
        if (sharedChars > SHARED_STRING_CHARS) sharedFull = true;
        else shared[event.index] = text;
      }
    }
  } finally {
    await iterator.return?.(undefined).catch(() => {});
    (reader as unknown as { stream?: { destroy(): void } }).stream?.destroy();
  }
}

type WorksheetRow = { cellCount: number; getCell(i: number): { value: unknown } };

async function* worksheetRows(
  sheet: AsyncIterable<WorksheetRow>,
  sharedText: (index: number) => string,
): AsyncGenerator<string[]> {
  const rows = sheet[Symbol.asyncIterator]();
  for (;;) {
    let item: IteratorResult<WorksheetRow>;
    try {
      item = await rows.next();
    } catch {
      throw unreadable();
    }
    if (item.done) return;
    const row = item.value;
    const cells: string[] = [];
    const last = Math.min(row.cellCount, SHEET_COLUMNS);
    for (let i = 1; i <= last; i++) cells.push(cellText(row.getCell(i).value, sharedText).trim());
    if (cells.some((c) => c !== "")) yield cells;
  }
}

function plainText(text: SharedString): string {
  if (text === null) return "";
  if (typeof text === "string") return text;
  return text.richText.map((r) => r.text ?? "").join("");
}

/** A cell's value as the text a person sees; numbers keep all their digits (phone numbers). */
function cellText(value: unknown, sharedText: (index: number) => string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return value.toISOString();
  const v = value as { sharedString?: number; richText?: { text: string }[]; text?: unknown; result?: unknown };
  if (typeof v.sharedString === "number") return sharedText(v.sharedString);
  if (Array.isArray(v.richText)) return plainText({ richText: v.richText });
  if ("result" in v) return cellText(v.result, sharedText);
  if (typeof v.text === "string") return v.text;
  return "";
}

/**
 * The legacy binary .xls (BIFF, in an OLE2 file), which exceljs cannot read: SheetJS Community Edition 0.20.3
 * as republished on npm by @e965 (the npm `xlsx` package stopped at 0.18.5, with known advisories on
 * reading untrusted files; docs/decisions/0011-contacts.md). Its format has no streaming reader; the file is
 * at most the upload's 10 MB and rows past the limit are never parsed.
 */
async function* readLegacyWorkbookRows(path: string): AsyncGenerator<string[]> {
  const XLSX = await import("@e965/xlsx");
  let rows: unknown[][];
  try {
    const workbook = XLSX.read(await readFile(path), {
      type: "buffer",
      cellFormula: false,
      cellHTML: false,
      sheetRows: LEGACY_SHEET_ROWS,
    });
    const first = workbook.SheetNames[0];
    const sheet = first === undefined ? undefined : workbook.Sheets[first];
    if (!sheet) return;
    // The file states its sheet's size (a Dimensions record) and sheet_to_json visits every cell of it: a
    // 3 KB file claiming a million rows by 255 columns held the event loop for minutes. The range read is
    // the one the cells present span, at most SHEET_COLUMNS wide.
    let lastRow = -1;
    let lastColumn = -1;
    for (const address of Object.keys(sheet)) {
      if (address.startsWith("!")) continue;
      const { r, c } = XLSX.utils.decode_cell(address);
      if (r > lastRow) lastRow = r;
      if (c > lastColumn) lastColumn = c;
    }
    if (lastRow < 0) return;
    const range = { s: { r: 0, c: 0 }, e: { r: lastRow, c: Math.min(lastColumn, SHEET_COLUMNS - 1) } };
    // Raw values: a phone number stored as a number would be formatted "5.5119E+12" otherwise.
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: false, range });
  } catch {
    throw unreadable();
  }
  for (const r of rows) {
    const cells = r.map((c) => String(c ?? "").trim());
    if (cells.some((c) => c !== "")) yield cells;
  }
}
