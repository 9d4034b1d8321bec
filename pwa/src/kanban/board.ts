// The kanban board's rules on this device (spec 2 §2 Kanban, §4, §6; decision 0047), pure so the page and the tests
// share them: which lanes, in which order; which tickets are cards (open or pending, updated within the date range,
// in the user's queues, carrying a lane's tag) and in which lane; and a card's move as one outbox mutation.

import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { laneOfTicket, tagsAfterMove } from "@chatflow/core/contract/kanban.ts";
import type { CachedTag, ChatflowDb } from "../store/db.ts";
import { queueMutation } from "../sync/optimistic.ts";
import type { TicketListRow } from "../tickets/ticket-list-rows.ts";

export type Lane = { id: number; name: string; color: string };

/**
 * The lanes: the board document's order (co-edited on /TagsKanban), then the company's other kanban tags by their
 * stored place and name. With the document's lanes at hand (`docIsAuthority`), a tag the board placed before and no
 * longer holds (a stale cached kanban 1 with a place) is no lane; only never-placed kanban tags join at the end.
 * A lane the document names but this device has no tag for is left out.
 */
export function boardLanes(tags: CachedTag[], docOrder: number[], docIsAuthority = docOrder.length > 0): Lane[] {
  const byId = new Map(tags.map((t) => [t.id, t]));
  const placed = docOrder.flatMap((id) => {
    const tag = byId.get(id);
    return tag ? [tag] : [];
  });
  const inDoc = new Set(placed.map((t) => t.id));
  const rest = tags
    .filter((t) => t.kanban === 1 && !inDoc.has(t.id) && !(docIsAuthority && t.lanePosition != null))
    .sort(
      (a, b) =>
        (a.lanePosition ?? Number.MAX_SAFE_INTEGER) - (b.lanePosition ?? Number.MAX_SAFE_INTEGER) ||
        a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
        a.id - b.id,
    );
  return [...placed, ...rest].map((t) => ({ id: t.id, name: t.name, color: t.color }));
}

/** The board's statuses (contract/kanban.ts KANBAN_STATUSES): work in progress. */
const BOARD_STATUSES = new Set(["open", "pending"]);

/** yyyy-mm-dd of a date in this device's time zone (the date fields' value). */
export function localDay(date: Date = new Date()): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export type BoardFilter = {
  /** The user's own queues (spec 2 §6). */
  queueIds: number[];
  /** yyyy-mm-dd, both included. */
  startDate: string;
  endDate: string;
  /** Lower-cased text the contact's name or number, or the last message, must contain. */
  search: string;
};

/**
 * The replica's candidates for the board: open and pending tickets through the [status+updatedAt] index, with a day
 * of margin on each side of the range (the stored dates' text and this device's time zone need not agree to the
 * hour); onBoard then decides exactly.
 */
export async function boardCandidates(db: ChatflowDb, f: BoardFilter): Promise<TicketDTO[]> {
  const from = new Date(new Date(`${f.startDate}T00:00:00`).getTime() - 86_400_000).toISOString();
  const to = new Date(new Date(`${f.endDate}T00:00:00`).getTime() + 2 * 86_400_000).toISOString();
  const lists = await Promise.all(
    [...BOARD_STATUSES].map((status) =>
      db.tickets.where("[status+updatedAt]").between([status, from], [status, to], true, true).toArray(),
    ),
  );
  return lists.flat().filter((t) => onBoard(t, f));
}

/** Whether a replica ticket is on the board under this filter (the same rule as GET /ticket/kanban). */
export function onBoard(ticket: TicketDTO, f: BoardFilter): boolean {
  if (!BOARD_STATUSES.has(ticket.status)) return false;
  if (ticket.queueId === null || !f.queueIds.includes(ticket.queueId)) return false;
  const day = localDay(new Date(ticket.updatedAt));
  return day >= f.startDate && day <= f.endDate;
}

function matches(row: TicketListRow, search: string): boolean {
  if (!search) return true;
  const hay = [row.contact?.name ?? "", row.contact?.number ?? "", row.ticket.lastMessage].join(" ").toLowerCase();
  return hay.includes(search);
}

/** The cards of each lane, most recently updated first; a ticket with no lane tag is on no lane. */
export function cardsByLane(rows: TicketListRow[], lanes: Lane[], search: string): Map<number, TicketListRow[]> {
  const laneIds = lanes.map((l) => l.id);
  const out = new Map<number, TicketListRow[]>(laneIds.map((id) => [id, []]));
  const sorted = [...rows].sort(
    (a, b) => b.ticket.updatedAt.localeCompare(a.ticket.updatedAt) || b.ticket.id - a.ticket.id,
  );
  for (const row of sorted) {
    if (!matches(row, search)) continue;
    const lane = laneOfTicket(row.ticket.tagIds ?? [], laneIds);
    if (lane !== null) out.get(lane)!.push(row);
  }
  return out;
}

/** Replica rows first; a row read from core only when the replica does not hold that ticket. */
export function mergeRows(local: TicketListRow[], remote: TicketListRow[]): TicketListRow[] {
  const held = new Set(local.map((r) => r.ticket.id));
  return [...local, ...remote.filter((r) => !held.has(r.ticket.id))];
}

/**
 * Moves a card (spec 2 §4): one moveTicketLane mutation, its effect (the ticket's new tagIds) written to the replica
 * at once and undone if the server refuses (sync/optimistic.ts). Works offline; pushed once when back.
 */
export function moveCard(
  db: ChatflowDb,
  ticket: Pick<TicketDTO, "id" | "tagIds">,
  laneIds: number[],
  toLaneId: number,
): Promise<number> {
  const tagIds = tagsAfterMove(ticket.tagIds ?? [], laneIds, toLaneId);
  return queueMutation(
    db,
    "moveTicketLane",
    { ticketId: ticket.id, toLaneId },
    { table: "tickets", id: ticket.id, patch: { tagIds } },
  );
}
