// The quick messages' data (issue 20: screens call hooks; this file owns the paths). The general and personal
// lists are Yjs documents (use-quick-messages-doc.ts) whose socket authenticates with quickMessagesSocketAuth;
// a file or a move between lists goes over REST (quick-message-save.ts); the team's shown messages are read
// page by page from GET /quick-messages.
import type { QuickMessageDTO, QuickMessagesPage } from "@chatflow/core/contract/quick-messages.ts";
import { useCallback } from "react";
import { usePaged } from "../api/use-paged.ts";
import { api, tokens } from "../app-services.ts";
import { checkSessionOver } from "../sync/realtime-socket.ts";
import { saveOnline } from "./quick-message-save.ts";

/**
 * The token for the sync server, read at each connection (so a token renewed anywhere in the app is the one
 * sent), and its renewal through the API client's one shared refresh when the server refuses an expired one.
 */
export const quickMessagesSocketAuth = { token: () => tokens.get() ?? "", renew: checkSessionOver(api) };

/** Other users' personal quick messages shown to the team, matching `term`, page by page while online. */
export function useTeamQuickMessages(userId: number, term: string, online: boolean) {
  return usePaged<QuickMessageDTO>(`${userId}:${term}`, online, async (pageNumber) => {
    const params = new URLSearchParams({ pageNumber: String(pageNumber) });
    if (term) params.set("searchParam", term);
    const answer = await api.get<QuickMessagesPage>(`/quick-messages?${params}`);
    // Only others' shown ones: the general list and the caller's own are the sections above.
    return { items: answer.records.filter((r) => !r.geral && r.userId !== userId), hasMore: answer.hasMore };
  });
}

/** Saves a quick message over REST (a file, or a move between the general and the personal list). */
export function useSaveQuickMessageOnline() {
  return useCallback((o: Parameters<typeof saveOnline>[1]) => saveOnline(api, o), []);
}
