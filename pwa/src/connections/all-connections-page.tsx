// /allConnections (spec 1 §2, spec 2 §2, §6: the super user only; others are sent to /tickets): every
// company's connections with the company's name and status, and the connected, disconnected and total
// counts. The super user may disconnect a session of any company (DELETE /whatsappsession/admin/{id}).
import type { AllConnectionsRow } from "@chatflow/core/contract/whatsapps.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PlugIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { hasSession } from "./connection-status.ts";
import "./connections.css";
import { ConnectionReason } from "./connection-reason.tsx";
import { ConnectionStatusBadge } from "./connection-status-badge.tsx";
import { useAdminDisconnect, useAllConnections } from "./connections-data.ts";

export function AllConnectionsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const query = useAllConnections(online);
  const rows = query.data ?? null;
  const failed = query.error !== null;
  const load = query.reload;
  const adminDisconnect = useAdminDisconnect();
  const [disconnecting, setDisconnecting] = useState<AllConnectionsRow | null>(null);

  async function disconnect(row: AllConnectionsRow) {
    await adminDisconnect(row.id);
    showToast(t("connectionsPage.toasts.disconnected"), "info");
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
                <th scope="col" className="connections-col-actions">
                  {t("connectionsPage.columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="all-connection-row">
                  <td>{r.companyName}</td>
                  <td className="connections-name">{r.name}</td>
                  <td>{t(`connectionsPage.channels.${r.channel}`)}</td>
                  <td className="connections-col-number">{r.number ?? ""}</td>
                  <td>
                    <ConnectionStatusBadge status={r.status} />
                    <ConnectionReason status={r.status} reason={r.statusReason} channel={r.channel} />
                  </td>
                  <td className="connections-col-actions">
                    {hasSession(r.channel) && r.status !== "DISCONNECTED" && (
                      <Button
                        size="small"
                        variant="danger"
                        isDisabled={!online}
                        onPress={() => setDisconnecting(r)}
                        aria-label={t("connectionsPage.all.disconnect", { name: r.name, company: r.companyName })}
                      >
                        {t("connectionsPage.buttons.disconnect")}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        isOpen={disconnecting !== null}
        onOpenChange={(open) => !open && setDisconnecting(null)}
        title={t("connectionsPage.confirm.disconnectTitle", { name: disconnecting?.name ?? "" })}
        confirmLabel={t("connectionsPage.confirm.disconnect")}
        onConfirm={() => (disconnecting ? disconnect(disconnecting) : undefined)}
      >
        {t("connectionsPage.confirm.disconnectText")}
      </ConfirmDialog>
    </ListPage>
  );
}
