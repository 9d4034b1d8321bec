// The tickets report's columns (spec 3 §2 "Reports"), shared by the table and the export's header row: each row's
// ticket log and a link to /tickets/{uuid}, then the report's fields as the spec names them.
import type { TicketReportRowDTO } from "@chatflow/core/contract/reports.ts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { IconButton } from "../ui/button.tsx";
import type { Column } from "../ui/data-table.tsx";
import { ChatIcon, InfoIcon } from "../ui/icons.tsx";
import { reportDateTime, supportTimeText } from "./report-model.ts";

export function useReportColumns(onLogs: (row: TicketReportRowDTO) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const statusText = (s: string) => t(`reportsPage.statuses.${s}`, { defaultValue: s });
  const c = (k: string) => t(`reportsPage.columns.${k}`);
  const columns: Column<TicketReportRowDTO>[] = [
    { id: "id", header: c("id"), cell: (r) => r.id, numeric: true },
    {
      id: "actions",
      header: t("reportsPage.actions"),
      cell: (r) => (
        <span className="reports-actions">
          <IconButton label={t("reportsPage.logs", { id: r.id })} onPress={() => onLogs(r)} data-testid="report-logs">
            <InfoIcon />
          </IconButton>
          <IconButton
            label={t("reportsPage.open", { id: r.id })}
            onPress={() => navigate(`/tickets/${r.uuid}`)}
            data-testid="report-open"
          >
            <ChatIcon />
          </IconButton>
        </span>
      ),
    },
    { id: "whatsappName", header: c("whatsappName"), cell: (r) => r.whatsappName ?? "" },
    { id: "contactName", header: c("contactName"), cell: (r) => r.contactName },
    { id: "userName", header: c("userName"), cell: (r) => r.userName ?? "" },
    { id: "queueName", header: c("queueName"), cell: (r) => r.queueName ?? "" },
    { id: "status", header: c("status"), cell: (r) => statusText(r.status) },
    {
      id: "lastMessage",
      header: c("lastMessage"),
      cell: (r) => <span className="reports-message">{r.lastMessage}</span>,
    },
    { id: "createdAt", header: c("createdAt"), cell: (r) => reportDateTime(r.createdAt) },
    { id: "closedAt", header: c("closedAt"), cell: (r) => reportDateTime(r.closedAt) },
    { id: "supportTime", header: c("supportTime"), cell: (r) => supportTimeText(r.supportTime), numeric: true },
    { id: "NPS", header: c("NPS"), cell: (r) => r.NPS ?? "", numeric: true },
  ];
  return { columns, statusText };
}
