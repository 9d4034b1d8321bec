// A conversation read from the replica as soon as a finger (or a mouse button) goes down on its row in the list
// (decision 0088): the ticket and its first window of messages are then usually in memory by the time the route
// renders, so the first frame after the tap shows the header and the newest messages instead of a splash and
// then an empty list. The replica's live queries still run and replace these at once; an entry serves only
// within a few seconds of its read.
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";

/** Messages rendered when a conversation opens. */
export const FIRST_WINDOW = 30;
/** A read older than this is not trusted: the live query's answer is awaited instead. */
const FRESH_MS = 5_000;

type MessagePage = { messages: MessageDTO[]; olderInReplica: boolean };
type Ahead = { at: number; ticket?: TicketDTO | null; page?: MessagePage };

const ahead = new Map<string, Ahead>();

/** Starts reading the conversation at `uuid` (idempotent while a fresh read exists). */
export function readAhead(
  uuid: string,
  read: {
    ticket: (uuid: string) => Promise<TicketDTO | null>;
    page: (ticketId: number, limit: number) => Promise<MessagePage>;
  },
  now = Date.now(),
): Promise<void> {
  const known = ahead.get(uuid);
  if (known && now - known.at < FRESH_MS) return Promise.resolve();
  const entry: Ahead = { at: now };
  ahead.set(uuid, entry);
  return read
    .ticket(uuid)
    .then(async (ticket) => {
      entry.ticket = ticket;
      if (ticket) entry.page = await read.page(ticket.id, FIRST_WINDOW);
    })
    .catch(() => {
      ahead.delete(uuid);
    });
}

/** The ticket read ahead for `uuid`, if fresh. */
export function aheadTicket(uuid: string, now = Date.now()): TicketDTO | null | undefined {
  const entry = ahead.get(uuid);
  return entry && now - entry.at < FRESH_MS ? entry.ticket : undefined;
}

/** The first message window read ahead for the ticket, if fresh. */
export function aheadPage(ticketId: number, limit: number, now = Date.now()): MessagePage | undefined {
  if (limit !== FIRST_WINDOW) return undefined;
  for (const entry of ahead.values()) {
    if (entry.ticket?.id === ticketId && now - entry.at < FRESH_MS) return entry.page;
  }
  return undefined;
}

/** The uuid of the conversation a list row links to (`/tickets/{uuid}`), from the element pressed in it. */
export function rowUuid(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const href = target.closest("a[href]")?.getAttribute("href") ?? "";
  const match = /^\/tickets\/([0-9a-f-]{36})$/.exec(href);
  return match?.[1] ?? null;
}
