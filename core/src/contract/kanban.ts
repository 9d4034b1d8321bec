// Requests of the kanban board (spec 2 §2 Kanban, §4 Kanban, §7 "Tags and kanban"; decision 0047), shared by
// core's routes and sync push and by the PWA's board.
import { z } from "zod";
import { ZIdListQuerySchema } from "./contacts.ts";
import { zDay } from "./dates.ts";
import { zId } from "./ids.ts";

/** Tickets one board answer carries at most (the busiest lanes of one day stay well under it). */
export const KANBAN_TICKETS_LIMIT = 1000;

/** The ticket statuses the board shows: work in progress (a closed ticket leaves the board). */
export const KANBAN_STATUSES = ["open", "pending"] as const;

export const ZKanbanTicketsQuerySchema = z.object({
  /** Queue ids (JSON list): only tickets of these queues among the caller's own (spec 2 §6). */
  queueIds: ZIdListQuerySchema,
  /** First day (yyyy-mm-dd) of the tickets' last update; today when absent (spec 2 §9). */
  startDate: zDay.optional(),
  /** Last day (yyyy-mm-dd) of the tickets' last update, included; today when absent. */
  endDate: zDay.optional(),
});
export type TKanbanTicketsQuery = z.infer<typeof ZKanbanTicketsQuerySchema>;

export const ZMoveTicketLaneArgsSchema = z.object({
  /** The ticket whose card moved. */
  ticketId: zId,
  /** The kanban tag (lane) the card was dropped on. */
  toLaneId: zId,
});
export type TMoveTicketLaneArgs = z.infer<typeof ZMoveTicketLaneArgsSchema>;

/** The board's lanes for a ticket: its tags that are lanes, in lane order. */
export function laneOfTicket(tagIds: readonly number[], laneIds: readonly number[]): number | null {
  for (const lane of laneIds) if (tagIds.includes(lane)) return lane;
  return null;
}

/**
 * A ticket's tags after its card moved to `toLaneId` (spec 2 §4): its lane tags come off, then the new lane's
 * tag goes on; its other tags stay. The same rule as core's moveTicketLane, for the PWA's optimistic change.
 */
export function tagsAfterMove(tagIds: readonly number[], laneIds: readonly number[], toLaneId: number): number[] {
  const lanes = new Set(laneIds);
  return [...tagIds.filter((id) => !lanes.has(id)), toLaneId].sort((a, b) => a - b);
}
