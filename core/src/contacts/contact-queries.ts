// Reads contacts in the shape the contacts calls answer (spec 1 §3 Contact):
// the replicated columns plus extraInfo, the origin connection and the tags.
import type pg from "pg";
import type { ContactDetailDTO } from "../contract/contacts.ts";
import { CONTACT_COLUMNS } from "../db/replica-rows.ts";
import { contactNotFound } from "../kernel/errors.ts";

export const CONTACT_DETAIL_SELECT = `SELECT ${CONTACT_COLUMNS}, c.lgpd_accepted_at AS "lgpdAcceptedAt",
    c.extra_info AS "extraInfo", c.created_at AS "createdAt",
    CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'name', w.name, 'channel', w.channel) END
      AS whatsapp,
    COALESCE((SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color,
        'kanban', tg.kanban) ORDER BY tg.name, tg.id)
      FROM contact_tags ct JOIN tags tg ON tg.id = ct.tag_id AND tg.company_id = ct.company_id
      WHERE ct.contact_id = c.id AND ct.company_id = c.company_id), '[]') AS tags
  FROM contacts c LEFT JOIN whatsapps w ON w.id = c.whatsapp_id AND w.company_id = c.company_id`;

/** The contact of the company, or undefined (another company's id reads as absent). */
export async function findContact(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
): Promise<ContactDetailDTO | undefined> {
  const { rows } = await db.query<ContactDetailDTO>(`${CONTACT_DETAIL_SELECT} WHERE c.id = $1 AND c.company_id = $2`, [
    id,
    companyId,
  ]);
  return rows[0];
}

/** The contact of the company, or 404 ERR_NO_CONTACT_FOUND. */
export async function loadContact(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
): Promise<ContactDetailDTO> {
  const contact = await findContact(db, companyId, id);
  if (!contact) throw contactNotFound();
  return contact;
}

/** Locks the company's contact row for the rest of the transaction, or 404. */
export async function lockContact(
  client: pg.ClientBase,
  companyId: number,
  id: number,
): Promise<{ id: number; number: string; isGroup: boolean; extraInfo: { id: number; name: string; value: string }[] }> {
  const { rows } = await client.query(
    `SELECT id, number, is_group AS "isGroup", extra_info AS "extraInfo" FROM contacts
     WHERE id = $1 AND company_id = $2 FOR UPDATE`,
    [id, companyId],
  );
  if (!rows[0]) throw contactNotFound();
  return rows[0];
}

/** True for PostgreSQL's unique violation on the company's contact numbers. */
export function isDuplicateNumber(err: unknown): boolean {
  return (
    typeof err === "object" &&
    err !== null &&
    "code" in err &&
    err.code === "23505" &&
    "constraint" in err &&
    err.constraint === "contacts_company_id_number_key"
  );
}
