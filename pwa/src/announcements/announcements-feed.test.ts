import type { AnnouncementDTO } from "@chatflow/core/contract/announcements.ts";
import { describe, expect, it } from "vitest";
import { lastSeen, markSeen, unseenCount } from "./announcements-feed.ts";

const at = (id: number, updatedAt: string): AnnouncementDTO => ({
  id,
  title: `A${id}`,
  text: "",
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: updatedAt,
  updatedAt,
});

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe("#top bar announcements: what is new", () => {
  it("counts every announcement until the popover is opened, then only those changed after", () => {
    const storage = memoryStorage();
    const records = [at(1, "2026-03-01T10:00:00.000Z"), at(2, "2026-03-02T10:00:00.000Z")];
    expect(unseenCount(records, lastSeen(storage, 5))).toBe(2);
    markSeen(storage, 5, records);
    expect(unseenCount(records, lastSeen(storage, 5))).toBe(0);
    const edited = [at(1, "2026-03-03T10:00:00.000Z"), records[1]!];
    expect(unseenCount(edited, lastSeen(storage, 5))).toBe(1);
    // Each user of the browser keeps their own mark.
    expect(lastSeen(storage, 6)).toBe("");
  });
});
