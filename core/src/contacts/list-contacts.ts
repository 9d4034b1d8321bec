// GET /contacts (spec 1 §7 Contacts): pages of 20 contacts by name, filtered by
// a lower-cased search on name, number and e-mail, by tags, channel and kind. A caller who
// reads numbers masked (LGPD) matches a number only on its visible digits (decision 0039).

import type pg from "pg";
import type { ContactDetailDTO, ListContactsResponse, TListContactsQuery } from "../contract/contacts.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { numberMatchSql } from "../presenters/mask-number.ts";
import type { Viewer } from "../presenters/viewer.ts";
import { CONTACT_DETAIL_SELECT, type ContactDetailRow, contactDetailAnswer } from "./contact-queries.ts";

export const CONTACTS_PAGE_SIZE = 20;

/**
 * The WHERE clause of the contacts list's filters (GET /contacts and its export) for the viewer's company,
 * parameters appended to `params`.
 */
export function contactsFilter(viewer: Viewer, q: ContactsFilter, params: unknown[]): string {
  params.push(viewer.actor.companyId);
  const where = [`c.company_id = $${params.length}`];
  if (q.searchParam) {
    params.push(likePattern(q.searchParam));
    const p = `$${params.length}`;
    where.push(
      `(lower(c.name) LIKE ${p} OR ${numberMatchSql("c", p, viewer.hideNumbers)} OR lower(c.email) LIKE ${p})`,
    );
  }
  if (q.contactTag && q.contactTag.length > 0) {
    params.push(q.contactTag);
    where.push(
      `EXISTS (SELECT 1 FROM contact_tags ct WHERE ct.contact_id = c.id AND ct.company_id = c.company_id AND ct.tag_id = ANY($${params.length}::int[]))`,
    );
  }
  if (q.channel) {
    params.push(q.channel);
    where.push(`c.channel = $${params.length}`);
  }
  if (q.isGroup !== undefined) {
    params.push(q.isGroup);
    where.push(`c.is_group = $${params.length}`);
  }
  return where.join(" AND ");
}

export type ContactsFilter = Omit<TListContactsQuery, "pageNumber">;

/** A page of the list, unmasked: the caller presents it for the viewer. */
export async function listContacts(
  db: pg.Pool | pg.ClientBase,
  viewer: Viewer,
  q: TListContactsQuery,
): Promise<ListContactsResponse> {
  const params: unknown[] = [];
  const filter = contactsFilter(viewer, q, params);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts c WHERE ${filter}`, params);
  const offset = (q.pageNumber - 1) * CONTACTS_PAGE_SIZE;
  const page = await db.query<ContactDetailRow>(
    `${CONTACT_DETAIL_SELECT} WHERE ${filter} ORDER BY lower(c.name), c.id
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, CONTACTS_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { contacts: page.rows.map(contactDetailAnswer), count: total, hasMore: offset + page.rows.length < total };
}

/** GET /contacts/list: every contact of the company, few fields, for pickers. */
export async function listAllContacts(
  db: pg.Pool | pg.ClientBase,
  viewer: Viewer,
  searchParam: string | undefined,
): Promise<Pick<ContactDetailDTO, "id" | "name" | "number" | "email" | "isGroup" | "channel" | "urlPicture">[]> {
  const params: unknown[] = [viewer.actor.companyId];
  let filter = "c.company_id = $1";
  if (searchParam) {
    params.push(likePattern(searchParam));
    filter += ` AND (lower(c.name) LIKE $2 OR ${numberMatchSql("c", "$2", viewer.hideNumbers)})`;
  }
  const { rows } = await db.query(
    `SELECT c.id, c.name, c.number, c.email, c.is_group AS "isGroup", c.channel, c.url_picture AS "urlPicture"
     FROM contacts c WHERE ${filter} ORDER BY lower(c.name), c.id`,
    params,
  );
  return rows;
}
