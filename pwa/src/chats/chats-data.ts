// The internal chat's data for its screens (issue 20: screens call hooks; this file and chat-store.ts own the paths
// and tables). The chats and their messages are replicated (decision 0111): read from the replica; writing a
// message, starting a chat and reading go through the outbox and work offline. Edit and delete are the owner's and
// stay REST calls (online); their answers are written to the replica at once, the pull brings them to the others.
import type { ChatDTO, ChatsPage, TChatRequest } from "@chatflow/core/contract/chats.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import type { LocalChat } from "../store/db.ts";
import { requestSync } from "../sync/app-sync.ts";
import { removeChatRows } from "./chat-replica.ts";
import { useReplicaChats } from "./chat-store.ts";
import { type Me, markChatRead, startChat, writeChatMessage } from "./chat-writes.ts";

export { useChatMessages, useReplicaChats, useUnreadChats } from "./chat-store.ts";

/** The caller's chats whose title holds `search` (lower case), most recently active first; null while reading. */
export function useChatPages(search: string): { rows: LocalChat[] | null } {
  const chats = useReplicaChats();
  if (!chats) return { rows: null };
  return { rows: search ? chats.filter((c) => c.title.toLowerCase().includes(search)) : chats };
}

/**
 * The chat the route /chats/{uuid} names: from the replica; one it does not hold (beyond the chats a first pull
 * brings) is asked of core once online (GET /chats?uuid=) and kept. undefined while reading, null when unknown.
 */
export function useChatByUuid(uuid: string | null, online: boolean): LocalChat | null | undefined {
  const local = useLiveQuery(async () => (uuid ? ((await db.chats.get(uuid)) ?? null) : null), [uuid]);
  useEffect(() => {
    if (!uuid || local !== null || !online) return;
    api
      .get<ChatsPage>(`/chats?uuid=${encodeURIComponent(uuid)}`)
      .then(async (page) => {
        if (page.records[0]) await db.chats.put(page.records[0]);
      })
      .catch(() => undefined);
  }, [uuid, local, online]);
  return local;
}

/** Starts a chat through the outbox (offline too), or saves the owner's edit over REST (online). */
export function useSaveChat(me: Me) {
  return useCallback(
    async (existing: LocalChat | null, body: TChatRequest, names: Map<number, string>): Promise<LocalChat> => {
      if (!existing) {
        const chat = await startChat(db, me, body, names);
        requestSync();
        return chat;
      }
      const saved = await api.put<ChatDTO>(`/chats/${existing.id}`, body);
      await db.chats.put(saved);
      return saved;
    },
    [me],
  );
}

/** The owner deletes a chat (online): it leaves this replica at once, the others' with their next pull. */
export function useDeleteChat() {
  return useCallback(async (chat: LocalChat) => {
    await api.delete(`/chats/${chat.id}`);
    await db.transaction("rw", [db.chats, db.chatMessages], () => removeChatRows(db, chat.uuid));
  }, []);
}

/** The caller's unread count of a chat goes to zero, here at once and at core through the outbox. */
export function useMarkChatRead(meId: number) {
  return useCallback(
    (chatUuid: string) => {
      void markChatRead(db, meId, chatUuid).then(requestSync, () => undefined);
    },
    [meId],
  );
}

/** Writes a message through the outbox: shown at once as pending, sent with the next push. */
export function useSendChatMessage(me: Me) {
  return useCallback(
    async (chat: LocalChat, message: string) => {
      await writeChatMessage(db, me, chat, message);
      requestSync();
    },
    [me],
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
