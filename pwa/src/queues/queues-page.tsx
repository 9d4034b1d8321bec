// /queues (spec 2 §2 Queues; admins only, app-routes.ts; a plain user gets the 403 page):
// the title with the count, the add button and the table of ID, name, colour swatch,
// order, greeting and actions (edit, delete with confirmation). Queues are REST-only:
// the table comes from core and is asked again when the replica's queues change (another
// admin's edit); offline it shows the replica's copy and the changes need a connection.
import type { QueueAnswer } from "@chatflow/core/contract/queues.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { useCompanySettings } from "../settings/settings-data.ts";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ListIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { QueueModal } from "./queue-modal.tsx";
import "./queues.css";
import { useDeleteQueue, useQueueTable } from "./queues-data.ts";

const SETTING_COLUMNS = ["scheduleType"] as const;

type Row = Pick<QueueAnswer, "id" | "name" | "color"> & Partial<QueueAnswer>;

export function QueuesPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const { replica, server, loadError, reload: load } = useQueueTable(online);
  const scheduleType = useCompanySettings(SETTING_COLUMNS, online)?.scheduleType ?? "disabled";
  const deleteQueue = useDeleteQueue();

  const rows: Row[] | undefined =
    online && server ? server : replica?.slice().sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const [editing, setEditing] = useState<QueueAnswer | "new" | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  async function remove(queue: Row) {
    await deleteQueue(queue.id);
    showToast(t("queuesPage.toasts.deleted"), "info");
    await load();
  }

  async function openEdit(row: Row) {
    // Offline rows come from the replica; the modal needs the whole queue.
    setEditing(server?.find((q) => q.id === row.id) ?? null);
  }

  const notice = !online ? t("queuesPage.offline") : loadError ? t("queuesPage.loadError") : null;
  return (
    <ListPage
      className="queues-page"
      data-testid="queues-page"
      title={t("queuesPage.title", { count: rows?.length ?? 0 })}
      add={{
        label: t("queuesPage.add"),
        onPress: () => setEditing("new"),
        isDisabled: !online || !server,
        "data-testid": "queues-add",
      }}
      notice={notice}
    >
      {rows === undefined ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState icon={<ListIcon size={48} />} title={t("queuesPage.empty")} />
      ) : (
        <div className="queues-table-frame">
          <table className="queues-table" aria-label={t("queuesPage.tableLabel")} data-testid="queues-table">
            <thead>
              <tr>
                <th scope="col" className="queues-col-id">
                  {t("queuesPage.columns.id")}
                </th>
                <th scope="col">{t("queuesPage.columns.name")}</th>
                <th scope="col">{t("queuesPage.columns.color")}</th>
                <th scope="col" className="queues-col-order">
                  {t("queuesPage.columns.order")}
                </th>
                <th scope="col" className="queues-col-greeting">
                  {t("queuesPage.columns.greeting")}
                </th>
                <th scope="col" className="queues-col-actions">
                  {t("queuesPage.columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((q) => (
                <tr key={q.id} data-testid="queue-row">
                  <td className="queues-col-id">{q.id}</td>
                  <td className="queues-name">{q.name}</td>
                  <td>
                    <span
                      className="queue-swatch"
                      style={{ backgroundColor: q.color }}
                      role="img"
                      aria-label={t("queuesPage.swatch", { color: q.color })}
                    />
                  </td>
                  <td className="queues-col-order">{q.orderQueue ?? t("queuesPage.noOrder")}</td>
                  <td className="queues-col-greeting">
                    <span className="queues-greeting">{q.greetingMessage ?? ""}</span>
                  </td>
                  <td className="queues-col-actions">
                    <EditDeleteButtons
                      editLabel={t("queuesPage.edit", { name: q.name })}
                      deleteLabel={t("queuesPage.delete", { name: q.name })}
                      onEdit={() => void openEdit(q)}
                      onDelete={() => setDeleting(q)}
                      isDisabled={!online}
                      editDisabled={!server}
                      testId="queue"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== null && (
        <QueueModal
          queue={editing === "new" ? null : editing}
          queueCount={rows?.length ?? 0}
          scheduleType={scheduleType}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={() => void load()}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("queuesPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("queuesPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="queue-delete-confirm"
      >
        {t("queuesPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
