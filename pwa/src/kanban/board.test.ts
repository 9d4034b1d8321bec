import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { describe, expect, it } from "vitest";
import type { CachedTag } from "../store/db.ts";
import type { TicketListRow } from "../tickets/ticket-list-rows.ts";
import { boardLanes, cardsByLane, localDay, mergeRows, onBoard } from "./board.ts";

const tag = (id: number, name: string, o: Partial<CachedTag> = {}): CachedTag => ({
  id,
  name,
  color: "#111111",
  kanban: 1,
  ...o,
});

const ticket = (id: number, o: Partial<TicketDTO> = {}): TicketDTO => ({
  id,
  uuid: `u${id}`,
  status: "open",
  channel: "whatsapp",
  isGroup: false,
  isBot: false,
  contactId: id,
  queueId: 1,
  userId: null,
  whatsappId: 1,
  unreadMessages: 0,
  lastMessage: "",
  companyId: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  tagIds: [],
  rating: null,
  ...o,
});

const row = (t: TicketDTO, name = `Contato ${t.id}`): TicketListRow => ({
  ticket: t,
  contact: { name, number: "5511****21", urlPicture: null },
  queue: null,
  connection: null,
  owner: null,
  tags: [],
  remote: false,
});

describe("#kanban board", () => {
  it("orders lanes as the board document says, then the other kanban tags by place and name", () => {
    const tags = [
      tag(1, "Bravo"),
      tag(2, "alfa"),
      tag(3, "Charlie", { lanePosition: 0 }),
      tag(4, "Plain", { kanban: 0 }),
    ];
    expect(boardLanes(tags, []).map((l) => l.id)).toEqual([3, 2, 1]);
    // The document holds a plain tag (it was just added): it is a lane; Charlie was placed before and is gone.
    expect(boardLanes(tags, [1, 99, 4]).map((l) => l.id)).toEqual([1, 4, 2]);
  });

  it("puts open and pending tickets of the user's queues updated in the range on the board", () => {
    const today = localDay();
    const f = { queueIds: [1], startDate: today, endDate: today, search: "" };
    expect(onBoard(ticket(1), f)).toBe(true);
    expect(onBoard(ticket(2, { status: "closed" }), f)).toBe(false);
    expect(onBoard(ticket(3, { queueId: 2 }), f)).toBe(false);
    expect(onBoard(ticket(4, { queueId: null }), f)).toBe(false);
    const old = new Date(Date.now() - 3 * 86_400_000);
    expect(onBoard(ticket(5, { updatedAt: old.toISOString() }), f)).toBe(false);
    expect(onBoard(ticket(5, { updatedAt: old.toISOString() }), { ...f, startDate: localDay(old) })).toBe(true);
  });

  it("groups cards by their lane tag, newest first, and searches name, number and last message", () => {
    const lanes = [
      { id: 10, name: "A", color: "#000" },
      { id: 20, name: "B", color: "#000" },
    ];
    const older = new Date(Date.now() - 60_000).toISOString();
    const rows = [
      row(ticket(1, { tagIds: [10, 7], updatedAt: older })),
      row(ticket(2, { tagIds: [10], lastMessage: "Quero orçamento" })),
      row(ticket(3, { tagIds: [20] }), "Zeca"),
      row(ticket(4, { tagIds: [7] })),
    ];
    const all = cardsByLane(rows, lanes, "");
    expect(all.get(10)!.map((r) => r.ticket.id)).toEqual([2, 1]);
    expect(all.get(20)!.map((r) => r.ticket.id)).toEqual([3]);
    expect(
      cardsByLane(rows, lanes, "orçamento")
        .get(10)!
        .map((r) => r.ticket.id),
    ).toEqual([2]);
    expect(
      cardsByLane(rows, lanes, "zeca")
        .get(20)!
        .map((r) => r.ticket.id),
    ).toEqual([3]);
  });

  it("keeps the replica's row over core's answer for the same ticket", () => {
    const local = [row(ticket(1, { tagIds: [20] }))];
    const remote = [
      { ...row(ticket(1, { tagIds: [10] })), remote: true },
      { ...row(ticket(2)), remote: true },
    ];
    expect(mergeRows(local, remote).map((r) => [r.ticket.id, r.remote])).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});
