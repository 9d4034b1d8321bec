// The search's message section's data (issue 21): GET /messages-search while online, and opening a conversation at
// a match, which may be older than what this device holds: its pages are fetched into the replica first.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import {
  type MessageSearchHit,
  SEARCH_MIN_LENGTH,
  type SearchMessagesResponse,
} from "@chatflow/core/contract/search.ts";
import { Dexie } from "dexie";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { fetchOlderMessages } from "./message-view/older-messages.ts";

export type MessageSearchState = {
  /** offline: the search reads the server; short: fewer than 3 characters. */
  status: "short" | "offline" | "loading" | "done" | "error";
  hits: MessageSearchHit[];
  hasMore: boolean;
  timedOut: boolean;
};

const EMPTY = { hits: [], hasMore: false, timedOut: false };

/** The messages whose text matches `search` (already debounced), newest first. */
export function useMessageSearch(search: string, online: boolean): MessageSearchState {
  const text = search.trim();
  const [answer, setAnswer] = useState<{ key: string; state: MessageSearchState } | null>(null);
  const usable = text.length >= SEARCH_MIN_LENGTH && online;
  useEffect(() => {
    if (!usable) return;
    let live = true;
    api
      .get<SearchMessagesResponse>(`/messages-search?searchParam=${encodeURIComponent(text)}`)
      .then((res) => {
        if (live)
          setAnswer({
            key: text,
            state: { status: "done", hits: res.messages, hasMore: res.hasMore, timedOut: res.timedOut },
          });
      })
      .catch(() => {
        if (live) setAnswer({ key: text, state: { status: "error", ...EMPTY } });
      });
    return () => {
      live = false;
    };
  }, [text, usable]);
  if (text.length < SEARCH_MIN_LENGTH) return { status: "short", ...EMPTY };
  if (!online) return { status: "offline", ...EMPTY };
  return answer?.key === text ? answer.state : { status: "loading", ...EMPTY };
}

/** Pages of a conversation fetched, at most, to reach a match older than what this device holds. */
const MAX_PAGES = 25;

function oldestOf(ticketId: number): Promise<MessageDTO | undefined> {
  return db.messages.where("[ticketId+createdAt]").between([ticketId, Dexie.minKey], [ticketId, Dexie.maxKey]).first();
}

/** Brings the message into the replica (its conversation's older pages) when it is not there; true when held. */
export async function ensureMessageHeld(ticketId: number, id: string): Promise<boolean> {
  for (let page = 0; page < MAX_PAGES; page++) {
    if (await db.messages.get(id)) return true;
    const { hasMore, added } = await fetchOlderMessages(db, api, ticketId, (await oldestOf(ticketId)) ?? null);
    if (!hasMore && added === 0) break;
  }
  return (await db.messages.get(id)) !== undefined;
}

/**
 * Opens the conversation at the message named by `?message=` (a search match): brings it into the replica, then
 * `goTo` scrolls to it and highlights it (the conversation's own jump, as for a quoted message). The parameter is
 * dropped afterwards, so going back does not jump again.
 */
export function useOpenAtMatch(ticketId: number, goTo: (id: string) => unknown): void {
  const [params, setParams] = useSearchParams();
  const id = params.get("message");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per match asked for; goTo changes with the window
  useEffect(() => {
    if (!id) return;
    let live = true;
    void ensureMessageHeld(ticketId, id)
      .catch(() => false)
      .then(async () => {
        if (!live) return;
        await goTo(id);
        setParams(
          (p) => {
            p.delete("message");
            return p;
          },
          { replace: true },
        );
      });
    return () => {
      live = false;
    };
  }, [id, ticketId]);
}
