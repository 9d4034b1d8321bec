import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  addLane,
  kanbanBoardDocumentName,
  laneIds,
  listBoardLanes,
  moveLane,
  removeLane,
  updateLaneSettings,
} from "./kanban-board.ts";

describe("#kanban board document", () => {
  it("names the company's one board", () => {
    expect(kanbanBoardDocumentName(12)).toBe("company/12/kanban/board");
  });

  it("adds, moves and removes lanes, each once in board order", () => {
    const doc = new Y.Doc();
    expect(addLane(doc, 1)).toBe(true);
    addLane(doc, 2);
    addLane(doc, 3);
    expect(addLane(doc, 2)).toBe(false);
    expect(moveLane(doc, 3, 0)).toBe(true);
    expect(laneIds(doc)).toEqual([3, 1, 2]);
    moveLane(doc, 3, 5);
    expect(laneIds(doc)).toEqual([1, 2, 3]);
    expect(moveLane(doc, 9, 0)).toBe(false);
    updateLaneSettings(doc, 2, { timeLane: 4 });
    expect(removeLane(doc, 2)).toBe(true);
    expect(removeLane(doc, 2)).toBe(false);
    expect(listBoardLanes(doc)).toEqual([
      { tagId: 1, settings: {} },
      { tagId: 3, settings: {} },
    ]);
  });

  it("keeps one copy of a lane two admins added at once, and both admins' settings of one lane", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    addLane(a, 7);
    addLane(b, 7);
    updateLaneSettings(a, 7, { timeLane: 2 });
    updateLaneSettings(b, 7, { greetingMessageLane: "Oi" });
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    for (const doc of [a, b]) {
      expect(laneIds(doc)).toEqual([7]);
      expect(listBoardLanes(doc)[0]!.settings).toEqual({ timeLane: 2, greetingMessageLane: "Oi" });
    }
  });

  it("reads only valid settings: what a client wrote wrong is left out, null clears", () => {
    const doc = new Y.Doc();
    addLane(doc, 5);
    updateLaneSettings(doc, 5, {
      timeLane: -3,
      nextLaneId: 0,
      rollbackLaneId: null,
      greetingMessageLane: "a\u0000b",
    });
    expect(listBoardLanes(doc)[0]!.settings).toEqual({ rollbackLaneId: null });
    doc.getArray("lanes").push(["x" as unknown as number, 5]);
    expect(laneIds(doc)).toEqual([5]);
  });
});
