// /reports (spec 3 §2 "Reports"; admins and showDashboard, app-routes.ts): the tickets report with its filters
// (contact, connection, users, queues, status, period, only rated), paging (5, 10, 20, 50 rows; 10 by default), each
// row's ticket log and a link to /tickets/{uuid}, and the export to relatio-de-atendimentos.xlsx made in the
// browser. What plain users see is the inbox's visibility (decision 0072). The last answer is kept for offline.
import {
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_FILE_NAME,
  REPORT_PAGE_SIZES,
  REPORT_STATUSES,
  type TicketReportRowDTO,
} from "@chatflow/core/contract/reports.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { TicketLogDialog } from "../tickets/ticket-log-dialog.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { TextField } from "../ui/fields.tsx";
import { BackIcon, ChatIcon, DownloadIcon, FilterIcon, InfoIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { ComboBox, Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { useReplicaUsers } from "../users/users-data.ts";
import {
  defaultFilters,
  pageRange,
  type ReportFilters,
  reportDateTime,
  reportSheet,
  supportTimeText,
} from "./report-model.ts";
import "../tickets/contact-drawer.css";
import "./reports.css";
import { type Applied, fetchReportRows, useReport, useReportContactOptions } from "./reports-data.ts";

export function ReportsPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <ReportsView companyId={user.companyId} />;
}

export function ReportsView({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ReportFilters>(() => defaultFilters());
  const [applied, setApplied] = useState<Applied>(() => ({
    filters: defaultFilters(),
    page: 1,
    pageSize: REPORT_DEFAULT_PAGE_SIZE,
    nonce: 0,
  }));
  const report = useReport(companyId, applied);
  const [logOf, setLogOf] = useState<TicketReportRowDTO | null>(null);
  const [exporting, setExporting] = useState(false);
  const [contactSearch, setContactSearch] = useState("");
  const { options: contacts } = useReportContactOptions(contactSearch, report.online);
  const whatsapps = useReplicaWhatsapps() ?? [];
  const users = useReplicaUsers() ?? [];
  // Phones: the filters fold away behind a button so the table is what the screen shows first.
  const narrow = useMediaQuery(NARROW_QUERY);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const queues = useReplicaQueues() ?? [];

  const set = <K extends keyof ReportFilters>(k: K, v: ReportFilters[K]) => setFilters((f) => ({ ...f, [k]: v }));
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    setApplied((a) => ({ ...a, filters, page: 1, nonce: a.nonce + 1 }));
  };
  const clear = () => {
    const fresh = defaultFilters();
    setFilters(fresh);
    setContactSearch("");
    setApplied((a) => ({ ...a, filters: fresh, page: 1, nonce: a.nonce + 1 }));
  };

  const statusText = (s: string) => t(`reportsPage.statuses.${s}`, { defaultValue: s });
  const c = (k: string) => t(`reportsPage.columns.${k}`);
  const columns: Column<TicketReportRowDTO>[] = [
    { id: "id", header: c("id"), cell: (r) => r.id, numeric: true },
    {
      id: "actions",
      header: t("reportsPage.actions"),
      cell: (r) => (
        <span className="reports-actions">
          <IconButton label={t("reportsPage.logs", { id: r.id })} onPress={() => setLogOf(r)} data-testid="report-logs">
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

  const exportSheet = async () => {
    setExporting(true);
    try {
      const rows = await fetchReportRows(applied.filters);
      // The writer is its own chunk: nobody pays for it until they export (decision 0059).
      const { writeXlsx, downloadXlsx } = await import("../dashboard/xlsx-writer.ts");
      const h = Object.fromEntries(columns.filter((x) => x.id !== "actions").map((x) => [x.id, x.header]));
      downloadXlsx(REPORT_FILE_NAME, writeXlsx(t("reportsPage.title"), reportSheet(rows, h as never, statusText)));
      showToast(t("reportsPage.exported"), "info");
    } catch {
      showToast(t("reportsPage.exportFailed"));
    } finally {
      setExporting(false);
    }
  };

  const data = report.kept?.value;
  const total = data?.totalTickets.total ?? 0;
  const range = pageRange(applied.page, applied.pageSize, total);
  const goTo = (page: number) => setApplied((a) => ({ ...a, page, nonce: a.nonce + 1 }));
  const notice = !report.online ? t("reportsPage.offline") : report.failed ? t("reportsPage.loadError") : null;

  return (
    <ListPage
      className="reports-page"
      data-testid="reports-page"
      title={t("reportsPage.title")}
      notice={notice}
      actions={
        <Button
          icon={<DownloadIcon />}
          onPress={() => void exportSheet()}
          isPending={exporting}
          isDisabled={!report.online}
          data-testid="reports-export"
        >
          {t("reportsPage.export")}
        </Button>
      }
    >
      {narrow && (
        <Button
          icon={<FilterIcon />}
          aria-expanded={filtersOpen}
          aria-controls="reports-filters"
          onPress={() => setFiltersOpen((o) => !o)}
          className="reports-filters-toggle"
          data-testid="reports-filters-toggle"
        >
          {t("reportsPage.filtersLabel")}
        </Button>
      )}
      <form
        id="reports-filters"
        className="reports-filters"
        hidden={narrow && !filtersOpen}
        aria-label={t("reportsPage.filtersLabel")}
        onSubmit={apply}
      >
        <ComboBox
          label={t("reportsPage.contact")}
          placeholder={t("reportsPage.contactPlaceholder")}
          items={contacts}
          inputValue={contactSearch}
          onInputChange={(v) => {
            setContactSearch(v);
            if (v === "") set("contactId", null);
          }}
          selectedKey={filters.contactId}
          onSelectionChange={(key) => set("contactId", key === null ? null : Number(key))}
          emptyText={t("reportsPage.contactEmpty")}
          data-testid="reports-contact"
        >
          {(o) => (
            <SelectItem id={o.id} textValue={o.name}>
              {o.name}
            </SelectItem>
          )}
        </ComboBox>
        <Select
          label={t("reportsPage.connection")}
          items={whatsapps}
          value={filters.whatsappId}
          onChange={(k) => set("whatsappId", k === null ? null : Number(k))}
          data-testid="reports-connection"
        >
          {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
        </Select>
        <Select
          label={t("reportsPage.users")}
          selectionMode="multiple"
          items={users}
          value={filters.users}
          onChange={(keys) => set("users", (keys as number[]).map(Number))}
          data-testid="reports-users"
        >
          {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
        </Select>
        <Select
          label={t("reportsPage.queues")}
          selectionMode="multiple"
          items={queues}
          value={filters.queueIds}
          onChange={(keys) => set("queueIds", (keys as number[]).map(Number))}
          data-testid="reports-queues"
        >
          {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
        </Select>
        <Select
          label={t("reportsPage.status")}
          selectionMode="multiple"
          items={REPORT_STATUSES.map((s) => ({ id: s, name: statusText(s) }))}
          value={filters.status}
          onChange={(keys) => set("status", (keys as string[]).map(String))}
          data-testid="reports-status"
        >
          {(s) => <SelectItem id={s.id}>{s.name}</SelectItem>}
        </Select>
        <TextField
          label={t("reportsPage.dateFrom")}
          type="date"
          value={filters.dateFrom}
          onChange={(v) => set("dateFrom", v)}
          data-testid="reports-date-from"
        />
        <TextField
          label={t("reportsPage.dateTo")}
          type="date"
          value={filters.dateTo}
          onChange={(v) => set("dateTo", v)}
          data-testid="reports-date-to"
        />
        <Checkbox isSelected={filters.onlyRated} onChange={(v) => set("onlyRated", v)} data-testid="reports-only-rated">
          {t("reportsPage.onlyRated")}
        </Checkbox>
        <div className="reports-filter-actions">
          <Button type="submit" variant="primary" icon={<FilterIcon />} data-testid="reports-apply">
            {t("reportsPage.apply")}
          </Button>
          <Button variant="ghost" onPress={clear} data-testid="reports-clear">
            {t("reportsPage.clear")}
          </Button>
        </div>
      </form>
      {data === undefined ? (
        report.online && !report.failed ? (
          <Spinner />
        ) : null
      ) : (
        <>
          <DataTable
            caption={t("reportsPage.tableLabel")}
            columns={columns}
            rows={data.tickets}
            rowKey={(r) => r.id}
            empty={t("reportsPage.empty")}
            data-testid="reports-table"
          />
          <nav className="reports-pager" aria-label={t("reportsPage.tableLabel")}>
            <Select
              label={t("reportsPage.pageSize")}
              items={REPORT_PAGE_SIZES.map((n) => ({ id: n, name: String(n) }))}
              value={applied.pageSize}
              onChange={(k) =>
                k !== null && setApplied((a) => ({ ...a, pageSize: Number(k), page: 1, nonce: a.nonce + 1 }))
              }
              data-testid="reports-page-size"
            >
              {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
            </Select>
            <span className="reports-range" data-testid="reports-range" aria-live="polite">
              {t("reportsPage.pageRange", { from: range.from, to: range.to, total })}
            </span>
            <IconButton
              label={t("reportsPage.previous")}
              onPress={() => goTo(applied.page - 1)}
              isDisabled={applied.page <= 1 || report.loading || !report.online}
              data-testid="reports-previous"
            >
              <BackIcon />
            </IconButton>
            <IconButton
              label={t("reportsPage.next")}
              onPress={() => goTo(applied.page + 1)}
              isDisabled={applied.page >= range.pages || report.loading || !report.online}
              data-testid="reports-next"
              className="reports-next"
            >
              <BackIcon />
            </IconButton>
          </nav>
        </>
      )}
      {logOf && (
        <TicketLogDialog
          ticketId={logOf.id}
          refreshKey={String(applied.nonce)}
          onOpenChange={(o) => !o && setLogOf(null)}
        />
      )}
    </ListPage>
  );
}
