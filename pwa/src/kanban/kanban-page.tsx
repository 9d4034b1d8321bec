// /kanban and /Kanban (spec 2 §2 Kanban, §4, §6; decision 0047): lanes from the company's kanban tags in the co-edited
// board's order, each with the ticket cards of that lane. Cards come from the replica (so the board opens and works
// offline), joined online by GET /ticket/kanban for tickets the replica does not hold. Date range (both today by
// default) and search; only the user's own queues. Moving a card is one outbox mutation (board.ts moveCard).
import { tagsAfterMove } from "@chatflow/core/contract/kanban.ts";
import { type DragEvent, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import type { TicketListRow } from "../tickets/ticket-list-rows.ts";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { KanbanIcon, PlusIcon } from "../ui/icons.tsx";
import { PresenceList } from "../ui/presence-list.tsx";
import { showToast } from "../ui/toasts.ts";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { type BoardFilter, boardLanes, cardsByLane, type Lane, localDay, mergeRows } from "./board.ts";
import { CARD_DRAG_TYPE } from "./kanban-card.tsx";
import { useBoardTags, useLocalCards, useMoveCard, useRemoteCards } from "./kanban-data.ts";
import { KanbanLane } from "./kanban-lane.tsx";
import { KanbanToolbar } from "./kanban-toolbar.tsx";
import { useBoardDoc } from "./use-board-doc.ts";
import "./kanban.css";

export function KanbanPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const online = useOnline();
  const navigate = useNavigate();
  const today = localDay();
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(today);
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  // Moves of cards read from core only (not in the replica): shown until the next answer.
  const [remoteMoves, setRemoteMoves] = useState<Map<number, number[]>>(new Map());

  const queueIds = useMemo(() => (user?.queues ?? []).map((q) => q.id), [user]);
  const board = useBoardDoc(user?.companyId ?? null, user ? { id: user.id, name: user.name } : null);
  const tags = useBoardTags(online);
  const lanes = useMemo(
    () =>
      boardLanes(
        tags ?? [],
        board.lanes.map((l) => l.tagId),
      ),
    [tags, board.lanes],
  );

  const filter: BoardFilter = useMemo(
    () => ({ queueIds, startDate: startDate || today, endDate: endDate || today, search }),
    [queueIds, startDate, endDate, today, search],
  );
  const local = useLocalCards(filter);

  // Core's cards for the range (tickets beyond the replica); asked again by the search button.
  const clearRemoteMoves = useCallback(() => setRemoteMoves(new Map()), []);
  const { remote, load: loadRemote } = useRemoteCards(
    online,
    queueIds,
    filter.startDate,
    filter.endDate,
    clearRemoteMoves,
  );
  const moveCard = useMoveCard();

  const rows = useMemo(() => {
    const merged = mergeRows(local ?? [], remote);
    return merged.map((r) => {
      const moved = r.remote ? remoteMoves.get(r.ticket.id) : undefined;
      return moved ? { ...r, ticket: { ...r.ticket, tagIds: moved } } : r;
    });
  }, [local, remote, remoteMoves]);
  const cards = useMemo(() => cardsByLane(rows, lanes, filter.search), [rows, lanes, filter.search]);

  const move = useCallback(
    async (row: TicketListRow, toLaneId: number) => {
      const laneIds = lanes.map((l) => l.id);
      const to = lanes.find((l) => l.id === toLaneId);
      if (!to) return;
      await moveCard(row.ticket, laneIds, toLaneId);
      if (row.remote) {
        setRemoteMoves((m) => new Map(m).set(row.ticket.id, tagsAfterMove(row.ticket.tagIds, laneIds, toLaneId)));
      }
      showToast(t("kanban.card.moved", { lane: to.name }), "info");
      // Keep the moved card under the keyboard: focus follows it into its new lane.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-testid="kanban-card"][data-ticket-id="${row.ticket.id}"]`)?.focus(),
      );
    },
    [lanes, t, moveCard],
  );

  function onDrop(e: DragEvent<HTMLElement>, lane: Lane) {
    e.preventDefault();
    const id = Number(e.dataTransfer.getData(CARD_DRAG_TYPE) || e.dataTransfer.getData("text/plain"));
    const row = rows.find((r) => r.ticket.id === id);
    if (row && !(row.ticket.tagIds ?? []).includes(lane.id)) void move(row, lane.id);
  }

  // spec 2 §6: 'Adicionar colunas' is guarded by dashboard:view (admins).
  const canAddColumns = user?.profile === "admin" || user?.super === true;
  return (
    <div className="kanban-page" data-testid="kanban-page">
      <header className="kanban-header">
        <h1 className="kanban-title">{t("kanban.title")}</h1>
        <PresenceList
          label={t("kanban.presence")}
          people={board.peers.map((p) => ({ key: p.clientId, name: p.name, color: p.color }))}
          data-testid="kanban-presence"
        />
        {canAddColumns && (
          <Button icon={<PlusIcon />} onPress={() => navigate("/TagsKanban")} data-testid="kanban-add-columns">
            {t("kanban.addColumns")}
          </Button>
        )}
      </header>
      <KanbanToolbar
        startDate={startDate}
        endDate={endDate}
        search={searchText}
        onStartDate={setStartDate}
        onEndDate={setEndDate}
        onSearch={setSearchText}
        onSearchPress={() => void loadRemote()}
      />
      {!online && (
        <p className="kanban-notice" role="status">
          {t("kanban.offline")}
        </p>
      )}
      {lanes.length === 0 ? (
        <EmptyState icon={<KanbanIcon size={48} />} title={t("kanban.noLanes")} />
      ) : (
        <section className="kanban-board" aria-label={t("kanban.boardLabel")} data-testid="kanban-board">
          {lanes.map((lane) => (
            <KanbanLane
              key={lane.id}
              lane={lane}
              lanes={lanes}
              cards={cards.get(lane.id) ?? []}
              onMove={move}
              onDrop={(e) => onDrop(e, lane)}
            />
          ))}
        </section>
      )}
    </div>
  );
}
