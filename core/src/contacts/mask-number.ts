// LGPD number masking (spec 1 §2 Contacts list, §6): with the company settings
// enableLGPD and lgpdHideNumber both on, plain users see contact numbers with
// the middle hidden. Format: docs/decisions/0011-contacts.md.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { getCompanySettings, isOn } from "../settings/company-settings.ts";

/** Characters kept at the start (country + area code) and at the end. */
const KEEP_START = 4;
const KEEP_END = 2;

/**
 * '5511987654321' → '5511*******21': the first four and the last two characters
 * stay, every other one becomes '*'. Numbers of six characters or fewer keep only
 * the last two, so a short number never shows in full.
 */
export function maskNumber(number: string): string {
  if (number.length <= KEEP_END) return number;
  const start = number.length > KEEP_START + KEEP_END ? KEEP_START : 0;
  const hidden = number.length - start - KEEP_END;
  return number.slice(0, start) + "*".repeat(hidden) + number.slice(-KEEP_END);
}

/** Who sees masked numbers: plain users (never admins or the super user), when the company hides numbers. */
export async function hidesNumbersFrom(db: pg.Pool | pg.ClientBase, actor: Actor): Promise<boolean> {
  if (actor.profile !== "user" || actor.super) return false;
  const settings = await getCompanySettings(db, actor.companyId);
  return isOn(settings.enableLGPD) && isOn(settings.lgpdHideNumber);
}

type Numbered = { number: string; isGroup: boolean };

/** The contact as this caller may see it: groups are never masked. */
export function maskContact<T extends Numbered>(contact: T, hide: boolean): T {
  if (!hide || contact.isGroup) return contact;
  return { ...contact, number: maskNumber(contact.number) };
}

/** A masker bound to the caller, for answers that carry many contacts. */
export async function contactMaskerFor(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
): Promise<<T extends Numbered>(contact: T) => T> {
  const hide = await hidesNumbersFrom(db, actor);
  return (contact) => maskContact(contact, hide);
}
