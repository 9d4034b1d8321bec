// The internal chat's data for its screens (issue 20: screens call hooks; this file and chat-store.ts own the
// paths and tables). Chats are not replicated (decision 0073): read over REST, the first page kept in the REST
// cache for offline, and written over REST (a connection is needed); the "chats" stamp reloads them.
import type {
  ChatDTO,
  ChatMessageDTO,
  ChatsPage as ChatsPageAnswer,
  TChatRequest,
} from "@chatflow/core/contract/chats.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useState } from "react";
import { usePaged } from "../api/use-paged.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { readCache, writeCache } from "../store/cache.ts";
import { useListChanged } from "../sync/use-list-changed.ts";

export { useChatList, useChatMessages } from "./chat-store.ts";

/** The first page of the list as last loaded (for offline); chat-store.ts keeps the same key. */
const LIST_KEY = "chats:list";

/**
 * The caller's chats matching `search`, page by page while online (the first page without search kept for
 * offline), reloaded on the "chats" stamp; offline, the kept page. `rows` is null until known.
 */
export function useChatPages(search: string, online: boolean) {
  const server = usePaged<ChatDTO>(search, online, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<ChatsPageAnswer>(`/chats?${q}`);
    if (page === 1 && !search) await writeCache(db, LIST_KEY, res.records);
    return { items: res.records, hasMore: res.hasMore, count: res.count };
  });
  useListChanged(db, "chats", server.reload);
  const [kept, setKept] = useState<ChatDTO[] | null>(null);
  useEffect(() => {
    if (!online) void readCache<ChatDTO[]>(db, LIST_KEY).then((c) => setKept(c?.value ?? []));
  }, [online]);
  const rows = online ? (server.loaded ? server.items : null) : kept;
  return { server, rows };
}

/** One chat by its uuid (GET /chats?uuid=), for a link to a chat beyond the list's first page; while `enabled`. */
export function useChatByUuid(uuid: string | null, enabled: boolean): ChatDTO | null {
  const query = useRestQuery<ChatsPageAnswer>(uuid && enabled ? `/chats?uuid=${encodeURIComponent(uuid)}` : null);
  return query.data?.records[0] ?? null;
}

export function useSaveChat() {
  return useCallback(
    (existing: ChatDTO | null, body: TChatRequest) =>
      existing ? api.put<ChatDTO>(`/chats/${existing.id}`, body) : api.post<ChatDTO>("/chats", body),
    [],
  );
}

export function useDeleteChat() {
  return useCallback(async (id: number) => {
    await api.delete(`/chats/${id}`);
  }, []);
}

/** The caller's unread count of a chat goes to zero (failures are ignored, spec 3 §7). */
export function useMarkChatRead() {
  return useCallback((id: number) => {
    void api.post(`/chats/${id}/read`, {}).catch(() => undefined);
  }, []);
}

export function useSendChatMessage() {
  return useCallback(
    (chatId: number, message: string) => api.post<ChatMessageDTO>(`/chats/${chatId}/messages`, { message }),
    [],
  );
}

/** The company's users as replicated, the caller left out, by name (undefined while reading). */
export function useColleagues(meId: number) {
  return useLiveQuery(
    async () =>
      (await db.users.toArray())
        .filter((u) => u.id !== meId)
        .map((u) => ({ id: u.id, name: u.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [meId],
  );
}
