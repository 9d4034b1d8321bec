// The message search over this device's replica (issue 25, decision 0115): the same words as the server (the
// contract's search-text.ts: accents folded, Portuguese stems, stop words), the same rule of whose conversations a
// user finds (never a colleague's work in progress), the same answer's shape, grouped and ordered alike. It covers
// the messages the replica holds, which are the person's to see and already masked as the server sent them.
import type { ContactDTO, MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { MessageSearchHit, SearchOrder } from "@chatflow/core/contract/search.ts";
import { highlight, matchesSearch, searchStems, textWords } from "@chatflow/core/contract/search-text.ts";
import type { ChatflowDb } from "../store/db.ts";

/** Statuses a user finds whoever attends them (the server's SHARED_STATUSES, visibility.ts). */
const SHARED = new Set(["pending", "closed"]);
/** Most matches the offline search shows: the replica is small, a person reads no more. */
export const OFFLINE_SEARCH_LIMIT = 100;

export type Searcher = { id: number; admin: boolean };

/** Matched words over the text's length (ts_rank_cd normalised by 1 + log(length), as the server ranks, roughly). */
function rankOf(text: string, stems: string[]): number {
  const words = textWords(text).filter((w) => w.lexeme !== null);
  const hits = words.filter((w) => stems.some((s) => w.lexeme?.startsWith(s))).length;
  return hits / (1 + Math.log(Math.max(1, words.length)));
}

/** The held messages that match, as the server would answer them (first `limit`), newest or best first. */
export function searchHeldMessages(
  messages: Iterable<MessageDTO>,
  tickets: Map<number, TicketDTO>,
  contacts: Map<number, ContactDTO>,
  search: string,
  order: SearchOrder,
  who: Searcher,
  limit = OFFLINE_SEARCH_LIMIT,
): MessageSearchHit[] {
  const stems = searchStems(search);
  if (stems.length === 0) return [];
  const hits: MessageSearchHit[] = [];
  for (const m of messages) {
    if (m.isDeleted || m.mediaType === "reactionMessage" || !matchesSearch(m.body, stems)) continue;
    const ticket = tickets.get(m.ticketId);
    if (!ticket) continue;
    if (!who.admin && ticket.userId !== null && ticket.userId !== who.id && !SHARED.has(ticket.status)) continue;
    const contact = contacts.get(ticket.contactId);
    hits.push({
      id: m.id,
      ticketId: ticket.id,
      ticketUuid: ticket.uuid,
      ticketStatus: ticket.status,
      body: m.body.slice(0, 500),
      ...highlight(m.body, stems),
      rank: rankOf(m.body, stems),
      fromMe: m.fromMe,
      isPrivate: m.isPrivate,
      createdAt: m.createdAt,
      contact: { id: ticket.contactId, name: contact?.name ?? "", urlPicture: contact?.urlPicture ?? null },
    });
  }
  const newest = (a: MessageSearchHit, b: MessageSearchHit) =>
    b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
  hits.sort(order === "rank" ? (a, b) => b.rank - a.rank || newest(a, b) : newest);
  return hits.slice(0, limit);
}

/** The same search over the replica (IndexedDB). */
export async function searchReplica(db: ChatflowDb, search: string, order: SearchOrder, who: Searcher) {
  const messages = await db.messages.toArray();
  const tickets = new Map((await db.tickets.toArray()).map((t) => [t.id, t]));
  const contacts = new Map((await db.contacts.toArray()).map((c) => [c.id, c]));
  return searchHeldMessages(messages, tickets, contacts, search, order, who);
}
