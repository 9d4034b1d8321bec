// The contact spreadsheet import's column mapping (spec 1 §4 "Import of contacts from spreadsheet", §5; decision
// 0091): which column of the sheet holds each contact field, guessed from the header row and chosen by the admin.
// Shared by core's import (which checks it against the file's header) and the PWA's mapping step.
import { z } from "zod";

/** Columns of a sheet read at most (core's delimited.ts SHEET_COLUMNS). */
export const IMPORT_SHEET_COLUMNS = 50;
/** Custom fields (extraInfo) one import may fill. */
export const IMPORT_EXTRA_COLUMNS = 20;
/** Data rows the preview answers under the header. */
export const IMPORT_PREVIEW_ROWS = 5;

/** The mapping's messages (spec 1 §5: name and number must be mapped, each field to only one column). */
export const IMPORT_MAPPING_MESSAGES = {
  nameRequired: "Selecione a coluna do nome",
  numberRequired: "Selecione a coluna do número",
  columnTwice: "Cada coluna só pode ser usada por um campo",
  columnMissing: "Coluna inexistente na planilha",
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

/** The preview POST /contacts/upload/preview answers: the header, the first rows, and the guessed mapping. */
export type ContactImportPreview = { header: string[]; rows: string[][]; guess: TContactImportMappingDraft };

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
