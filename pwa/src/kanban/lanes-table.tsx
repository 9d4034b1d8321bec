// The lanes of /TagsKanban as a table (decision 0047): each lane's tag, who else is editing it, its ticket count,
// and the actions: move it left or right on the board (the document's order), edit its settings, remove it.
import { moveLane } from "@chatflow/core/contract/documents/kanban-board.ts";
import { useTranslation } from "react-i18next";
import type * as Y from "yjs";
import { Chip } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { BackIcon, ChevronDownIcon, EditIcon, TrashIcon } from "../ui/icons.tsx";
import type { Lane } from "./board.ts";
import type { BoardPeer } from "./use-board-doc.ts";

export function LanesTable({
  lanes,
  shown,
  peers,
  doc,
  canEdit,
  ticketsCount,
  onEdit,
  onRemove,
}: {
  /** Every lane in board order (the moves' positions). */
  lanes: Lane[];
  /** The lanes the search leaves. */
  shown: Lane[];
  peers: BoardPeer[];
  /** The board document; null until it opens (nothing moves before). */
  doc: Y.Doc | null;
  canEdit: boolean;
  ticketsCount: (tagId: number) => number | undefined;
  onEdit: (lane: Lane) => void;
  onRemove: (lane: Lane) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tags-kanban-table-frame">
      <table className="tags-kanban-table" aria-label={t("kanban.manage.tableLabel")} data-testid="tags-kanban-table">
        <thead>
          <tr>
            <th scope="col">{t("kanban.manage.name")}</th>
            <th scope="col">{t("kanban.manage.tickets")}</th>
            <th scope="col">{t("kanban.manage.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={3}>{t("kanban.manage.empty")}</td>
            </tr>
          ) : (
            shown.map((lane) => {
              const index = lanes.findIndex((l) => l.id === lane.id);
              const editors = peers.filter((p) => p.editing === lane.id);
              return (
                <tr key={lane.id} data-testid="tags-kanban-row" data-lane-id={lane.id}>
                  <td>
                    <Chip color={lane.color}>{lane.name}</Chip>
                    {editors.map((p) => (
                      <span key={p.clientId} className="tags-kanban-presence" data-testid="tags-kanban-editor">
                        {" "}
                        {t("kanban.manage.editing", { name: p.name })}
                      </span>
                    ))}
                  </td>
                  <td className="tags-kanban-count">{ticketsCount(lane.id) ?? "–"}</td>
                  <td>
                    <div className="tags-kanban-actions">
                      <IconButton
                        label={t("kanban.manage.moveUp", { name: lane.name })}
                        isDisabled={!canEdit || index <= 0 || !doc}
                        onPress={() => doc && moveLane(doc, lane.id, index - 1)}
                        data-testid="tags-kanban-left"
                      >
                        <BackIcon />
                      </IconButton>
                      <IconButton
                        label={t("kanban.manage.moveDown", { name: lane.name })}
                        isDisabled={!canEdit || index >= lanes.length - 1 || !doc}
                        onPress={() => doc && moveLane(doc, lane.id, index + 1)}
                        data-testid="tags-kanban-right"
                      >
                        <ChevronDownIcon />
                      </IconButton>
                      <IconButton
                        label={t("kanban.manage.edit", { name: lane.name })}
                        isDisabled={!canEdit}
                        onPress={() => onEdit(lane)}
                        data-testid="tags-kanban-edit"
                      >
                        <EditIcon />
                      </IconButton>
                      <IconButton
                        label={t("kanban.manage.remove", { name: lane.name })}
                        isDisabled={!canEdit}
                        onPress={() => onRemove(lane)}
                        data-testid="tags-kanban-remove"
                      >
                        <TrashIcon />
                      </IconButton>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
