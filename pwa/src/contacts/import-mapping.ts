// The import's mapping step (spec 1 §4 "mapped", §5; decision 0091): the mapping the admin is choosing, checked with
// the contract's schema before the file goes, and the messages it may show. Pure, so tests drive it directly.
import {
  IMPORT_MAPPING_MESSAGES,
  type TContactImportMapping,
  type TContactImportMappingDraft,
  ZContactImportMappingSchema,
} from "@chatflow/core/contract/contact-import.ts";
import { fieldErrors } from "../i18n/form-errors.ts";

/** The fields a column may be chosen for, in the order the step shows them; name and number are required. */
export const MAPPED_FIELDS = ["name", "number", "email", "tags"] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
export const REQUIRED_FIELDS: readonly MappedField[] = ["name", "number"];

/** The contract's messages (and core's about a file's columns) in the interface language. */
export const MAPPING_MESSAGE_KEYS: Record<string, string> = {
  [IMPORT_MAPPING_MESSAGES.nameRequired]: "contactsPage.import.mapping.nameRequired",
  [IMPORT_MAPPING_MESSAGES.numberRequired]: "contactsPage.import.mapping.numberRequired",
  [IMPORT_MAPPING_MESSAGES.columnTwice]: "contactsPage.import.mapping.columnTwice",
  [IMPORT_MAPPING_MESSAGES.columnMissing]: "contactsPage.import.mapping.columnMissing",
  [IMPORT_MAPPING_MESSAGES.noRowSelected]: "contactsPage.import.rows.noneSelected",
  "Coluna de nome não encontrada": "contactsPage.import.noNameColumn",
  "Coluna de número não encontrada": "contactsPage.import.noNumberColumn",
  "A planilha está vazia": "contactsPage.import.emptySheet",
};

/** Chooses `column` (or none) for `field`; a column chosen for a field stops being an extra one. */
export function chooseColumn(
  draft: TContactImportMappingDraft,
  field: MappedField,
  column: number | null,
): TContactImportMappingDraft {
  return { ...draft, [field]: column, extra: draft.extra.filter((c) => c !== column) };
}

/** Adds or removes `column` from the extra fields, in the sheet's order. */
export function toggleExtra(
  draft: TContactImportMappingDraft,
  column: number,
  on: boolean,
): TContactImportMappingDraft {
  const rest = draft.extra.filter((c) => c !== column);
  return { ...draft, extra: on ? [...rest, column].sort((a, b) => a - b) : rest };
}

/** The field a column is chosen for, if any. */
export function fieldOfColumn(draft: TContactImportMappingDraft, column: number): MappedField | "extra" | null {
  for (const f of MAPPED_FIELDS) if (draft[f] === column) return f;
  return draft.extra.includes(column) ? "extra" : null;
}

/** The mapping to send, or the translated message of each field that is wrong. */
export function checkMapping(
  draft: TContactImportMappingDraft,
): { ok: true; mapping: TContactImportMapping } | { ok: false; errors: Record<string, string> } {
  const parsed = ZContactImportMappingSchema.safeParse(draft);
  if (parsed.success) return { ok: true, mapping: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error, MAPPING_MESSAGE_KEYS) };
}
