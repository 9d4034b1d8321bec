// The contact spreadsheet import's column mapping (spec 1 §4 "Import of contacts from spreadsheet", §5; decision
// 0091): which column of the sheet holds each contact field, guessed from the header row and chosen by the admin.
// Shared by core's import (which checks it against the file's header) and the PWA's mapping step.
import { z } from "zod";

/** Columns of a sheet read at most (core's delimited.ts SHEET_COLUMNS). */
export const IMPORT_SHEET_COLUMNS = 50;
/** Custom fields (extraInfo) one import may fill. */
export const IMPORT_EXTRA_COLUMNS = 20;
/** Data rows one page of the preview answers under the header (decision 0118). */
export const IMPORT_PREVIEW_ROWS = 25;
/** Data rows one file may hold (core's import refuses a bigger sheet rather than half-import it). */
export const IMPORT_MAX_ROWS = 20_000;

/**
 * The mapping's messages (spec 1 §5: name and number must be mapped, each field to only one column, at least one
 * row selected).
 */
export const IMPORT_MAPPING_MESSAGES = {
  nameRequired: "Selecione a coluna do nome",
  numberRequired: "Selecione a coluna do número",
  columnTwice: "Cada coluna só pode ser usada por um campo",
  columnMissing: "Coluna inexistente na planilha",
  noRowSelected: "Selecione pelo menos uma linha",
} as const;
const M = IMPORT_MAPPING_MESSAGES;

const column = z
  .number()
  .int()
  .min(0)
  .max(IMPORT_SHEET_COLUMNS - 1);

/** Which column (0-based) holds each field; `extra` columns become custom fields named by their header. */
export const ZContactImportMappingSchema = z
  .object({
    /** The contact's name (required). */
    name: z.union([column, z.null()], { error: M.nameRequired }).refine((v) => v !== null, M.nameRequired),
    /** The phone number (required). */
    number: z.union([column, z.null()], { error: M.numberRequired }).refine((v) => v !== null, M.numberRequired),
    /** The e-mail, when the sheet has one. */
    email: column.nullable().optional(),
    /** Tag names, separated by commas, semicolons or bars. */
    tags: column.nullable().optional(),
    /** Columns kept as custom fields (extraInfo), each under its header's name. */
    extra: z.array(column).max(IMPORT_EXTRA_COLUMNS).optional(),
  })
  .superRefine((m, ctx) => {
    const seen = new Map<number, string>();
    const fields: [string, number | null | undefined][] = [
      ["name", m.name],
      ["number", m.number],
      ["email", m.email],
      ["tags", m.tags],
      ...(m.extra ?? []).map((c, i): [string, number] => [`extra.${i}`, c]),
    ];
    for (const [field, col] of fields) {
      if (col === null || col === undefined) continue;
      if (seen.has(col)) ctx.addIssue({ code: "custom", message: M.columnTwice, path: field.split(".") });
      else seen.set(col, field);
    }
  })
  .transform((m) => ({
    name: m.name as number,
    number: m.number as number,
    email: m.email ?? null,
    tags: m.tags ?? null,
    extra: m.extra ?? [],
  }));

export type TContactImportMapping = z.output<typeof ZContactImportMappingSchema>;
/** A mapping as the form holds it: any field may still be unchosen. */
export type TContactImportMappingDraft = {
  name: number | null;
  number: number | null;
  email: number | null;
  tags: number | null;
  extra: number[];
};

/**
 * The preview POST /contacts/upload/preview answers: the header, one page of rows (the page asked for, the first by
 * default), how many data rows the file holds, and the guessed mapping. A row's number is its 0-based place among
 * the data rows: page p's first row is (p - 1) * pageSize.
 */
export type ContactImportPreview = {
  header: string[];
  rows: string[][];
  guess: TContactImportMappingDraft;
  /** Data rows in the file (under the header). */
  total: number;
  /** The page these rows are, 1-based. */
  page: number;
  pageSize: number;
};

/** POST /contacts/upload/preview's fields beside the file. */
export const ZImportPreviewFieldsSchema = z.object({
  /** Which page of rows to answer, 1-based (the first by default). */
  page: z.coerce
    .number({ error: "Invalid page" })
    .int("Invalid page")
    .min(1, "Invalid page")
    .max(IMPORT_MAX_ROWS, "Invalid page")
    .default(1),
});

/**
 * Which data rows an import takes (spec 1 §5: at least one row selected; decision 0118): every row but `rows`
 * ("except", the default: a big file is imported whole unless rows are unticked), or only `rows` ("only").
 */
export const ZContactImportSelectionSchema = z
  .object(
    {
      /** "except": all rows but these; "only": these rows alone. */
      mode: z.enum(["except", "only"], { error: "Invalid selection" }),
      /** 0-based data-row numbers, as the preview numbers them. */
      rows: z
        .array(
          z
            .number()
            .int()
            .min(0)
            .max(IMPORT_MAX_ROWS - 1),
          { error: "Invalid selection" },
        )
        .max(IMPORT_MAX_ROWS, "Invalid selection"),
    },
    { error: "Invalid selection" },
  )
  .refine((s) => s.mode === "except" || s.rows.length > 0, M.noRowSelected);
export type TContactImportSelection = z.output<typeof ZContactImportSelectionSchema>;

/** Whether a data row is taken by the selection (none: every row). */
export function isRowSelected(selection: TContactImportSelection | null, row: number, set?: Set<number>): boolean {
  if (!selection) return true;
  const has = set ? set.has(row) : selection.rows.includes(row);
  return selection.mode === "except" ? !has : has;
}

/** How many of `total` data rows the selection takes. */
export function selectedRowCount(selection: TContactImportSelection, total: number): number {
  const within = new Set(selection.rows.filter((r) => r < total)).size;
  return selection.mode === "except" ? total - within : within;
}

/** Header names (accents and case ignored) that identify each field: today's fixed names map themselves. */
export const IMPORT_HEADER_NAMES = {
  name: ["name", "nome", "nombre", "contato", "contact"],
  number: ["number", "numero", "telefone", "phone", "celular", "whatsapp", "fone", "telefono"],
  email: ["email", "e-mail", "correo"],
  tags: ["tags", "tag", "etiquetas", "etiqueta"],
} as const;

const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();

/** The mapping the header suggests; fields it does not name stay unchosen, and no column is extra. */
export function guessImportMapping(header: string[]): TContactImportMappingDraft {
  const find = (field: keyof typeof IMPORT_HEADER_NAMES) => {
    const names = IMPORT_HEADER_NAMES[field] as readonly string[];
    const i = header.findIndex((h, col) => col < IMPORT_SHEET_COLUMNS && names.includes(plain(h)));
    return i === -1 ? null : i;
  };
  return { name: find("name"), number: find("number"), email: find("email"), tags: find("tags"), extra: [] };
}

/** A custom field's name from its column's header, or "Coluna N" when the header cell is empty. */
export function extraFieldName(header: string[], column: number): string {
  const h = (header[column] ?? "").trim();
  return (h || `Coluna ${column + 1}`).slice(0, 100);
}

/** POST /contacts/import (spec 1 §7): the import from the phone (decision 0112). */
export const ZImportPhoneContactsRequestSchema = z.object({
  /** The WhatsApp-by-QR connection whose contacts are imported; it must be connected. */
  whatsappId: z.coerce.number().int().positive().max(2147483647),
});
export type TImportPhoneContactsRequest = z.infer<typeof ZImportPhoneContactsRequestSchema>;
