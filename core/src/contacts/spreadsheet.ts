// Reads an uploaded contacts spreadsheet (spec 1 §5: xls, xlsx, csv, txt) into
// rows of text, and finds its name, number, e-mail and tags columns.
import { invalidFields, invalidInput } from "../http/errors.ts";

export type SheetFile = { originalname: string; buffer: Buffer };

/** A legacy sheet's rows read at most: the header and one more than the importer takes (MAX_IMPORT_ROWS). */
const SHEET_ROWS = 20_002;
/** Columns read at most: a contacts sheet has a handful (name, number, e-mail, tags). */
const SHEET_COLUMNS = 50;

const unsupported = (message: string) => invalidInput(message, "file");

/** The file's rows as text cells (the first row is the header). */
export async function readSheet(file: SheetFile): Promise<string[][]> {
  const ext = file.originalname.toLowerCase().split(".").pop() ?? "";
  if (!["xls", "xlsx", "csv", "txt"].includes(ext))
    throw unsupported("Formato de arquivo inválido (xls, xlsx, csv, txt)");
  const head = file.buffer.subarray(0, 4);
  const isZip = head[0] === 0x50 && head[1] === 0x4b;
  // Many ".xls" exports are really xlsx (zip) or text; the real legacy binary one is an OLE2 file.
  const isOle2 = head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  if (ext === "xlsx" || (ext === "xls" && isZip)) return readWorkbook(file.buffer);
  if (isOle2) return readLegacyWorkbook(file.buffer);
  if (isZip) throw unsupported("Formato de arquivo inválido (xls, xlsx, csv, txt)");
  return parseDelimited(file.buffer.toString("utf8"));
}

async function readWorkbook(buffer: Buffer): Promise<string[][]> {
  // Imported here, not at the top: exceljs is large and only an upload needs it,
  // so core's start-up memory does not carry it.
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw unsupported("Planilha ilegível");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(row.getCell(i).text.trim());
    rows.push(cells);
  });
  return rows;
}

/**
 * The legacy binary .xls (BIFF, in an OLE2 file), which exceljs cannot read: SheetJS Community Edition 0.20.3
 * as republished on npm by @e965 (the npm `xlsx` package stopped at 0.18.5, with known advisories on
 * reading untrusted files; docs/decisions/0011-contacts.md). Loaded on demand like exceljs.
 */
async function readLegacyWorkbook(buffer: Buffer): Promise<string[][]> {
  const XLSX = await import("@e965/xlsx");
  let rows: unknown[][];
  try {
    // Rows past the import's limit are never parsed; the importer then refuses the file as too long.
    const workbook = XLSX.read(buffer, { type: "buffer", cellFormula: false, cellHTML: false, sheetRows: SHEET_ROWS });
    const first = workbook.SheetNames[0];
    const sheet = first === undefined ? undefined : workbook.Sheets[first];
    if (!sheet) return [];
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
    if (lastRow < 0) return [];
    const range = { s: { r: 0, c: 0 }, e: { r: lastRow, c: Math.min(lastColumn, SHEET_COLUMNS - 1) } };
    // Raw values: a phone number stored as a number would be formatted "5.5119E+12" otherwise.
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: false, range });
  } catch {
    throw unsupported("Planilha ilegível");
  }
  return rows.map((r) => r.map((c) => String(c ?? "").trim())).filter((r) => r.some((c) => c !== ""));
}

/** CSV or TXT: the separator (';', ',' or tab) is the one the header uses most; quotes as in RFC 4180. */
export function parseDelimited(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  const sep = [";", ",", "\t"].reduce((best, s) =>
    firstLine.split(s).length > firstLine.split(best).length ? s : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === sep) {
      row.push(cell.trim());
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && body[i + 1] === "\n") i++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell.trim());
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c !== ""));
}

/** Header names (accents and case ignored) that identify each field. */
const HEADERS = {
  name: ["name", "nome", "nombre", "contato", "contact"],
  number: ["number", "numero", "telefone", "phone", "celular", "whatsapp", "fone", "telefono"],
  email: ["email", "e-mail", "correo"],
  tags: ["tags", "tag", "etiquetas", "etiqueta"],
} as const;
export type SheetField = keyof typeof HEADERS;
export type ColumnMap = { name: number; number: number; email?: number; tags?: number };

const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();

/** Column index of each field from the header row; name and number must be found. */
export function mapColumns(header: string[]): ColumnMap {
  const find = (field: SheetField) => {
    const i = header.findIndex((h) => (HEADERS[field] as readonly string[]).includes(plain(h)));
    return i === -1 ? undefined : i;
  };
  const name = find("name");
  const number = find("number");
  const missing: Record<string, string> = {};
  if (name === undefined) missing.name = "Coluna de nome não encontrada";
  if (number === undefined) missing.number = "Coluna de número não encontrada";
  if (name === undefined || number === undefined) {
    throw invalidFields(missing);
  }
  return { name, number, email: find("email"), tags: find("tags") };
}
