// / (spec 1 §2 "Dashboard (/)"; admins and users with showDashboard, app-routes.ts): three tabs, Indicadores,
// NPS and Atendentes, over one period filter (days, start date, end date; 'Parametrize o filtro' when empty).
// The figures come from core (GET /dashboard and the two chart calls, decision 0059); offline the screen shows
// the last ones loaded and says 'Precisa de conexão'.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { FilterIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { AttendantsTab } from "./attendants-tab.tsx";
import {
  DASHBOARD_TABS,
  type DashboardFilter,
  type DashboardTab,
  DEFAULT_FILTER,
  dashboardQuery,
} from "./dashboard-model.ts";
import { IndicatorsTab, NpsTab } from "./indicators-tabs.tsx";
import { useDashboard } from "./use-dashboard-data.ts";
import "./dashboard.css";

export function DashboardPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <DashboardView companyId={user.companyId} />;
}

export function DashboardView({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [filter, setFilter] = useState<DashboardFilter>(DEFAULT_FILTER);
  const [applied, setApplied] = useState<{ query: string; nonce: number }>(() => {
    const q = dashboardQuery(DEFAULT_FILTER);
    return { query: "query" in q ? q.query : "days=30", nonce: 0 };
  });
  const [filterError, setFilterError] = useState(false);
  const [tab, setTab] = useState<DashboardTab>("indicators");
  const main = useDashboard(companyId, applied.query, applied.nonce);

  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    const q = dashboardQuery(filter);
    if ("error" in q) {
      setFilterError(true);
      return;
    }
    setFilterError(false);
    setApplied((a) => ({ query: q.query, nonce: a.nonce + 1 }));
  };
  const set = (k: keyof DashboardFilter) => (v: string) => setFilter((f) => ({ ...f, [k]: v }));

  const notice = !online ? t("dashboard.offline") : main.failed ? t("dashboard.loadError") : null;
  const data = main.kept?.value;
  return (
    <ListPage className="dashboard-page" data-testid="dashboard-page" title={t("dashboard.title")} notice={notice}>
      <form className="dashboard-filter" aria-label={t("dashboard.filter.label")} onSubmit={apply}>
        <TextField
          label={t("dashboard.filter.days")}
          type="number"
          inputMode="numeric"
          value={filter.days}
          onChange={set("days")}
          errorMessage={filterError ? t("dashboard.filter.required") : undefined}
          data-testid="dashboard-days"
        />
        <TextField
          label={t("dashboard.filter.startDate")}
          type="date"
          value={filter.startDate}
          onChange={set("startDate")}
          data-testid="dashboard-start-date"
        />
        <TextField
          label={t("dashboard.filter.endDate")}
          type="date"
          value={filter.endDate}
          onChange={set("endDate")}
          data-testid="dashboard-end-date"
        />
        <Button
          type="submit"
          variant="primary"
          icon={<FilterIcon />}
          isPending={main.loading}
          data-testid="dashboard-apply"
        >
          {t("dashboard.filter.apply")}
        </Button>
      </form>
      {data && (
        <p className="dashboard-period" data-testid="dashboard-period">
          {t("dashboard.period", { from: dayText(data.dateFrom), to: dayText(data.dateTo) })}
        </p>
      )}
      {!data ? (
        online && !main.failed ? (
          <Spinner />
        ) : (
          <p className="dashboard-empty">{t("dashboard.noData")}</p>
        )
      ) : (
        <Tabs className="dashboard-tabs" selectedKey={tab} onSelectionChange={(k) => setTab(k as DashboardTab)}>
          <TabList aria-label={t("dashboard.tabsLabel")}>
            {DASHBOARD_TABS.map((id) => (
              <Tab key={id} id={id} data-testid={`dashboard-tab-${id}`}>
                {t(`dashboard.tabs.${id}`)}
              </Tab>
            ))}
          </TabList>
          <TabPanel id="indicators" className="dashboard-panel">
            <IndicatorsTab counters={data.counters} />
          </TabPanel>
          <TabPanel id="nps" className="dashboard-panel">
            <NpsTab counters={data.counters} />
          </TabPanel>
          <TabPanel id="attendants" className="dashboard-panel">
            <AttendantsTab companyId={companyId} attendants={data.attendants} online={online} />
          </TabPanel>
        </Tabs>
      )}
    </ListPage>
  );
}

/** yyyy-mm-dd as dd/mm/yyyy (spec 1 §9 dates). */
export const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
