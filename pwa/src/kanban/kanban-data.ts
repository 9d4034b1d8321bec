// The kanban's data (issue 20: screens call hooks; this file owns the paths and tables). Lanes are the company's
// kanban tags (kept in the local tags table, refreshed over REST and on the "tags" stamp); cards come from the
// replica, joined online by GET /ticket/kanban; moving a card is one outbox mutation (board.ts moveCard).
import type { TicketListItemDTO } from "@chatflow/core/contract/tickets.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import type { CachedTag } from "../store/db.ts";
import { requestSync } from "../sync/app-sync.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { refreshTagList } from "../tags/tag-store.ts";
import { fetchTagPage } from "../tags/tags-data.ts";
import { localRows, remoteRow, type TicketListRow } from "../tickets/ticket-list-rows.ts";
import { type BoardFilter, boardCandidates, moveCard } from "./board.ts";

/**
 * The kept tags (the lanes' names and colours for offline use): refreshed from GET /tags/list whenever the board
 * opens online, and when a lane is renamed, recoloured, added or removed by someone else (decision 0063).
 */
export function useBoardTags(online: boolean): CachedTag[] | undefined {
  const tags = useLiveQuery(() => db.tags.toArray(), []);
  useEffect(() => {
    if (online) void refreshTagList(db, api).catch(() => undefined);
  }, [online]);
  const refreshTags = useCallback(() => void refreshTagList(db, api).catch(() => undefined), []);
  useListChanged(db, "tags", refreshTags);
  return tags;
}

/** Every tag of the company with its counts (GET /tags, page by page), kept in the tag cache. */
async function loadAllTags(): Promise<void> {
  for (let page = 1; page < 50; page++) {
    const res = await fetchTagPage(page);
    if (!res.hasMore) return;
  }
}

const reloadAllTags = () => void loadAllTags().catch(() => undefined);

/**
 * The lanes table's tags: every kept tag, all of them read with their counts while online (`fetched` once that
 * read ended) and again when someone else changes a tag.
 */
export function useLaneTags(online: boolean): { tags: CachedTag[] | undefined; fetched: boolean } {
  const tags = useLiveQuery(() => db.tags.toArray(), []);
  const [fetched, setFetched] = useState(false);
  useEffect(() => {
    if (!online) return;
    void loadAllTags()
      .then(() => setFetched(true))
      .catch(() => undefined);
  }, [online]);
  // A tag renamed, added or removed by someone else (decision 0063).
  useListChanged(db, "tags", reloadAllTags);
  return { tags, fetched };
}

/** The replica's cards the board may show for the filter; undefined while reading. */
export function useLocalCards(filter: BoardFilter): TicketListRow[] | undefined {
  return useLiveQuery(async () => localRows(db, await boardCandidates(db, filter)), [filter]);
}

/**
 * Core's cards for the range and queues (tickets beyond the replica), while online; `load` asks again (the search
 * button), and each answer calls `onAnswer` (the moves shown on core's cards are then in the answer).
 */
export function useRemoteCards(
  online: boolean,
  queueIds: number[],
  startDate: string,
  endDate: string,
  onAnswer: () => void,
) {
  const [remote, setRemote] = useState<TicketListRow[]>([]);
  const generation = useRef(0);
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  const load = useCallback(async () => {
    const mine = ++generation.current;
    if (!online || queueIds.length === 0) {
      setRemote([]);
      return;
    }
    const q = new URLSearchParams({ queueIds: JSON.stringify(queueIds), startDate, endDate });
    try {
      const res = await api.get<{ tickets: TicketListItemDTO[] }>(`/ticket/kanban?${q}`);
      if (mine !== generation.current) return;
      setRemote(res.tickets.map(remoteRow));
      onAnswerRef.current();
    } catch {
      // Offline meanwhile or refused: the replica's cards stay.
    }
  }, [online, queueIds, startDate, endDate]);
  useEffect(() => {
    void load();
  }, [load]);
  return { remote, load };
}

/** Moves a card to a lane through the outbox and asks for a push. */
export function useMoveCard() {
  return useCallback(async (ticket: TicketListRow["ticket"], laneIds: number[], toLaneId: number) => {
    await moveCard(db, ticket, laneIds, toLaneId);
    requestSync();
  }, []);
}
