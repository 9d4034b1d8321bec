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

/**
 * The same mask in SQL over a number column (tested against maskNumber). A masked caller's search matches the
 * number only through it: the digits they can see, never the hidden ones (decision 0039).
 */
export function maskedNumberSql(column: string): string {
  const len = `length(${column})`;
  const start = `CASE WHEN ${len} > ${KEEP_START + KEEP_END} THEN ${KEEP_START} ELSE 0 END`;
  return `(CASE WHEN ${len} <= ${KEEP_END} THEN ${column} ELSE left(${column}, ${start}) || repeat('*', ${len} - ${start} - ${KEEP_END}) || right(${column}, ${KEEP_END}) END)`;
}

/**
 * The expression the trigram index on contacts' numbers is built on (migration 0062): a LIKE search on a number
 * names it to use that index. It is not the bare column so that equality lookups by (company, number) keep to the
 * unique btree; pg_trgm also answers `=`, and the planner preferred it there (decision 0064).
 */
export function numberSearchSql(alias: string): string {
  return `(${alias}.number || '')`;
}

/**
 * The search condition on a contact's number for a LIKE pattern bound as `pattern`. With `hidden`, a plain user
 * under LGPD hiding matches only on what the mask leaves visible (a group's id is never masked); the plain
 * `number LIKE` (on `numberSearchSql`) stays first so the trigram index still narrows the rows.
 */
export function numberMatchSql(alias: string, pattern: string, hidden: boolean): string {
  const plain = `${numberSearchSql(alias)} LIKE ${pattern}`;
  if (!hidden) return plain;
  return `(${plain} AND (${alias}.is_group OR ${maskedNumberSql(`${alias}.number`)} LIKE ${pattern}))`;
}
