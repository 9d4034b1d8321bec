// /connections (spec 2 §2 Connections page; admins and users with allowConnections, app-routes.ts):
// the title with the count, restart connections, the 'new connection' menu by plan flags, the table
// (channel, name, number, status, session buttons per status, last update, default, actions), the import
// progress card and the QR dialog. Connections are REST: the table comes from core and is asked again
// whenever the replica's whatsapps rows are written (every session change the worker or an admin makes
// records one), so the status and the buttons follow live; offline it shows the replica's copy.
import type { Channel } from "@chatflow/core/contract/entities.ts";
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { EmptyState } from "../ui/empty-state.tsx";
import { PlugIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { CONFIRMED_TEXT, type Confirming, ConnectionConfirmDialog } from "./connection-confirm-dialog.tsx";
import { ConnectionModal } from "./connection-modal.tsx";
import { ConnectionsActions } from "./connections-actions.tsx";
import { useConnectionActions, useConnectionTable } from "./connections-data.ts";
import { ConnectionsTable, type Row } from "./connections-table.tsx";
import { FacebookConnectModal } from "./facebook-connect-modal.tsx";
import { ImportProgressCards } from "./import-progress.tsx";
import { QrDialog } from "./qr-dialog.tsx";
import { useSessionButtons } from "./use-session-buttons.tsx";
import "./connections.css";

export function ConnectionsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const { replica, queues, server, loadError, reload: load, settings } = useConnectionTable(online);
  const actions = useConnectionActions();

  const rows: Row[] | undefined =
    online && server ? server : replica?.slice().sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const [editing, setEditing] = useState<WhatsappAnswer | { channel: Channel } | null>(null);
  /** The Facebook/Instagram connect dialog, opened from the menu (true: from its Instagram entry). */
  const [social, setSocial] = useState<{ instagram: boolean } | null>(null);
  const [restarting, setRestarting] = useState(false);
  // A Facebook or Instagram token that died: the social login again refreshes the page's token (decision 0093).
  const { qrFor, setQrFor, confirming, setConfirming, onSession, call } = useSessionButtons<Row>({
    actions,
    load,
    reconnect: (row) => setSocial({ instagram: row.channel === "instagram" }),
  });

  async function restart() {
    setRestarting(true);
    await call(async () => {
      await actions.restartAll();
      showToast(t("connectionsPage.toasts.restarted"), "info");
    });
    setRestarting(false);
  }

  async function confirm(c: NonNullable<Confirming>) {
    if (c.kind === "delete") await actions.remove(c.row.id);
    if (c.kind === "disconnect") await actions.disconnect(c.row.id);
    if (c.kind === "closeImported") await actions.closeImported(c.row.id);
    showToast(t(CONFIRMED_TEXT[c.kind]), "info");
    await load();
  }

  // Facebook and Instagram come from a social login (spec 2 §2): its user id and token go through POST /facebook.
  const onAdd = (channel: Channel) =>
    channel === "facebook" || channel === "instagram"
      ? setSocial({ instagram: channel === "instagram" })
      : setEditing({ channel });
  const notice = !online ? t("connectionsPage.offline") : loadError ? t("connectionsPage.loadError") : null;
  return (
    <ListPage
      className="connections-page"
      data-testid="connections-page"
      title={t("connectionsPage.title", { count: rows?.length ?? 0 })}
      actions={
        <ConnectionsActions
          online={online}
          canAdd={Boolean(server)}
          restarting={restarting}
          onRestart={() => void restart()}
          onAdd={onAdd}
        />
      }
      notice={notice}
    >
      {server && <ImportProgressCards connections={server} />}
      {rows === undefined ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState icon={<PlugIcon size={48} />} title={t("connectionsPage.empty")} />
      ) : (
        <ConnectionsTable
          rows={rows}
          online={online}
          canEdit={Boolean(server)}
          onSession={onSession}
          onEdit={(row) => setEditing(server?.find((w) => w.id === row.id) ?? null)}
          onDelete={(row) => setConfirming({ kind: "delete", row })}
        />
      )}
      {editing !== null && (
        <ConnectionModal
          connection={"id" in editing ? editing : null}
          channel={editing.channel}
          isFirst={(rows?.length ?? 0) === 0}
          queues={queues}
          scheduleType={settings.scheduleType}
          userRating={settings.userRating}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={() => void load()}
        />
      )}
      {social && (
        <FacebookConnectModal
          instagram={social.instagram}
          online={online}
          onClose={() => setSocial(null)}
          onConnected={() => void load()}
        />
      )}
      {qrFor && <QrDialog id={qrFor.id} name={qrFor.name} onClose={() => setQrFor(null)} />}
      <ConnectionConfirmDialog confirming={confirming} onClose={() => setConfirming(null)} onConfirm={confirm} />
    </ListPage>
  );
}
