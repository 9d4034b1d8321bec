// The top bar's announcements (spec 3 §2): the active ones (GET /announcements?active=1), kept in the cache table so
// an offline top bar shows what it last loaded; asked again on each 'announcements' frame, socket (re)connection and
// return online. "New" are the ones changed since this user last opened the popover (kept in this browser).
import type {
  AnnouncementDTO,
  AnnouncementPriority,
  AnnouncementsPage,
} from "@chatflow/core/contract/announcements.ts";

export const ANNOUNCEMENTS_CACHE_KEY = "announcements:active";
export const ANNOUNCEMENTS_FEED_PATH = "/announcements?active=1&pageNumber=1";

const seenKey = (userId: number) => `chatflow.announcementsSeen.${userId}`;

/** The latest change the user has seen (ISO time), or "" when never opened. */
export function lastSeen(storage: Pick<Storage, "getItem">, userId: number): string {
  try {
    return storage.getItem(seenKey(userId)) ?? "";
  } catch {
    return "";
  }
}

/** Marks everything shown as seen. */
export function markSeen(storage: Pick<Storage, "setItem">, userId: number, records: readonly AnnouncementDTO[]): void {
  const newest = records.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), "");
  if (!newest) return;
  try {
    storage.setItem(seenKey(userId), newest);
  } catch {
    // Storage refused (private mode): the badge just stays.
  }
}

/** How many shown announcements changed after `seen`. */
export const unseenCount = (records: readonly AnnouncementDTO[], seen: string) =>
  records.filter((r) => r.updatedAt > seen).length;

export type AnnouncementsFeed = Pick<AnnouncementsPage, "records">;

/** Where an announcement's image is served (public, unguessable names: decision 0072). */
export const announcementImageUrl = (mediaPath: string) => `/announcement-media/${encodeURIComponent(mediaPath)}`;

/** spec 3 §2: 1 red (high), 2 orange (medium), 3 grey (low). */
export const PRIORITY_TONE: Record<AnnouncementPriority, "danger" | "warning" | "neutral"> = {
  1: "danger",
  2: "warning",
  3: "neutral",
};
