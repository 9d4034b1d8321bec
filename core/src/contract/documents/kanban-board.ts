// The layout of the kanban board document (spec 2 "Kanban", "/TagsKanban"; decision 0047), shared by the PWA, which
// edits and reads it, and the sync server, which projects it into the tags table. Pure functions over a Y.Doc,
// importable in a browser.
//
// One board per company, `company/{c}/kanban/board`: admins edit it, everyone else reads it (document-policy.ts).
// Layout: a root Y.Array "lanes" of lane tag ids in board order, and a flat root Y.Map "laneSettings" keyed
// `{tagId}/{setting}`, so two admins changing different settings of one lane (even its first ones, when a nested
// map per lane would let one admin's new map replace the other's), or one reordering while the other edits, both
// keep their change. A setting absent from the map leaves the tag's stored value as it is; null clears it.
import type * as Y from "yjs";
import { formatDocumentName } from "./document-name.ts";

export const KANBAN_BOARD_ID = "board";

const LANES = "lanes";
const SETTINGS = "laneSettings";
const SETTING_KEYS = ["timeLane", "nextLaneId", "rollbackLaneId", "greetingMessageLane"] as const;
const settingKey = (tagId: number, key: string) => `${tagId}/${key}`;

/** The most hours a lane may hold a ticket (the tag calls' limit, contract/contacts.ts MAX_TIME_LANE_HOURS). */
const MAX_TIME_LANE = 8760;
const MAX_GREETING = 5000;

export type LaneSettings = {
  timeLane?: number;
  nextLaneId?: number | null;
  rollbackLaneId?: number | null;
  greetingMessageLane?: string | null;
};

export type BoardLane = { tagId: number; settings: LaneSettings };

export function kanbanBoardDocumentName(companyId: number): string {
  return formatDocumentName({ companyId, kind: "kanban", id: KANBAN_BOARD_ID });
}

const lanesOf = (doc: Y.Doc) => doc.getArray<number>(LANES);
const settingsOf = (doc: Y.Doc) => doc.getMap<unknown>(SETTINGS);

const isTagId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

/** The lanes in board order: each tag once (two admins adding or moving one lane at once may leave a copy). */
export function laneIds(doc: Y.Doc): number[] {
  const seen = new Set<number>();
  for (const v of lanesOf(doc).toArray()) if (isTagId(v)) seen.add(v);
  return [...seen];
}

// The document is written by clients: each setting is checked on the way out, an invalid one left out (so the
// tag keeps its stored value) rather than trusted.
function readSettings(doc: Y.Doc, tagId: number): LaneSettings {
  const map = settingsOf(doc);
  const has = (key: string) => map.has(settingKey(tagId, key));
  const get = (key: string) => map.get(settingKey(tagId, key));
  const s: LaneSettings = {};
  const time = get("timeLane");
  if (typeof time === "number" && Number.isInteger(time) && time >= 0 && time <= MAX_TIME_LANE) s.timeLane = time;
  for (const key of ["nextLaneId", "rollbackLaneId"] as const) {
    if (!has(key)) continue;
    const v = get(key);
    if (v === null || isTagId(v)) s[key] = v;
  }
  if (has("greetingMessageLane")) {
    const g = get("greetingMessageLane");
    if (g === null) s.greetingMessageLane = null;
    else if (typeof g === "string" && g.length <= MAX_GREETING && !g.includes("\u0000")) s.greetingMessageLane = g;
  }
  return s;
}

/** Every lane with its settings, in board order. */
export function listBoardLanes(doc: Y.Doc): BoardLane[] {
  return laneIds(doc).map((tagId) => ({ tagId, settings: readSettings(doc, tagId) }));
}

/** Puts a lane on the board at `index` (the end when absent); false when it is there already. */
export function addLane(doc: Y.Doc, tagId: number, index?: number): boolean {
  if (laneIds(doc).includes(tagId)) return false;
  const lanes = lanesOf(doc);
  lanes.insert(Math.min(index ?? lanes.length, lanes.length), [tagId]);
  return true;
}

/** Takes a lane off the board (the tag stays, as a plain tag); false when it was not there. */
export function removeLane(doc: Y.Doc, tagId: number): boolean {
  const lanes = lanesOf(doc);
  let removed = false;
  doc.transact(() => {
    for (let i = lanes.length - 1; i >= 0; i--) {
      if (lanes.get(i) === tagId) {
        lanes.delete(i, 1);
        removed = true;
      }
    }
    for (const key of SETTING_KEYS) settingsOf(doc).delete(settingKey(tagId, key));
  });
  return removed;
}

/** Moves a lane to `toIndex` of the board order (counted without it); false when it is not on the board. */
export function moveLane(doc: Y.Doc, tagId: number, toIndex: number): boolean {
  const order = laneIds(doc);
  if (!order.includes(tagId)) return false;
  const lanes = lanesOf(doc);
  doc.transact(() => {
    for (let i = lanes.length - 1; i >= 0; i--) if (lanes.get(i) === tagId) lanes.delete(i, 1);
    // Insert before the lane that will follow it, found by id so copies or invalid entries do not shift it.
    const rest = order.filter((id) => id !== tagId);
    const target = Math.max(0, Math.min(toIndex, rest.length));
    const before = rest[target];
    const at = before === undefined ? lanes.length : lanes.toArray().indexOf(before);
    lanes.insert(at < 0 ? lanes.length : at, [tagId]);
  });
  return true;
}

/** Changes a lane's settings; undefined leaves a setting, null clears it. */
export function updateLaneSettings(doc: Y.Doc, tagId: number, patch: LaneSettings): void {
  const settings = settingsOf(doc);
  doc.transact(() => {
    for (const key of SETTING_KEYS) {
      const value = patch[key];
      if (value !== undefined) settings.set(settingKey(tagId, key), value);
    }
  });
}

/** Calls `onChange` after every change to the board; returns the unsubscribe. */
export function observeBoard(doc: Y.Doc, onChange: () => void): () => void {
  const lanes = lanesOf(doc);
  const settings = settingsOf(doc);
  const handler = () => onChange();
  lanes.observe(handler);
  settings.observe(handler);
  return () => {
    lanes.unobserve(handler);
    settings.unobserve(handler);
  };
}
