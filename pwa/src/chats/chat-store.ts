// The internal chat's data on this device (decision 0073): not part of the offline replica. The chat list and each
// chat's newest messages are read over REST and kept in the REST cache (store/cache.ts), so offline the screen shows
// what it last loaded; writing needs a connection. A change to the caller's chats (a message, a chat made, edited or
// deleted, a read elsewhere) stamps the "chats" list (sync/use-list-changed.ts) and the screens ask again.
import type { ChatDTO, ChatMessageDTO, ChatMessagesPage, ChatsPage } from "@chatflow/core/contract/chats.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { readCache, writeCache } from "../store/cache.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { mergeMessages } from "./chat-rules.ts";

const LIST_KEY = "chats:list";
const messagesKey = (chatId: number) => `chats:messages:${chatId}`;

/** The first page of the caller's chats (no search), kept for offline; null until known. */
export function useChatList(online: boolean, enabled = true) {
  const [records, setRecords] = useState<ChatDTO[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    if (!enabled) return;
    if (!online) {
      const kept = await readCache<ChatDTO[]>(db, LIST_KEY);
      setRecords((r) => r ?? kept?.value ?? []);
      return;
    }
    try {
      const page = await api.get<ChatsPage>("/chats?pageNumber=1");
      await writeCache(db, LIST_KEY, page.records);
      setRecords(page.records);
      setFailed(false);
    } catch {
      // Chat failures are silently ignored (spec 3 §7): keep what was shown, or what was kept.
      const kept = await readCache<ChatDTO[]>(db, LIST_KEY).catch(() => undefined);
      setRecords((r) => r ?? kept?.value ?? []);
      setFailed(true);
    }
  }, [enabled, online]);
  useEffect(() => {
    void load();
  }, [load]);
  useListChanged(db, "chats", () => void load());
  return { records, failed, reload: load };
}

export type ChatMessages = {
  records: ChatMessageDTO[] | null;
  hasMore: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** A message this device sent (shown at once, before the next reload brings it). */
  add: (m: ChatMessageDTO) => void;
};

/** A chat's messages: the newest page (again on every change), older pages on demand; offline the kept page. */
export function useChatMessages(chatId: number | null, online: boolean): ChatMessages {
  const [state, setState] = useState<{
    chatId: number | null;
    records: ChatMessageDTO[] | null;
    pages: number;
    hasMore: boolean;
  }>({ chatId, records: null, pages: 0, hasMore: false });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const current = useRef(chatId);
  current.current = chatId;
  const stateRef = useRef(state);
  stateRef.current = state;

  const loadNewest = useCallback(async () => {
    if (chatId === null) return;
    if (!navigator.onLine) {
      const kept = await readCache<ChatMessageDTO[]>(db, messagesKey(chatId));
      if (current.current !== chatId) return;
      setState((s) =>
        s.chatId === chatId && s.records ? s : { chatId, records: kept?.value ?? [], pages: 1, hasMore: false },
      );
      return;
    }
    try {
      const page = await api.get<ChatMessagesPage>(`/chats/${chatId}/messages?pageNumber=1`);
      await writeCache(db, messagesKey(chatId), page.records);
      if (current.current !== chatId) return;
      setState((s) =>
        s.chatId === chatId && s.records
          ? { ...s, records: mergeMessages(s.records, page.records), hasMore: s.pages > 1 ? s.hasMore : page.hasMore }
          : { chatId, records: page.records, pages: 1, hasMore: page.hasMore },
      );
    } catch {
      const kept = await readCache<ChatMessageDTO[]>(db, messagesKey(chatId)).catch(() => undefined);
      if (current.current !== chatId) return;
      setState((s) =>
        s.chatId === chatId && s.records ? s : { chatId, records: kept?.value ?? [], pages: 1, hasMore: false },
      );
    }
  }, [chatId]);

  useEffect(() => {
    setState({ chatId, records: null, pages: 0, hasMore: false });
    void loadNewest();
  }, [chatId, loadNewest]);
  useEffect(() => {
    if (online) void loadNewest();
  }, [online, loadNewest]);
  useListChanged(db, "chats", () => void loadNewest());

  const loadOlder = useCallback(() => {
    const s = stateRef.current;
    if (chatId === null || s.chatId !== chatId || !s.hasMore || loadingOlder || !navigator.onLine) return;
    setLoadingOlder(true);
    api
      .get<ChatMessagesPage>(`/chats/${chatId}/messages?pageNumber=${s.pages + 1}`)
      .then((page) => {
        if (current.current !== chatId) return;
        setState((prev) => ({
          ...prev,
          records: mergeMessages(prev.records ?? [], page.records),
          pages: prev.pages + 1,
          hasMore: page.hasMore,
        }));
      })
      .catch(() => undefined)
      .finally(() => setLoadingOlder(false));
  }, [chatId, loadingOlder]);

  const add = useCallback(
    (m: ChatMessageDTO) =>
      setState((s) => (s.chatId === m.chatId ? { ...s, records: mergeMessages(s.records ?? [], [m]) } : s)),
    [],
  );

  return {
    records: state.chatId === chatId ? state.records : null,
    hasMore: state.hasMore,
    loadingOlder,
    loadOlder,
    add,
  };
}
