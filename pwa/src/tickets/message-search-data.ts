// The search's message section's data (issue 21, issue 25): GET /messages-search while online (newest or best first,
// page by page), the replica offline (message-search-offline.ts), and opening a conversation at a match, which may be
// older than what this device holds: its pages are fetched into the replica first.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import {
  type MessageSearchHit,
  SEARCH_MIN_LENGTH,
  type SearchMessagesResponse,
  type SearchOrder,
} from "@chatflow/core/contract/search.ts";
import { Dexie } from "dexie";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { type Searcher, searchReplica } from "./message-search-offline.ts";
import { fetchOlderMessages } from "./message-view/older-messages.ts";

export type MessageSearchState = {
  /** short: fewer than 3 characters; offline: answered from this device's replica. */
  status: "short" | "loading" | "done" | "error";
  /** The answer came from the replica (no connection): only the messages this device holds. */
  offline: boolean;
  hits: MessageSearchHit[];
  hasMore: boolean;
  timedOut: boolean;
  /** Fetches the next page (online, when hasMore). */
  loadMore: () => void;
  loadingMore: boolean;
};

type Answer = {
  key: string;
  status: "done" | "error";
  offline: boolean;
  hits: MessageSearchHit[];
  nextCursor: string | null;
  timedOut: boolean;
};

const path = (text: string, order: SearchOrder, cursor: string | null) =>
  `/messages-search?searchParam=${encodeURIComponent(text)}&order=${order}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/**
 * The messages whose text matches `search` (already debounced): the server's answer online, page by page; the
 * replica's offline, with the same words, rule and order.
 */
export function useMessageSearch(
  search: string,
  online: boolean,
  order: SearchOrder,
  who: Searcher,
): MessageSearchState {
  const text = search.trim();
  const key = `${online ? "on" : "off"}|${order}|${text}`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const usable = text.length >= SEARCH_MIN_LENGTH;
  const { id, admin } = who;
  useEffect(() => {
    if (!usable) return;
    let live = true;
    const done = (a: Omit<Answer, "key">) => live && setAnswer({ key, ...a });
    const failed = () => done({ status: "error", offline: !online, hits: [], nextCursor: null, timedOut: false });
    if (online)
      api
        .get<SearchMessagesResponse>(path(text, order, null))
        .then((res) =>
          done({
            status: "done",
            offline: false,
            hits: res.messages,
            nextCursor: res.nextCursor,
            timedOut: res.timedOut,
          }),
        )
        .catch(failed);
    else
      searchReplica(db, text, order, { id, admin })
        .then((hits) => done({ status: "done", offline: true, hits, nextCursor: null, timedOut: false }))
        .catch(failed);
    return () => {
      live = false;
    };
  }, [key, usable, online, order, text, id, admin]);
  const current = answer?.key === key ? answer : null;
  const loadMore = useCallback(() => {
    if (!current?.nextCursor || loadingMore) return;
    setLoadingMore(true);
    api
      .get<SearchMessagesResponse>(path(text, order, current.nextCursor))
      .then((res) =>
        setAnswer((a) =>
          a && a.key === key
            ? { ...a, hits: [...a.hits, ...res.messages], nextCursor: res.nextCursor, timedOut: res.timedOut }
            : a,
        ),
      )
      .catch(() => {})
      .finally(() => setLoadingMore(false));
  }, [current, loadingMore, text, order, key]);
  const base = { hits: [], hasMore: false, timedOut: false, offline: !online, loadMore, loadingMore };
  if (!usable) return { ...base, status: "short" };
  if (!current) return { ...base, status: "loading" };
  return {
    ...base,
    status: current.status,
    offline: current.offline,
    hits: current.hits,
    hasMore: current.nextCursor !== null,
    timedOut: current.timedOut,
  };
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

/** Resolves once the open conversation shows its rows (or after `ms`, whatever it shows). */
async function conversationDrawn(ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !document.querySelector("[data-message-row]")) {
    await new Promise((r) => setTimeout(r, 50));
  }
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
        // The conversation's rows first: held offline, the match is found before the list has drawn, and the
        // jump would look for a row that is not there yet (and wait for a change of window that does not come).
        await conversationDrawn();
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
