// Finds an uploaded contacts spreadsheet's name, number, e-mail and tags columns
// by their header names (the rows themselves are read by sheet-rows.ts).
import { invalidFields } from "../kernel/errors.ts";

export { parseDelimited } from "./delimited.ts";

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
