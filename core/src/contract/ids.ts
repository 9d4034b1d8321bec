// The one id schema of the contract: every id of a table is a PostgreSQL integer
// (1..2,147,483,647). An id outside that range names no record anywhere, so it is
// malformed input (400 ERR_VALIDATION), wherever it comes from (docs/decisions/0024).
import { z } from "zod";

/** The largest id an `integer` column holds. */
export const ID_MAX = 2_147_483_647;

const INVALID_ID = "Invalid id";

/** An id as JSON carries it (bodies, push mutation args): a whole number in range. */
export const zIdWith = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message);

/**
 * An id from a path, a query string or a form field (or a JSON number): digits only, in range.
 * Unlike z.coerce.number() it refuses "", " ", "1e3", "0x10", true and null instead of reading them as numbers.
 */
export const zIdParamWith = (message: string) =>
  z
    .union(
      [
        z.number({ error: message }),
        z
          .string({ error: message })
          .trim()
          .regex(/^\d{1,10}$/, message),
      ],
      {
        error: message,
      },
    )
    .transform(Number)
    .pipe(zIdWith(message));

/** An id in JSON. */
export const zId = zIdWith(INVALID_ID);

/** An id in a path, query string or form field (JSON numbers accepted too). */
export const zIdParam = zIdParamWith(INVALID_ID);

/**
 * A list query parameter as clients send it, before its items are checked: a JSON array (`[1,2]`, the spec's
 * client), a single value, a comma-separated list or a repeated parameter; empty means no list.
 */
export function queryListValue(v: unknown): unknown {
  if (v === undefined || v === "" || v === "null") return undefined;
  if (Array.isArray(v)) return v;
  if (typeof v !== "string") return v;
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return v.split(",").map((s) => s.trim());
  }
}

/**
 * A list query parameter (see queryListValue) checked item by item: at most 500, repeats dropped, undefined when
 * empty (no filter). `sorted` also puts the items in ascending order.
 */
export const zQueryList = <T extends z.ZodType>(item: T, what: string, opts: { sorted?: boolean } = {}) =>
  z.preprocess(
    queryListValue,
    z
      .array(item, { error: `must be a JSON array of ${what}` })
      .max(500)
      .optional()
      .transform((a) => {
        if (!a || a.length === 0) return undefined;
        const distinct = [...new Set(a)];
        return opts.sorted ? distinct.sort() : distinct;
      }),
  );

/** A list query parameter of ids: `what` names them in the error text ("queue ids"). */
export const zQueryIds = (what: string, opts: { sorted?: boolean } = {}) =>
  zQueryList(zIdParamWith(`must be a JSON array of ${what}`), what, opts);
