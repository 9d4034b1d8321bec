// Use case: POST /contacts/upload. Creates the contacts of a spreadsheet in one
// transaction; rows without a name or a usable number, and numbers the company
// (or an earlier row) already has, are counted as ignored (spec 1 §4, §5).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { splitTagNames, ZContactNameSchema } from "../contract/contacts.ts";
import { invalidInput } from "../http/errors.ts";
import { getCompanySetting, isOn } from "../settings/company-settings.ts";
import { type Change, recordChanges } from "../sync/change-log.ts";
import { addContactTags, findOrCreateTagsByName } from "../tags/tag-queries.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { mapColumns } from "./spreadsheet.ts";

/** Rows read from one file; a bigger sheet is refused rather than half-imported. */
export const MAX_IMPORT_ROWS = 20_000;

export type ImportCounts = { created: number; ignored: number };

type Row = { name: string; number: string; email: string; tags: string[] };

export async function importContactsFile(
  client: pg.ClientBase,
  actor: Actor,
  sheet: string[][],
): Promise<ImportCounts> {
  authorizeContacts(actor, "import");
  const companyId = actor.companyId;
  const [header, ...body] = sheet;
  if (!header) return { created: 0, ignored: 0 };
  const cols = mapColumns(header);
  if (body.length > MAX_IMPORT_ROWS) {
    throw invalidInput(`At most ${MAX_IMPORT_ROWS} rows per file`, "file");
  }
  const rows: Row[] = [];
  const seen = new Set<string>();
  let ignored = 0;
  for (const cells of body) {
    const name = ZContactNameSchema.safeParse(cells[cols.name] ?? "");
    const number = (cells[cols.number] ?? "").replace(/\D/g, "");
    if (!name.success || number.length < 8 || number.length > 50 || seen.has(number)) {
      ignored++;
      continue;
    }
    seen.add(number);
    const email = cols.email === undefined ? "" : (cells[cols.email] ?? "").trim().toLowerCase();
    rows.push({
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
  if (rows.length === 0) return { created: 0, ignored };
  const acceptAudio = isOn(await getCompanySetting(client, companyId, "acceptAudioMessageContact"));
  const inserted = await client.query<{ id: number; number: string }>(
    `INSERT INTO contacts (company_id, name, number, email, accept_audio_message)
     SELECT $1, n, num, e, $5 FROM unnest($2::text[], $3::text[], $4::text[]) AS r(n, num, e)
     ON CONFLICT (company_id, number) DO NOTHING RETURNING id, number`,
    [companyId, rows.map((r) => r.name), rows.map((r) => r.number), rows.map((r) => r.email), acceptAudio],
  );
  const idByNumber = new Map(inserted.rows.map((r) => [r.number, r.id]));
  const tagNames = [...new Set(rows.flatMap((r) => r.tags))];
  if (tagNames.length > 0) {
    const tags = await findOrCreateTagsByName(client, companyId, tagNames);
    const tagId = new Map(tags.map((t) => [t.name.toLowerCase(), t.id]));
    const pairs = rows.flatMap((r) => {
      const contactId = idByNumber.get(r.number);
      if (contactId === undefined) return [];
      return r.tags.flatMap((t) => {
        const id = tagId.get(t.toLowerCase());
        return id === undefined ? [] : [{ contactId, tagId: id }];
      });
    });
    await addContactTags(client, companyId, pairs);
  }
  await recordChanges(
    client,
    inserted.rows.map((r): Change => ({ companyId, entity: "contacts", id: r.id })),
  );
  return { created: inserted.rows.length, ignored: ignored + rows.length - inserted.rows.length };
}
