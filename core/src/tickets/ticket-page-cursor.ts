// Where a page of the ticket list starts. A page is the 40 tickets after a
// boundary (updated_at, id) of the list's order: a keyset read, as fast on page
// 20,000 as on page 1. The boundary comes from the client's cursor (stateless),
// or from the small in-memory cache of boundaries this instance served per
// (user, list); without either, the page is found by OFFSET (the cold path).
import { createHash } from "node:crypto";
import { zId } from "../contract/ids.ts";
import { invalidInput } from "../kernel/errors.ts";

/** The last ticket of the previous page: its updated_at (PostgreSQL's text, to the microsecond) and id. */
export type PageBoundary = { updatedAt: string; id: number };

type Entry = PageBoundary & { expires: number };

/** A bounded LRU of page boundaries; entries also expire, lists move on. */
export class PageBoundaryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly max: number;
  private readonly ttlMs: number;
  constructor(opts: { max?: number; ttlMs?: number } = {}) {
    this.max = opts.max ?? 20_000;
    this.ttlMs = opts.ttlMs ?? 10 * 60_000;
  }

  get size(): number {
    return this.entries.size;
  }

  get(userId: number, listKey: string, page: number): PageBoundary | undefined {
    const k = cacheKey(userId, listKey, page);
    const e = this.entries.get(k);
    if (!e) return undefined;
    this.entries.delete(k);
    if (e.expires < Date.now()) return undefined;
    this.entries.set(k, e);
    return { updatedAt: e.updatedAt, id: e.id };
  }

  set(userId: number, listKey: string, page: number, b: PageBoundary): void {
    const k = cacheKey(userId, listKey, page);
    this.entries.delete(k);
    this.entries.set(k, { ...b, expires: Date.now() + this.ttlMs });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}

const cacheKey = (userId: number, listKey: string, page: number) => `${userId}\u0000${page}\u0000${listKey}`;

const digests = new Map<string, string>();

/** A short digest of the list key: a cursor only continues the list it came from. Remembered: a list is asked often. */
export function listDigest(listKey: string): string {
  let digest = digests.get(listKey);
  if (!digest) {
    digest = createHash("sha256").update(listKey).digest("base64url").slice(0, 16);
    if (digests.size >= 5000) digests.clear();
    digests.set(listKey, digest);
  }
  return digest;
}

/** The opaque `nextCursor`: which list, which page it opens, and that page's boundary. */
export function encodeCursor(listKey: string, page: number, b: PageBoundary): string {
  return Buffer.from(JSON.stringify([1, listDigest(listKey), page, b.updatedAt, b.id])).toString("base64url");
}

const invalidCursor = (message: string) => invalidInput(message, "cursor");

/** A timestamptz as PostgreSQL writes it: "2026-03-10 15:00:00.123456+00". */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:([+-])(\d{2})(?::?(\d{2})){0,2}|Z)$/;

/** The list's deepest page (as ZListTicketsQuerySchema's pageNumber). */
const MAX_PAGE = 1_000_000;

/**
 * True when the text is a timestamp PostgreSQL accepts: the shape alone let a forged
 * "2026-13-45 99:99:99" through to the query, which failed with 500 (22008).
 */
function isTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, sec, , , offH, offM] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  const realDay = y! >= 1 && day.getUTCFullYear() === y && day.getUTCMonth() === mo! - 1 && day.getUTCDate() === d;
  return realDay && h! < 24 && mi! < 60 && sec! < 60 && offH! <= 15 && offM! < 60;
}

export function decodeCursor(listKey: string, cursor: string): { page: number; boundary: PageBoundary } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor("Invalid cursor");
  }
  if (!Array.isArray(parsed) || parsed.length !== 5 || parsed[0] !== 1) throw invalidCursor("Invalid cursor");
  const [, digest, page, updatedAt, id] = parsed as [number, unknown, unknown, unknown, unknown];
  if (
    !Number.isInteger(page) ||
    (page as number) < 2 ||
    (page as number) > MAX_PAGE ||
    typeof updatedAt !== "string" ||
    !isTimestamp(updatedAt) ||
    !zId.safeParse(id).success
  ) {
    throw invalidCursor("Invalid cursor");
  }
  if (digest !== listDigest(listKey)) throw invalidCursor("The cursor belongs to a list with other filters");
  return { page: page as number, boundary: { updatedAt, id: id as number } };
}
