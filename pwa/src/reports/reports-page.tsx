// /reports (spec 3 §2 "Reports"; admins and showDashboard, app-routes.ts): the tickets report with its filters
// (contact, connection, users, queues, status, period, only rated), paging (5, 10, 20, 50 rows; 10 by default), each
// row's ticket log and a link to /tickets/{uuid}, and the export to relatio-de-atendimentos.xlsx made in the
// browser. What plain users see is the inbox's visibility (decision 0072). The last answer is kept for offline.
import {
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_FILE_NAME,
  type TicketReportRowDTO,
} from "@chatflow/core/contract/reports.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { TicketLogDialog } from "../tickets/ticket-log-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { DownloadIcon, FilterIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { useReportColumns } from "./report-columns.tsx";
import { ReportFiltersForm } from "./report-filters-form.tsx";
import { defaultFilters, type ReportFilters, reportSheet } from "./report-model.ts";
import { ReportPager } from "./report-pager.tsx";
import "../tickets/contact-drawer.css";
import "./reports.css";
import { type Applied, fetchReportRows, useReport } from "./reports-data.ts";

export function ReportsPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <ReportsView companyId={user.companyId} />;
}

export function ReportsView({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
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
  // Phones: the filters fold away behind a button so the table is what the screen shows first.
  const narrow = useMediaQuery(NARROW_QUERY);
  const [filtersOpen, setFiltersOpen] = useState(false);

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

  const { columns, statusText } = useReportColumns(setLogOf);

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

  const data = report.data;
  const total = data?.totalTickets.total ?? 0;
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
      <ReportFiltersForm
        filters={filters}
        onChange={set}
        contactSearch={contactSearch}
        onContactSearch={setContactSearch}
        online={report.online}
        hidden={narrow && !filtersOpen}
        statusText={statusText}
        onApply={apply}
        onClear={clear}
      />
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
          <ReportPager
            page={applied.page}
            pageSize={applied.pageSize}
            total={total}
            canMove={!report.loading && report.online}
            onPage={goTo}
            onPageSize={(pageSize) => setApplied((a) => ({ ...a, pageSize, page: 1, nonce: a.nonce + 1 }))}
          />
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
