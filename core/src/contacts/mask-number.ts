// The LGPD mask of a contact number (spec 1 §2 Contacts list, §6; format in
// docs/decisions/0011-contacts.md). Who sees it masked is the presenters' call
// (core/src/presenters/viewer.ts), never the caller's.

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
