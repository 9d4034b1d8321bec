// GET /messages-search (issue 21, decision 0089; issue 25, decision 0115): message text found across the
// conversations the caller may see, listed as messages with the matched words marked and grouped by ticket (the PWA
// opens the conversation at the match). Contacts and numbers are found by GET /tickets' searchParam, the same box's
// other section. The words are matched as search-text.ts makes them (accents folded, Portuguese stems).
import { z } from "zod";
import { SEARCH_MAX_TERMS, searchTerms } from "./search-text.ts";

/** Fewer characters than this find too much to be useful (spec 1 §2: contact lookups need 3+). */
export const SEARCH_MIN_LENGTH = 3;
/** Longer than this is a pasted text, not a search. */
export const SEARCH_MAX_LENGTH = 200;
/** Matches answered when the caller names no limit, and the most they may ask for. */
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_ORDERS = ["recent", "rank"] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export const ZSearchMessagesQuerySchema = z.object({
  /** The text to find: words, each matched as the start of a word of the message (accents folded, stemmed). */
  searchParam: z
    .string({ error: "searchParam is required" })
    .trim()
    .min(SEARCH_MIN_LENGTH, { error: `searchParam needs at least ${SEARCH_MIN_LENGTH} characters` })
    .max(SEARCH_MAX_LENGTH, { error: `searchParam has at most ${SEARCH_MAX_LENGTH} characters` })
    .refine((s) => searchTerms(s).length <= SEARCH_MAX_TERMS, {
      error: `searchParam has at most ${SEARCH_MAX_TERMS} words`,
    }),
  /** How many matches per page (1 to SEARCH_MAX_LIMIT). */
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  /** recent: newest first; rank: best match first (ts_rank_cd), newest first among equals. */
  order: z.enum(SEARCH_ORDERS).default("recent"),
  /** The previous page's nextCursor, for the page after it (same searchParam and order). */
  cursor: z.string().max(300).optional(),
});
export type TSearchMessagesQuery = z.infer<typeof ZSearchMessagesQuerySchema>;

/** One message that matched, with what the result row shows and what opening it needs. */
export type MessageSearchHit = {
  id: string;
  ticketId: number;
  ticketUuid: string;
  ticketStatus: string;
  /** The message's text (its first 500 characters). */
  body: string;
  /** The words around the matches (plain text, never markup), " … " between two parts. */
  fragment: string;
  /** Where the matched words stand in `fragment`: [start, end) in UTF-16 units, in order. */
  highlights: [number, number][];
  /** How well it matched (order=rank sorts by it). */
  rank: number;
  fromMe: boolean;
  isPrivate: boolean;
  createdAt: string;
  contact: { id: number; name: string; urlPicture: string | null };
};

/** A page's matches of one ticket, in the page's order (a ticket may continue on the next page). */
export type MessageSearchGroup = {
  ticketId: number;
  ticketUuid: string;
  ticketStatus: string;
  contact: MessageSearchHit["contact"];
  messageIds: string[];
};

export type SearchMessagesResponse = {
  messages: MessageSearchHit[];
  /** The same messages by ticket, tickets in the order of their first match. */
  groups: MessageSearchGroup[];
  /** More matches than the limit. */
  hasMore: boolean;
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
  /** The search ran out of time (SEARCH_TIMEOUT_MS): the text finds too much; fewer or longer words will do. */
  timedOut: boolean;
};

/** Groups hits by ticket, tickets in the order of their first hit (the server's answer and the offline search). */
export function groupByTicket(hits: MessageSearchHit[]): MessageSearchGroup[] {
  const groups = new Map<number, MessageSearchGroup>();
  for (const h of hits) {
    const g = groups.get(h.ticketId);
    if (g) g.messageIds.push(h.id);
    else
      groups.set(h.ticketId, {
        ticketId: h.ticketId,
        ticketUuid: h.ticketUuid,
        ticketStatus: h.ticketStatus,
        contact: h.contact,
        messageIds: [h.id],
      });
  }
  return [...groups.values()];
}
