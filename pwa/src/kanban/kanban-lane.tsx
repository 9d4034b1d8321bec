// One lane of the kanban board (spec 2 §2 Kanban, §4): its tag's name and colour, the count, and its ticket cards;
// a card dropped on it moves there.
import type { DragEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TicketListRow } from "../tickets/ticket-list-rows.ts";
import type { Lane } from "./board.ts";
import { KanbanCard } from "./kanban-card.tsx";

export function KanbanLane({
  lane,
  lanes,
  cards,
  onMove,
  onDrop,
}: {
  lane: Lane;
  /** Every lane, for the card's 'Mover para...'. */
  lanes: Lane[];
  cards: TicketListRow[];
  onMove: (row: TicketListRow, toLaneId: number) => Promise<void>;
  onDrop: (e: DragEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="kanban-lane"
      aria-label={t("kanban.laneLabel", { name: lane.name, count: cards.length })}
      data-testid="kanban-lane"
      data-lane-id={lane.id}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
      }}
      onDrop={onDrop}
    >
      <h2 className="kanban-lane-title" style={{ borderTopColor: lane.color }}>
        <span>{lane.name}</span>
        <span className="kanban-lane-count">{cards.length}</span>
      </h2>
      <div className="kanban-lane-cards">
        {cards.length === 0 ? (
          <p className="kanban-lane-empty">{t("kanban.emptyLane")}</p>
        ) : (
          cards.map((row) => <KanbanCard key={row.ticket.id} row={row} lane={lane} lanes={lanes} onMove={onMove} />)
        )}
      </div>
    </section>
  );
}
