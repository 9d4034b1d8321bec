// GET /contacts/profile/{number}: the company's contact with this number, as the caller may
// find it. A plain user who reads numbers masked under LGPD (0011) finds a contact only by
// what they can see, the rule of the masked search (0039): the masked form (`5511*******21`,
// when exactly one contact has it) or a group's whole id (never masked). A whole person's
// number is not found for them, so the call cannot tell which full numbers are contacts
// (decision 0044). The route also limits how often a user may ask (decision 0022's limiter).
import type pg from "pg";
import type { ContactDetailDTO } from "../contract/contacts.ts";
import { contactNotFound } from "../kernel/errors.ts";
import { maskedNumberSql, numberSearchSql } from "../presenters/mask-number.ts";
import type { Viewer } from "../presenters/viewer.ts";
import { loadContact } from "./contact-queries.ts";

/** The contact (unmasked: the caller presents it for the viewer), or 404 ERR_NO_CONTACT_FOUND. */
export async function findContactByNumber(
  db: pg.Pool | pg.ClientBase,
  viewer: Viewer,
  text: string,
): Promise<ContactDetailDTO> {
  const companyId = viewer.actor.companyId;
  const id = viewer.hideNumbers ? await findMasked(db, companyId, text) : await findWhole(db, companyId, text);
  if (id === undefined) throw contactNotFound();
  return loadContact(db, companyId, id);
}

async function findWhole(db: pg.Pool | pg.ClientBase, companyId: number, text: string): Promise<number | undefined> {
  const number = text.replace(/\D/g, "");
  if (!number) return undefined;
  const { rows } = await db.query<{ id: number }>("SELECT id FROM contacts WHERE company_id = $1 AND number = $2", [
    companyId,
    number,
  ]);
  return rows[0]?.id;
}

async function findMasked(db: pg.Pool | pg.ClientBase, companyId: number, text: string): Promise<number | undefined> {
  // Digits and the mask's stars; a star matches one hidden digit (LIKE's `_`), and the mask of the
  // candidate must then equal the text, so a star can stand only where the mask hides.
  const masked = text.replace(/[^\d*]/g, "");
  if (!/\d/.test(masked)) return undefined;
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM contacts c
     WHERE c.company_id = $1
       AND ((c.is_group AND c.number = $2)
         OR (NOT c.is_group AND ${numberSearchSql("c")} LIKE $3 AND ${maskedNumberSql("c.number")} = $2))
     LIMIT 2`,
    [companyId, masked, masked.replaceAll("*", "_")],
  );
  // Two contacts behind one mask: the caller cannot say which, so neither (a new ticket must not go to the wrong one).
  return rows.length === 1 ? rows[0]?.id : undefined;
}
