// /TagsKanban (spec 2 §2 Kanban; decision 0047): the board's lanes as a searchable table (name, ticket count,
// actions) with add and back. It edits the co-edited board document (use-board-doc.ts): order, membership and each
// lane's settings; the sync server projects it into the tags table. Two admins here see each other's changes and
// who else is present; the server lets only admins write. Works offline (the document's copy on this device);
// creating a brand-new tag needs a connection (POST /tags).

import { addLane, removeLane, updateLaneSettings } from "@chatflow/core/contract/documents/kanban-board.ts";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { SearchField } from "../ui/fields.tsx";
import { BackIcon, PlusIcon } from "../ui/icons.tsx";
import { PresenceList } from "../ui/presence-list.tsx";
import { AddLaneDialog } from "./add-lane-dialog.tsx";
import { boardLanes, type Lane } from "./board.ts";
import { useLaneTags } from "./kanban-data.ts";
import { LaneDialog, pickLane } from "./lane-dialog.tsx";
import { laneForm } from "./lane-fields.tsx";
import { LanesTable } from "./lanes-table.tsx";
import { useBoardDoc } from "./use-board-doc.ts";
import "./kanban.css";

export function TagsKanbanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const online = useOnline();
  const board = useBoardDoc(user?.companyId ?? null, user ? { id: user.id, name: user.name } : null);
  const { tags, fetched } = useLaneTags(online);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<Lane | null>(null);
  const [removing, setRemoving] = useState<Lane | null>(null);
  const [adding, setAdding] = useState(false);

  const canEdit =
    board.scope === "read-write" || (board.scope === null && (user?.profile === "admin" || !!user?.super));
  const docOrder = board.lanes.map((l) => l.tagId);
  const lanes = useMemo(
    () => boardLanes(tags ?? [], docOrder, board.loaded && docOrder.length > 0),
    [tags, docOrder, board.loaded],
  );

  // Lanes made through the tag calls (kanban 1, never placed on the board) join the board's end, once the server's
  // copy of the board is here (so nothing is added twice over an order this device has not seen yet).
  useEffect(() => {
    if (!board.doc || !board.synced || !fetched || board.scope !== "read-write") return;
    const placed = new Set(docOrder);
    const loose = (tags ?? []).filter((tg) => tg.kanban === 1 && tg.lanePosition == null && !placed.has(tg.id));
    if (loose.length === 0) return;
    board.doc.transact(() => {
      for (const tg of loose) addLane(board.doc!, tg.id);
    });
  }, [board.doc, board.synced, board.scope, fetched, tags, docOrder]);

  const settingsOf = (id: number) => board.lanes.find((l) => l.tagId === id)?.settings ?? {};
  const tagOf = (id: number) => tags?.find((tg) => tg.id === id);
  const q = search.trim().toLowerCase();
  const shown = lanes.filter((l) => !q || l.name.toLowerCase().includes(q));
  const announceEditing = (id: number | null) => board.provider?.setAwarenessField("editing", id);

  const notice = !canEdit
    ? t("kanban.manage.readOnly")
    : !online
      ? t("kanban.manage.offline")
      : board.status !== "connected"
        ? t("kanban.manage.connecting")
        : null;
  return (
    <div className="tags-kanban-page" data-testid="tags-kanban-page">
      <header className="kanban-header">
        <h1 className="kanban-title">{t("kanban.manage.title", { count: lanes.length })}</h1>
        <div className="tags-kanban-actions">
          <Button icon={<BackIcon />} onPress={() => navigate("/kanban")} data-testid="tags-kanban-back">
            {t("kanban.manage.back")}
          </Button>
          {canEdit && (
            <Button variant="primary" icon={<PlusIcon />} onPress={() => setAdding(true)} data-testid="tags-kanban-add">
              {t("kanban.manage.add")}
            </Button>
          )}
        </div>
      </header>
      <SearchField
        label={t("kanban.manage.search")}
        placeholder={t("kanban.manage.search")}
        value={search}
        onChange={setSearch}
        data-testid="tags-kanban-search"
      />
      {notice && (
        <p className="kanban-notice" role="status">
          {notice}
        </p>
      )}
      <PresenceList
        label={t("kanban.presence")}
        people={board.peers.map((p) => ({ key: p.clientId, name: p.name, color: p.color }))}
        data-testid="tags-kanban-presence"
      />
      <LanesTable
        lanes={lanes}
        shown={shown}
        peers={board.peers}
        doc={board.doc}
        canEdit={canEdit}
        ticketsCount={(id) => tagOf(id)?.ticketsCount}
        onEdit={(lane) => {
          setEditing(lane);
          announceEditing(lane.id);
        }}
        onRemove={setRemoving}
      />
      {editing && board.doc && (
        <LaneDialog
          lane={editing}
          lanes={lanes}
          initial={laneForm({ ...pickLane(tagOf(editing.id)), ...settingsOf(editing.id) })}
          onClose={() => {
            setEditing(null);
            announceEditing(null);
          }}
          onSave={(v) => updateLaneSettings(board.doc!, editing.id, v)}
        />
      )}
      {adding && board.doc && (
        <AddLaneDialog
          online={online}
          candidates={(tags ?? []).filter((tg) => !lanes.some((l) => l.id === tg.id))}
          onClose={() => setAdding(false)}
          onAdd={(id) => addLane(board.doc!, id)}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("kanban.manage.removeConfirm.title", { name: removing?.name ?? "" })}
        confirmLabel={t("kanban.manage.removeConfirm.confirm")}
        onConfirm={() => {
          if (removing && board.doc) removeLane(board.doc, removing.id);
        }}
        data-testid="tags-kanban-remove-confirm"
      >
        {t("kanban.manage.removeConfirm.text")}
      </ConfirmDialog>
    </div>
  );
}
