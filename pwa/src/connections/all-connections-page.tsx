// /allConnections (spec 1 §2, spec 2 §2, §6, spec 3 §2: the super user only; others are sent to /tickets): every
// company's connections with the company's name and status, and the connected, disconnected and total counts.
// Each row offers what the company's admin has on its own table (decision 0105): the session buttons of its status
// (QR code, try again, new QR, disconnect, close imported tickets), the connection dialog and delete; each call acts
// in that connection's company. The Facebook/Instagram 'reconnect' is left out: it is a social login of the
// company's own Facebook account. The super user's socket hears only company 1, so the table is asked again after
// each action and every few seconds, and the QR dialog polls.
import type { AllConnectionsRow } from "@chatflow/core/contract/whatsapps.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { Badge } from "../ui/badge.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PlugIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { CompanyConnectionModal } from "./company-connection-modal.tsx";
import { CONFIRMED_TEXT, type Confirming, ConnectionConfirmDialog } from "./connection-confirm-dialog.tsx";
import { type SessionButton, sessionButtons } from "./connection-status.ts";
import "./connections.css";
import { ConnectionReason } from "./connection-reason.tsx";
import { ConnectionStatusBadge } from "./connection-status-badge.tsx";
import { useAdminDisconnect, useAllConnections, useConnectionActions } from "./connections-data.ts";
import { QrDialog } from "./qr-dialog.tsx";
import { SessionButtons, useSessionButtons } from "./use-session-buttons.tsx";

/** How often the table is asked again while open (no socket tells the super user of other companies' changes). */
export const ALL_CONNECTIONS_POLL_MS = 5000;

/** The session buttons a row offers: the company admin's, without the social login's 'reconnect'. */
export const allConnectionsButtons = (row: AllConnectionsRow, now = Date.now()): SessionButton[] =>
  sessionButtons(row, now).filter((b) => b !== "reconnect");

export function AllConnectionsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const query = useAllConnections(online);
  const rows = query.data ?? null;
  const failed = query.error !== null;
  const load = query.reload;
  const adminDisconnect = useAdminDisconnect();
  const actions = useConnectionActions();
  const { qrFor, setQrFor, confirming, setConfirming, onSession } = useSessionButtons<AllConnectionsRow>({
    actions,
    load,
  });
  const [editing, setEditing] = useState<number | null>(null);

  useEffect(() => {
    if (!online) return;
    const timer = setInterval(() => void load(), ALL_CONNECTIONS_POLL_MS);
    return () => clearInterval(timer);
  }, [online, load]);

  async function confirm(c: NonNullable<Confirming>) {
    if (c.kind === "delete") await actions.remove(c.row.id);
    if (c.kind === "disconnect") await adminDisconnect(c.row.id);
    if (c.kind === "closeImported") await actions.closeImported(c.row.id);
    showToast(t(CONFIRMED_TEXT[c.kind]), "info");
    await load();
  }

  const connected = rows?.filter((r) => r.status === "CONNECTED").length ?? 0;
  const disconnected = rows?.filter((r) => r.status === "DISCONNECTED").length ?? 0;
  const notice = !online ? t("connectionsPage.offline") : failed ? t("connectionsPage.loadError") : null;
  return (
    <ListPage
      className="connections-page"
      data-testid="all-connections-page"
      title={t("connectionsPage.all.title", { count: rows?.length ?? 0 })}
      toolbar={
        rows ? (
          <div className="connections-counts" data-testid="all-connections-counts">
            <Badge tone="success">{t("connectionsPage.all.connected", { count: connected })}</Badge>
            <Badge tone="danger">{t("connectionsPage.all.disconnected", { count: disconnected })}</Badge>
            <Badge tone="neutral">{t("connectionsPage.all.total", { count: rows.length })}</Badge>
          </div>
        ) : undefined
      }
      notice={notice}
    >
      {rows === null ? (
        failed ? null : (
          <Spinner />
        )
      ) : rows.length === 0 ? (
        <EmptyState icon={<PlugIcon size={48} />} title={t("connectionsPage.empty")} />
      ) : (
        <div className="connections-table-frame">
          <table className="connections-table" aria-label={t("connectionsPage.all.tableLabel")}>
            <thead>
              <tr>
                <th scope="col">{t("connectionsPage.all.company")}</th>
                <th scope="col">{t("connectionsPage.columns.name")}</th>
                <th scope="col">{t("connectionsPage.columns.channel")}</th>
                <th scope="col" className="connections-col-number">
                  {t("connectionsPage.columns.number")}
                </th>
                <th scope="col">{t("connectionsPage.columns.status")}</th>
                <th scope="col">{t("connectionsPage.columns.session")}</th>
                <th scope="col" className="connections-col-actions">
                  {t("connectionsPage.columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="all-connection-row" data-status={r.status}>
                  <td>{r.companyName}</td>
                  <td className="connections-name">{r.name}</td>
                  <td>{t(`connectionsPage.channels.${r.channel}`)}</td>
                  <td className="connections-col-number">{r.number ?? ""}</td>
                  <td>
                    <ConnectionStatusBadge status={r.status} />
                    <ConnectionReason status={r.status} reason={r.statusReason} channel={r.channel} />
                  </td>
                  <td>
                    <div className="connections-session">
                      <SessionButtons
                        buttons={allConnectionsButtons(r)}
                        online={online}
                        onPress={(b) => onSession(b, r)}
                        label={(b) =>
                          t("connectionsPage.all.session", {
                            action: t(`connectionsPage.buttons.${b}`),
                            name: r.name,
                            company: r.companyName,
                          })
                        }
                        testIdPrefix="all-connection"
                      />
                    </div>
                  </td>
                  <td className="connections-col-actions">
                    <EditDeleteButtons
                      editLabel={t("connectionsPage.all.edit", { name: r.name, company: r.companyName })}
                      deleteLabel={t("connectionsPage.all.delete", { name: r.name, company: r.companyName })}
                      onEdit={() => setEditing(r.id)}
                      onDelete={() => setConfirming({ kind: "delete", row: r })}
                      isDisabled={!online}
                      testId="all-connection"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== null && (
        <CompanyConnectionModal
          id={editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={() => void load()}
        />
      )}
      {qrFor && (
        <QrDialog
          id={qrFor.id}
          name={qrFor.name}
          otherCompany
          onClose={() => {
            setQrFor(null);
            void load();
          }}
        />
      )}
      <ConnectionConfirmDialog confirming={confirming} onClose={() => setConfirming(null)} onConfirm={confirm} />
    </ListPage>
  );
}
