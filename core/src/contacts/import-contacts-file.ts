// Use case behind POST /contacts/upload: creates the contacts a spreadsheet's
// rows yielded (import-rows.ts), in one transaction; numbers the company
// already has are counted as ignored (spec 1 §4, §5).
import type pg from "pg";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { getCompanySetting, isOn } from "../settings/company-settings.ts";
import { assignExtraInfoIds } from "./contact-fields.ts";
import type { ImportRow } from "./import-rows.ts";
import { addContactTags, findOrCreateTagsByName } from "./tag-queries.ts";

export type ImportCounts = { created: number; ignored: number };

/** `ignored`: the rows the reader already refused (missing name or number, repeated in the file). */
export async function importContactsFile(
  client: pg.ClientBase,
  companyId: number,
  rows: ImportRow[],
  ignored: number,
): Promise<ImportCounts> {
  if (rows.length === 0) return { created: 0, ignored };
  const acceptAudio = isOn(await getCompanySetting(client, companyId, "acceptAudioMessageContact"));
  const inserted = await client.query<{ id: number; number: string }>(
    `INSERT INTO contacts (company_id, name, number, email, extra_info, accept_audio_message)
     SELECT $1, n, num, e, x::jsonb, $6 FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS r(n, num, e, x)
     ON CONFLICT (company_id, number) DO NOTHING RETURNING id, number`,
    [
      companyId,
      rows.map((r) => r.name),
      rows.map((r) => r.number),
      rows.map((r) => r.email),
      // The mapping's extra columns become the contact's custom fields, numbered as the contact form numbers them.
      rows.map((r) => JSON.stringify(assignExtraInfoIds([], r.extraInfo ?? []))),
      acceptAudio,
    ],
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
