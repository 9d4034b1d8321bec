// The connections table (spec 2 §2): channel, name, number, status, session (the buttons spec 2 §4 gives
// each status, connection-status.ts), last update, default, actions (edit, delete). Rows come from core
// online, or from the replica offline (then without number, session data or dates).
import type { WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { CheckIcon, FacebookIcon, InstagramIcon, WhatsappIcon } from "../ui/icons.tsx";
import { ConnectionReason } from "./connection-reason.tsx";
import { preparingEndsAt, type SessionButton, sessionButtons } from "./connection-status.ts";
import { ConnectionStatusBadge } from "./connection-status-badge.tsx";
import { SessionButtons } from "./use-session-buttons.tsx";

export type Row = WhatsappDTO & Partial<WhatsappAnswer>;

function ChannelIcon({ channel }: { channel: string }) {
  if (channel === "facebook") return <FacebookIcon />;
  if (channel === "instagram") return <InstagramIcon />;
  return <WhatsappIcon />;
}

/** Re-renders when the soonest 'preparing' state among the rows ends (spec 2 §4: 35 s after the import). */
function useNowUntilPreparingEnds(rows: readonly Row[]): number {
  const [now, setNow] = useState(() => Date.now());
  const ends = rows
    .map((r) =>
      r.statusImportMessages !== undefined
        ? preparingEndsAt(
            { ...r, statusImportMessages: r.statusImportMessages, importOldMessages: r.importOldMessages ?? null },
            now,
          )
        : null,
    )
    .filter((x): x is number => x !== null);
  const soonest = ends.length ? Math.min(...ends) : null;
  useEffect(() => {
    if (soonest === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, soonest - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [soonest]);
  return now;
}

export function ConnectionsTable({
  rows,
  online,
  canEdit,
  onSession,
  onEdit,
  onDelete,
}: {
  rows: readonly Row[];
  online: boolean;
  /** The whole connections came from core (editing needs them). */
  canEdit: boolean;
  onSession: (button: SessionButton, row: Row) => void;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
}) {
  const { t, i18n } = useTranslation();
  const now = useNowUntilPreparingEnds(rows);
  const when = (iso: string | undefined) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }) : "";
  return (
    <div className="connections-table-frame">
      <table className="connections-table" aria-label={t("connectionsPage.tableLabel")} data-testid="connections-table">
        <thead>
          <tr>
            <th scope="col">{t("connectionsPage.columns.channel")}</th>
            <th scope="col">{t("connectionsPage.columns.name")}</th>
            <th scope="col" className="connections-col-number">
              {t("connectionsPage.columns.number")}
            </th>
            <th scope="col">{t("connectionsPage.columns.status")}</th>
            <th scope="col">{t("connectionsPage.columns.session")}</th>
            <th scope="col" className="connections-col-updated">
              {t("connectionsPage.columns.lastUpdate")}
            </th>
            <th scope="col" className="connections-col-default">
              {t("connectionsPage.columns.default")}
            </th>
            <th scope="col" className="connections-col-actions">
              {t("connectionsPage.columns.actions")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((w) => {
            const buttons =
              w.statusImportMessages === undefined
                ? []
                : sessionButtons(
                    {
                      ...w,
                      statusImportMessages: w.statusImportMessages,
                      importOldMessages: w.importOldMessages ?? null,
                    },
                    now,
                  );
            return (
              <tr key={w.id} data-testid="connection-row" data-status={w.status}>
                <td>
                  <span className="connections-channel">
                    <ChannelIcon channel={w.channel} />
                    <span className="connections-channel-name">{t(`connectionsPage.channels.${w.channel}`)}</span>
                  </span>
                </td>
                <td className="connections-name">{w.name}</td>
                <td className="connections-col-number">{w.number ?? ""}</td>
                <td>
                  <ConnectionStatusBadge status={w.status} data-testid="connection-status" />
                  <ConnectionReason status={w.status} reason={w.statusReason} channel={w.channel} />
                  {w.sendHold && (
                    <p className="connections-held" role="status" data-testid="connection-held">
                      {t("sendHold.row", {
                        since: when(w.sendHold.since),
                        reason: t(`sendHold.reasons.${w.sendHold.reason}`),
                      })}
                    </p>
                  )}
                </td>
                <td>
                  <div className="connections-session">
                    {buttons.length === 0 && (
                      <span className="connections-muted">{t("connectionsPage.noSession")}</span>
                    )}
                    <SessionButtons
                      buttons={buttons}
                      online={online}
                      onPress={(b) => onSession(b, w)}
                      testIdPrefix="connection"
                    />
                  </div>
                </td>
                <td className="connections-col-updated">{when(w.updatedAt)}</td>
                <td className="connections-col-default">
                  {w.isDefault && (
                    <span role="img" aria-label={t("connectionsPage.isDefault")} data-testid="connection-default-mark">
                      <CheckIcon />
                    </span>
                  )}
                </td>
                <td className="connections-col-actions">
                  <EditDeleteButtons
                    editLabel={t("connectionsPage.edit", { name: w.name })}
                    deleteLabel={t("connectionsPage.delete", { name: w.name })}
                    onEdit={() => onEdit(w)}
                    onDelete={() => onDelete(w)}
                    isDisabled={!online}
                    editDisabled={!canEdit}
                    testId="connection"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
