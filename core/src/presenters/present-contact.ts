// A contact as the caller may read it: with LGPD hiding on, a plain user sees the
// number's middle masked (maskNumber); a group's id is never masked (spec 1 §2).
import { maskNumber } from "./mask-number.ts";
import type { Viewer } from "./viewer.ts";

/** What masking reads of a contact; every contact shape the API answers has both. */
export type NumberedContact = { number: string; isGroup: boolean };

export function presentContact<T extends NumberedContact>(viewer: Viewer, contact: T): T {
  if (!viewer.hideNumbers || contact.isGroup) return contact;
  return { ...contact, number: maskNumber(contact.number) };
}
