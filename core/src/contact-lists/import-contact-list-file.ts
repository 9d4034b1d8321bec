// The end of a contact-list import (POST /contact-lists/{id}/upload): the rows the worker thread read with the
// contacts import's rules (import-rows.ts) join the list in one statement; numbers the list already has are
// counted as ignored. A list deleted meanwhile takes nothing.
import type pg from "pg";
import type { ImportCounts } from "../contacts/import-contacts-file.ts";
import type { ImportRow } from "../contacts/import-rows.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";

export async function importContactListFile(
  client: pg.ClientBase,
  companyId: number,
  contactListId: number,
  rows: ImportRow[],
  ignored: number,
): Promise<ImportCounts> {
  if (rows.length === 0) return { created: 0, ignored };
  const inserted = await client.query(
    `INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
     SELECT $1, $2, n, num, e FROM unnest($3::text[], $4::text[], $5::text[]) AS r(n, num, e)
     WHERE EXISTS (SELECT 1 FROM contact_lists WHERE company_id = $1 AND id = $2)
     ON CONFLICT (company_id, contact_list_id, number) DO NOTHING`,
    [companyId, contactListId, rows.map((r) => r.name), rows.map((r) => r.number), rows.map((r) => r.email)],
  );
  const created = inserted.rowCount ?? 0;
  await recordChanges(client, [listChanged(companyId, "contactListItems"), listChanged(companyId, "contactLists")]);
  return { created, ignored: ignored + rows.length - created };
}
