// Hooks behind the contact drawer: REST answers read from the cache table at once and
// refreshed when online, and the outbox entries laid over them. When a waiting entry is
// answered it leaves the outbox; the list is fetched again before the entry stops being shown,
// so an accepted note or tag does not blink out and back in.
import type { ContactDetailDTO, TagDTO, TicketNoteDTO } from "@chatflow/core/contract/contacts.ts";
import type { TicketLogEntryDTO } from "@chatflow/core/contract/tickets.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useOnline } from "../layout/use-online.ts";
import { refreshCache } from "../store/cache.ts";
import type { OutboxEntry } from "../store/db.ts";
import { cacheKeys, drawerEntries } from "./contact-drawer-data.ts";

export type Resource<T> = {
  value: T | undefined;
  /** Nothing kept here and no way to fetch it now (offline, or the server refused). */
  missing: boolean;
  refresh: () => Promise<void>;
};

/** `path`'s answer, kept under `key`; fetched again when online and whenever `refreshKey` changes. */
export function useCachedResource<T>(key: string, path: string, refreshKey?: unknown): Resource<T> {
  const online = useOnline();
  const row = useLiveQuery(async () => (await db.cache.get(key)) ?? null, [key]);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    try {
      await refreshCache<T>(db, api, key, path);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [key, path]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the reason to fetch again.
  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh, refreshKey]);
  return {
    value: row ? (row.value as T) : undefined,
    missing: row === null && (!online || failed),
    refresh,
  };
}

/**
 * The outbox entries the drawer shows for this ticket and contact. When some leave (answered),
 * `refresh` runs first and the list updates after it, so the fetched answer takes their place.
 */
export function useSettledEntries(ticketId: number, contactId: number, refresh: () => Promise<unknown>): OutboxEntry[] {
  const live = useLiveQuery(
    async () => drawerEntries(await db.outbox.toArray(), ticketId, contactId),
    [ticketId, contactId],
  );
  const [shown, setShown] = useState<OutboxEntry[]>([]);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    if (!live) return;
    const ids = new Set(live.map((e) => e.id));
    const answered = shownRef.current.some((e) => !ids.has(e.id));
    if (!answered) {
      setShown(live);
      return;
    }
    let current = true;
    void refreshRef
      .current()
      .catch(() => undefined)
      .finally(() => {
        if (current) setShown(live);
      });
    return () => {
      current = false;
    };
  }, [live]);
  return shown;
}

/** The contact as core has it (extra information, tags), kept; asked again when the replica's row changes. */
export function useContactDetails(contactId: number, updatedAt: unknown): Resource<ContactDetailDTO> {
  return useCachedResource<ContactDetailDTO>(cacheKeys.contact(contactId), `/contacts/${contactId}`, updatedAt);
}

export function useTicketNotes(ticketId: number): Resource<TicketNoteDTO[]> {
  return useCachedResource<TicketNoteDTO[]>(cacheKeys.notes(ticketId), `/ticket-notes/list?ticketId=${ticketId}`);
}

export function useCompanyTags(): Resource<TagDTO[]> {
  return useCachedResource<TagDTO[]>(cacheKeys.tags, "/tags/list");
}

export function useTicketLog(ticketId: number, refreshKey: unknown): Resource<TicketLogEntryDTO[]> {
  return useCachedResource<TicketLogEntryDTO[]>(cacheKeys.ticketLog(ticketId), `/tickets-log/${ticketId}`, refreshKey);
}
