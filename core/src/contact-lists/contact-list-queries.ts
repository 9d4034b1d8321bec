// The contact-list reads behind GET /contact-lists, /contact-lists/list, /contact-lists/{id}, /contact-list-items
// and /contact-list-items/{id} (spec 3 §7 Contact lists), each scoped to the caller's company. Plain SQL: lists
// are read often and need their counts.
import type pg from "pg";
import { contactListItemNotFound, contactListNotFound } from "../campaigns/campaign-policy.ts";
import {
  CONTACT_LISTS_PAGE_SIZE,
  type ContactListDTO,
  type ContactListItemDTO,
  type ContactListItemsPage,
  type ContactListsPage,
} from "../contract/contact-lists.ts";
import { likePattern } from "../kernel/like-pattern.ts";

type Db = pg.Pool | pg.ClientBase;

const LIST_COLUMNS = `cl.id, cl.name, cl.created_at AS "createdAt", cl.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM contact_list_items i WHERE i.contact_list_id = cl.id AND i.company_id = cl.company_id)
    AS "contactsCount"`;

export const ITEM_COLUMNS = `i.id, i.name, i.number, i.email, i.is_whatsapp_valid AS "isWhatsappValid",
  i.contact_list_id AS "contactListId"`;

/** A page of the company's lists whose name contains the search, by name. */
export async function listContactListsPage(
  db: Db,
  companyId: number,
  q: { searchParam?: string; pageNumber: number },
): Promise<ContactListsPage> {
  const params = [companyId, q.searchParam ? likePattern(q.searchParam) : null];
  const filter = "cl.company_id = $1 AND ($2::text IS NULL OR lower(cl.name) LIKE $2)";
  const count = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM contact_lists cl WHERE ${filter}`,
    params,
  );
  const offset = (q.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
  const { rows } = await db.query<ContactListDTO>(
    `SELECT ${LIST_COLUMNS} FROM contact_lists cl WHERE ${filter}
     ORDER BY lower(cl.name), cl.id LIMIT $3 OFFSET $4`,
    [...params, CONTACT_LISTS_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { records: rows, count: total, hasMore: offset + rows.length < total };
}

/** Every list of the company, by name (the campaign modal's picker). */
export async function allContactLists(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    "SELECT id, name FROM contact_lists WHERE company_id = $1 ORDER BY lower(name), id",
    [companyId],
  );
  return rows;
}

/** The company's list with its count, or ERR_NOT_FOUND. */
export async function loadContactList(db: Db, companyId: number, id: number): Promise<ContactListDTO> {
  const { rows } = await db.query<ContactListDTO>(
    `SELECT ${LIST_COLUMNS} FROM contact_lists cl WHERE cl.company_id = $1 AND cl.id = $2`,
    [companyId, id],
  );
  if (!rows[0]) throw contactListNotFound();
  return rows[0];
}

/** A page of one list's items whose name, number or e-mail contains the search, by name. */
export async function listContactListItemsPage(
  db: Db,
  companyId: number,
  q: { contactListId: number; searchParam?: string; pageNumber: number },
): Promise<ContactListItemsPage> {
  await loadContactList(db, companyId, q.contactListId);
  const params = [companyId, q.contactListId, q.searchParam ? likePattern(q.searchParam) : null];
  const filter = `i.company_id = $1 AND i.contact_list_id = $2
    AND ($3::text IS NULL OR lower(i.name) LIKE $3 OR i.number LIKE $3 OR i.email LIKE $3)`;
  const count = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM contact_list_items i WHERE ${filter}`,
    params,
  );
  const offset = (q.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
  const { rows } = await db.query<ContactListItemDTO>(
    `SELECT ${ITEM_COLUMNS} FROM contact_list_items i WHERE ${filter}
     ORDER BY lower(i.name), i.id LIMIT $4 OFFSET $5`,
    [...params, CONTACT_LISTS_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { contacts: rows, count: total, hasMore: offset + rows.length < total };
}

/** The company's item, or ERR_NOT_FOUND. */
export async function loadContactListItem(db: Db, companyId: number, id: number): Promise<ContactListItemDTO> {
  const { rows } = await db.query<ContactListItemDTO>(
    `SELECT ${ITEM_COLUMNS} FROM contact_list_items i WHERE i.company_id = $1 AND i.id = $2`,
    [companyId, id],
  );
  if (!rows[0]) throw contactListItemNotFound();
  return rows[0];
}
