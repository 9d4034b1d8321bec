// GET /contacts/export: the company's contacts (the list's filters applied) as a CSV
// file, the backup export of spec 3 §6. Its header names are ones the spreadsheet import
// recognises (spreadsheet.ts), so an export can be imported again. Read in pages by
// (name, id) and written as each page arrives: a big company's file is never held whole.
// Numbers as the viewer may read them (LGPD).
import type pg from "pg";
import { presentContact } from "../presenters/present-contact.ts";
import type { Viewer } from "../presenters/viewer.ts";
import { type ContactsFilter, contactsFilter } from "./list-contacts.ts";

/** Contacts read per query while writing the file. */
export const EXPORT_PAGE_SIZE = 2000;

export const EXPORT_HEADER = ["name", "number", "email", "tags"] as const;

/** Cells a spreadsheet would run as a formula (CSV injection): they get a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; never a live formula. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export type ExportRow = { name: string; number: string; email: string; tags: { name: string }[] };

export function csvLine(row: ExportRow): string {
  return [row.name, row.number, row.email, row.tags.map((t) => t.name).join(", ")].map(csvCell).join(",");
}

/**
 * Yields the file in pieces: a UTF-8 byte-order mark (so spreadsheet programs read accents
 * right) with the header, then one piece of lines per page of contacts, ordered by name.
 */
export async function* exportContacts(
  db: pg.Pool | pg.ClientBase,
  viewer: Viewer,
  q: ContactsFilter,
): AsyncGenerator<string> {
  yield `\uFEFF${EXPORT_HEADER.join(",")}\r\n`;
  let after: { name: string; id: number } | null = null;
  for (;;) {
    const params: unknown[] = [];
    let filter = contactsFilter(viewer, q, params);
    if (after) {
      params.push(after.name, after.id);
      filter += ` AND (lower(c.name), c.id) > ($${params.length - 1}, $${params.length})`;
    }
    params.push(EXPORT_PAGE_SIZE);
    const { rows } = await db.query<
      Omit<ExportRow, "tags"> & { id: number; isGroup: boolean; sortName: string; tagNames: string[] }
    >(
      `SELECT c.id, c.name, c.number, c.email, c.is_group AS "isGroup", lower(c.name) AS "sortName",
         ARRAY(SELECT tg.name FROM contact_tags ct JOIN tags tg ON tg.id = ct.tag_id AND tg.company_id = ct.company_id
           WHERE ct.contact_id = c.id AND ct.company_id = c.company_id ORDER BY tg.name, tg.id) AS "tagNames"
       FROM contacts c WHERE ${filter} ORDER BY lower(c.name), c.id LIMIT $${params.length}`,
      params,
    );
    if (rows.length === 0) return;
    const lines = rows.map(({ tagNames, ...r }) => ({ ...r, tags: tagNames.map((name) => ({ name })) }));
    yield lines.map((r) => `${csvLine(presentContact(viewer, r))}\r\n`).join("");
    const last = rows.at(-1)!;
    after = { name: last.sortName, id: last.id };
    if (rows.length < EXPORT_PAGE_SIZE) return;
  }
}
