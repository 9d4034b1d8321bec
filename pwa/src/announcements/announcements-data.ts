// The announcements area's data (issue 20: screens call hooks; this file owns the paths and tables).
// Announcements are the platform's, read over REST: the super user's list page by page (GET /announcements),
// and every user's feed of the active ones kept in the cache table so an offline top bar shows what it last
// loaded. A change made elsewhere arrives as the 'announcements' frame (announcement-events.ts).
import type { AnnouncementDTO, AnnouncementsPage as Page } from "@chatflow/core/contract/announcements.ts";
import { useCallback, useEffect } from "react";
import { usePaged } from "../api/use-paged.ts";
import { keptInCache, useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";
import { onAnnouncementsChanged } from "./announcement-events.ts";
import type { AnnouncementForm } from "./announcement-form.ts";
import { ANNOUNCEMENTS_CACHE_KEY, ANNOUNCEMENTS_FEED_PATH, type AnnouncementsFeed } from "./announcements-feed.ts";

/** The announcements matching `search`, page by page while online; another super user's change reloads them. */
export function useAnnouncementPages(search: string, online: boolean) {
  const list = usePaged<AnnouncementDTO>(search, online, async (page) => {
    const params = new URLSearchParams({ pageNumber: String(page) });
    if (search) params.set("searchParam", search);
    const answer = await api.get<Page>(`/announcements/?${params}`);
    return { items: answer.records, hasMore: answer.hasMore, count: answer.count };
  });
  // Another super user's (or another tab's) change.
  const { reload } = list;
  useEffect(() => onAnnouncementsChanged(reload), [reload]);
  return list;
}

export function useSaveAnnouncement() {
  return useCallback(
    // The form's module (its schema, the form errors and through them the users contract's zod schemas) loads when
    // an announcement is saved: the top bar's feed, in the layout of every screen, does not need it (issue 24).
    (form: AnnouncementForm, existing: AnnouncementDTO | null) =>
      import("./announcement-form.ts").then(({ saveAnnouncement }) => saveAnnouncement(api, form, existing)),
    [],
  );
}

export function useDeleteAnnouncement() {
  return useCallback(async (id: number) => {
    await api.delete(`/announcements/${id}`);
  }, []);
}

/** The active announcements as last kept; asked again when online and on each change. undefined while reading. */
export function useAnnouncementsFeed(online: boolean): AnnouncementDTO[] | undefined {
  const feed = useRestQuery<AnnouncementsFeed>(online ? ANNOUNCEMENTS_FEED_PATH : null, {
    // Only the records are kept (the page's count and hasMore mean nothing to the top bar).
    load: async (path) => ({ records: (await api.get<AnnouncementsFeed>(path)).records }),
    keep: keptInCache(ANNOUNCEMENTS_CACHE_KEY),
  });
  const { reload } = feed;
  useEffect(() => onAnnouncementsChanged(() => void reload()), [reload]);
  // Offline or refused with nothing kept: no announcements.
  return feed.data?.records ?? (feed.loading ? undefined : []);
}
