// GET /messages-search (issue 21, decision 0089): message text found across the conversations the caller may see,
// listed as messages (the PWA opens the conversation at the match). Contacts and numbers are found by GET /tickets'
// searchParam, the same box's other section.
import { z } from "zod";

/** Fewer characters than this find too much to be useful (spec 1 §2: contact lookups need 3+). */
export const SEARCH_MIN_LENGTH = 3;
/** Matches answered when the caller names no limit, and the most they may ask for. */
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;

export const ZSearchMessagesQuerySchema = z.object({
  /** The text to find: words, each matched as the start of a word of the message (full text, Portuguese). */
  searchParam: z
    .string({ error: "searchParam is required" })
    .trim()
    .min(SEARCH_MIN_LENGTH, { error: `searchParam needs at least ${SEARCH_MIN_LENGTH} characters` })
    .max(200),
  /** How many matches, newest first (1 to SEARCH_MAX_LIMIT). */
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
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
  fromMe: boolean;
  isPrivate: boolean;
  createdAt: string;
  contact: { id: number; name: string; urlPicture: string | null };
};

export type SearchMessagesResponse = {
  messages: MessageSearchHit[];
  /** More matches than the limit. */
  hasMore: boolean;
  /** The search ran out of time (SEARCH_TIMEOUT_MS): the text finds too much; fewer or longer words will do. */
  timedOut: boolean;
};
