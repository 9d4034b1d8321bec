// The internal chat's data on this device (decision 0111): the chats the user is a member of and their messages live
// in the replica (Dexie), filled by the pull and written through the outbox, so the screen and the badges read them
// offline as online. While online, a chat opened also asks core for its newest page of messages, and older pages as
// the person scrolls up (a chat new to this device, or older than the pull brought), and keeps them in the replica.
import type { ChatMessagesPage } from "@chatflow/core/contract/chats.ts";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import type { LocalChat, LocalChatMessage } from "../store/db.ts";
import { chatOrder, unreadChats } from "./chat-rules.ts";

/** The caller's chats, most recently active first (undefined while reading). */
export function useReplicaChats(): LocalChat[] | undefined {
  return useLiveQuery(() => db.chats.orderBy("updatedAt").reverse().toArray(), []);
}

/** The caller's chats with unread messages, most recently active first (the popover and the side menu). */
export function useUnreadChats(meId: number | undefined): LocalChat[] {
  const chats = useReplicaChats();
  return unreadChats(chats ?? [], meId);
}

export type ChatMessages = {
  records: LocalChatMessage[] | null;
  hasMore: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
};

/** A chat's messages from the replica; online, core's newest page (and older ones on demand) join them there. */
export function useChatMessages(chat: LocalChat | null, online: boolean): ChatMessages {
  const chatUuid = chat?.uuid ?? null;
  const chatId = chat?.id;
  const records = useLiveQuery(
    async () =>
      chatUuid === null
        ? null
        : chatOrder(
            await db.chatMessages
              .where("[chatUuid+createdAt]")
              .between([chatUuid, Dexie.minKey], [chatUuid, Dexie.maxKey])
              .toArray(),
          ),
    [chatUuid],
  );
  const [paging, setPaging] = useState<{ chatId?: number; pages: number; hasMore: boolean }>({
    pages: 0,
    hasMore: false,
  });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const current = useRef(chatId);
  current.current = chatId;

  const fetchPage = useCallback(async (id: number, page: number) => {
    const answer = await api.get<ChatMessagesPage>(`/chats/${id}/messages?pageNumber=${page}`);
    await db.chatMessages.bulkPut(answer.records);
    return answer;
  }, []);

  // The newest page when the chat opens online, or the network comes back (chat failures are ignored, spec 3 §7).
  useEffect(() => {
    if (chatId === undefined || !online) return;
    fetchPage(chatId, 1)
      .then((answer) => {
        if (current.current === chatId)
          setPaging((p) => (p.chatId === chatId && p.pages > 1 ? p : { chatId, pages: 1, hasMore: answer.hasMore }));
      })
      .catch(() => undefined);
  }, [chatId, online, fetchPage]);

  const loadOlder = useCallback(() => {
    if (chatId === undefined || paging.chatId !== chatId || !paging.hasMore || loadingOlder || !navigator.onLine)
      return;
    setLoadingOlder(true);
    fetchPage(chatId, paging.pages + 1)
      .then((answer) => {
        if (current.current === chatId) setPaging((p) => ({ chatId, pages: p.pages + 1, hasMore: answer.hasMore }));
      })
      .catch(() => undefined)
      .finally(() => setLoadingOlder(false));
  }, [chatId, paging, loadingOlder, fetchPage]);

  return {
    records: records ?? null,
    hasMore: paging.chatId === chatId && paging.hasMore,
    loadingOlder,
    loadOlder,
  };
}
