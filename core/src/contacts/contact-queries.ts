// Reads contacts in the shape the contacts calls answer (spec 1 §3 Contact):
// the replicated columns plus extraInfo, the origin connection and the tags.
import type pg from "pg";
import type { ContactDetailDTO } from "../contract/contacts.ts";
import type { Channel } from "../contract/entities.ts";
import { CONTACT_COLUMNS } from "../db/replica-rows.ts";
import { arrayColumns, zipColumns } from "../db/zip-columns.ts";
import { contactNotFound } from "../kernel/errors.ts";

/** The contact's columns, its connection's as plain columns and its tags as one array per field (decision 0085). */
export const CONTACT_DETAIL_SELECT = `SELECT ${CONTACT_COLUMNS}, c.lgpd_accepted_at AS "lgpdAcceptedAt",
    c.extra_info AS "extraInfo", c.created_at AS "createdAt",
    w.id AS "joinedWhatsappId", w.name AS "joinedWhatsappName", w.channel AS "joinedWhatsappChannel",
    ctg."tagIds", ctg."tagNames", ctg."tagColors", ctg."tagKanbans"
  FROM contacts c LEFT JOIN whatsapps w ON w.id = c.whatsapp_id AND w.company_id = c.company_id
    LEFT JOIN LATERAL (
      SELECT ${arrayColumns(
        { tagIds: "tg.id", tagNames: "tg.name", tagColors: "tg.color", tagKanbans: "tg.kanban" },
        "tg.name, tg.id",
      )}
      FROM contact_tags ct JOIN tags tg ON tg.id = ct.tag_id AND tg.company_id = ct.company_id
      WHERE ct.contact_id = c.id AND ct.company_id = c.company_id) ctg ON true`;

/** A row of CONTACT_DETAIL_SELECT. */
export type ContactDetailRow = Omit<ContactDetailDTO, "whatsapp" | "tags"> & {
  joinedWhatsappId: number | null;
  joinedWhatsappName: string | null;
  joinedWhatsappChannel: Channel | null;
  tagIds: number[] | null;
  tagNames: string[] | null;
  tagColors: string[] | null;
  tagKanbans: number[] | null;
};

/** The presenter of a contact's detail row: its connection and tags nested (numbers are masked later, per viewer). */
export function contactDetailAnswer(row: ContactDetailRow): ContactDetailDTO {
  const {
    joinedWhatsappId,
    joinedWhatsappName,
    joinedWhatsappChannel,
    tagIds,
    tagNames,
    tagColors,
    tagKanbans,
    ...contact
  } = row;
  return {
    ...contact,
    whatsapp:
      joinedWhatsappId === null
        ? null
        : { id: joinedWhatsappId, name: joinedWhatsappName!, channel: joinedWhatsappChannel! },
    tags: zipColumns({ id: tagIds, name: tagNames, color: tagColors, kanban: tagKanbans }),
  };
}

/** The contact of the company, or undefined (another company's id reads as absent). */
export async function findContact(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
): Promise<ContactDetailDTO | undefined> {
  const { rows } = await db.query<ContactDetailRow>(`${CONTACT_DETAIL_SELECT} WHERE c.id = $1 AND c.company_id = $2`, [
    id,
    companyId,
  ]);
  return rows[0] && contactDetailAnswer(rows[0]);
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
