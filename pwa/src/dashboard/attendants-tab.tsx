// The Atendentes tab of the dashboard (spec 1 §2): the attendants table of the period (with its Excel export),
// and two bar charts, tickets per attendant and tickets per day (per hour for one day), each with its own
// start and end dates and filter button.
import type { DashboardAttendantDTO } from "@chatflow/core/contract/dashboard.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { BarChart } from "../ui/charts.tsx";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { TextField } from "../ui/fields.tsx";
import { DownloadIcon, FilterIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import {
  attendantsSheet,
  daysBefore,
  localDay,
  rangeQuery,
  type SheetHeaders,
  ticketsPerDayBars,
  ticketsPerUserBars,
} from "./dashboard-model.ts";
import { type Loaded, useTicketsDay, useTicketsUsers } from "./use-dashboard-data.ts";

export function AttendantsTab({
  companyId,
  attendants,
  online,
}: {
  companyId: number;
  attendants: DashboardAttendantDTO[];
  online: boolean;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const h: SheetHeaders = {
    name: t("dashboard.attendants.name"),
    rating: t("dashboard.attendants.rating"),
    countRating: t("dashboard.attendants.countRating"),
    tickets: t("dashboard.attendants.tickets"),
    avgWaitTime: t("dashboard.attendants.avgWaitTime"),
    avgSupportTime: t("dashboard.attendants.avgSupportTime"),
    online: t("dashboard.attendants.online"),
    isOnline: t("dashboard.attendants.isOnline"),
    isOffline: t("dashboard.attendants.isOffline"),
  };
  const num = (v: number | null) => (v === null ? t("dashboard.cards.none") : v);
  const columns: Column<DashboardAttendantDTO>[] = [
    { id: "name", header: h.name, cell: (r) => r.name },
    { id: "rating", header: h.rating, cell: (r) => num(r.rating), numeric: true },
    { id: "countRating", header: h.countRating, cell: (r) => r.countRating, numeric: true },
    { id: "tickets", header: h.tickets, cell: (r) => r.tickets, numeric: true },
    { id: "avgWaitTime", header: h.avgWaitTime, cell: (r) => num(r.avgWaitTime), numeric: true },
    { id: "avgSupportTime", header: h.avgSupportTime, cell: (r) => num(r.avgSupportTime), numeric: true },
    { id: "online", header: h.online, cell: (r) => (r.online ? h.isOnline : h.isOffline) },
  ];

  // The writer is its own chunk: nobody pays for it until they export (decision 0059).
  const exportSheet = async () => {
    setExporting(true);
    try {
      const { writeXlsx, downloadXlsx } = await import("./xlsx-writer.ts");
      const bytes = writeXlsx(t("dashboard.attendants.tableLabel"), attendantsSheet(attendants, h));
      downloadXlsx(`${t("dashboard.attendants.fileName")}.xlsx`, bytes);
      showToast(t("dashboard.attendants.exported"), "info");
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="dashboard-attendants">
      <div className="dashboard-actions">
        <Button
          icon={<DownloadIcon />}
          onPress={() => void exportSheet()}
          isPending={exporting}
          data-testid="dashboard-export"
        >
          {t("dashboard.attendants.export")}
        </Button>
      </div>
      <DataTable
        caption={t("dashboard.attendants.tableLabel")}
        columns={columns}
        rows={attendants}
        rowKey={(r) => r.id}
        empty={t("dashboard.attendants.empty")}
        data-testid="dashboard-attendants-table"
      />
      <ChartSection
        id="users"
        companyId={companyId}
        online={online}
        title={() => t("dashboard.attendants.byUser")}
        use={useTicketsUsers}
        bars={(v) => ticketsPerUserBars(v.data)}
      />
      <ChartSection
        id="days"
        companyId={companyId}
        online={online}
        title={(v) => (v?.unit === "hour" ? t("dashboard.attendants.byHour") : t("dashboard.attendants.byDay"))}
        use={useTicketsDay}
        bars={ticketsPerDayBars}
      />
    </div>
  );
}

/** One chart with its own period: start and end dates (the last 7 days at first) and a filter button. */
function ChartSection<T>({
  id,
  companyId,
  online,
  title,
  use,
  bars,
}: {
  id: string;
  companyId: number;
  online: boolean;
  title: (value: T | undefined) => string;
  use: (companyId: number, query: string | null, nonce: number) => Loaded<T>;
  bars: (value: T) => { label: string; value: number }[];
}) {
  const { t } = useTranslation();
  const today = localDay();
  const [start, setStart] = useState(daysBefore(today, 6));
  const [end, setEnd] = useState(today);
  const [applied, setApplied] = useState({ query: rangeQuery(daysBefore(today, 6), today), nonce: 0 });
  const [error, setError] = useState(false);
  const loaded = use(companyId, applied.query, applied.nonce);
  const value = loaded.kept?.value;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const query = rangeQuery(start, end);
    setError(query === null);
    if (query !== null) setApplied((a) => ({ query, nonce: a.nonce + 1 }));
  };
  const name = title(value);
  return (
    <section className="dashboard-chart" aria-label={name} data-testid={`dashboard-chart-${id}`}>
      <h2 className="dashboard-chart-title">{name}</h2>
      <form className="dashboard-filter" onSubmit={apply} aria-label={t("dashboard.filter.label")}>
        <TextField
          label={t("dashboard.filter.startDate")}
          type="date"
          value={start}
          onChange={setStart}
          errorMessage={error ? t("dashboard.filter.required") : undefined}
          data-testid={`dashboard-chart-${id}-start`}
        />
        <TextField
          label={t("dashboard.filter.endDate")}
          type="date"
          value={end}
          onChange={setEnd}
          data-testid={`dashboard-chart-${id}-end`}
        />
        <Button
          type="submit"
          icon={<FilterIcon />}
          isPending={loaded.loading}
          isDisabled={!online}
          data-testid={`dashboard-chart-${id}-apply`}
        >
          {t("dashboard.filter.apply")}
        </Button>
      </form>
      {value ? (
        <BarChart label={name} data={bars(value)} valueLabel={t("dashboard.attendants.count")} />
      ) : (
        <p className="dashboard-empty">{t("dashboard.noData")}</p>
      )}
    </section>
  );
}
