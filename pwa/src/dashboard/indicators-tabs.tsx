// The Indicadores and NPS tabs of the dashboard (spec 1 §2): one card per counter, and the NPS score with its
// three parts and the rating totals. Figures as core computed them (decision 0059).
import type { DashboardCountersDTO } from "@chatflow/core/contract/dashboard.ts";
import { useTranslation } from "react-i18next";
import { ScoreRing, StatCard } from "../ui/charts.tsx";
import { npsShares, npsTone } from "./dashboard-model.ts";

export function IndicatorsTab({ counters: c }: { counters: DashboardCountersDTO }) {
  const { t, i18n } = useTranslation();
  const minutes = (v: number | null) =>
    v === null ? t("dashboard.cards.none") : t("dashboard.cards.minutes", { value: v.toLocaleString(i18n.language) });
  const today = (n: number) => t("dashboard.cards.today", { count: n });
  const card = (id: string, label: string, value: string | number, detail?: string) => (
    <StatCard key={id} label={label} value={value} detail={detail} data-testid={`dashboard-card-${id}`} />
  );
  return (
    <div className="dashboard-cards">
      {card("supportHappening", t("dashboard.cards.supportHappening"), c.supportHappening)}
      {card("supportPending", t("dashboard.cards.supportPending"), c.supportPending)}
      {card("supportFinished", t("dashboard.cards.supportFinished"), c.supportFinished)}
      {card("supportGroups", t("dashboard.cards.supportGroups"), c.supportGroups)}
      {card(
        "attendants",
        t("dashboard.cards.attendants"),
        t("dashboard.cards.attendantsValue", { online: c.usersOnline, total: c.usersTotal }),
      )}
      {card("leads", t("dashboard.cards.leads"), c.leads)}
      {card("received", t("dashboard.cards.received"), c.receivedMessages, today(c.receivedMessagesToday))}
      {card("sent", t("dashboard.cards.sent"), c.sentMessages, today(c.sentMessagesToday))}
      {card("avgSupportTime", t("dashboard.cards.avgSupportTime"), minutes(c.avgSupportTime))}
      {card("avgWaitTime", t("dashboard.cards.avgWaitTime"), minutes(c.avgWaitTime))}
      {card("activeTickets", t("dashboard.cards.activeTickets"), c.activeTickets)}
      {card("passiveTickets", t("dashboard.cards.passiveTickets"), c.passiveTickets)}
    </div>
  );
}

export function NpsTab({ counters: c }: { counters: DashboardCountersDTO }) {
  const { t } = useTranslation();
  const shares = npsShares(c);
  const share = (v: number) => t("dashboard.nps.share", { value: v });
  return (
    <div className="dashboard-nps">
      <div className="dashboard-rings">
        <ScoreRing
          label={t("dashboard.nps.score")}
          value={c.npsScore}
          min={-100}
          max={100}
          valueText={
            c.npsScore === null ? t("dashboard.cards.none") : t("dashboard.nps.scoreValue", { value: c.npsScore })
          }
          tone={npsTone(c.npsScore)}
          size={140}
          data-testid="dashboard-nps-score"
        />
        <ScoreRing
          label={t("dashboard.nps.promoters")}
          value={shares.promoters}
          valueText={share(shares.promoters)}
          tone="success"
          data-testid="dashboard-nps-promoters"
        />
        <ScoreRing
          label={t("dashboard.nps.neutral")}
          value={shares.neutral}
          valueText={share(shares.neutral)}
          tone="warning"
          data-testid="dashboard-nps-neutral"
        />
        <ScoreRing
          label={t("dashboard.nps.detractors")}
          value={shares.detractors}
          valueText={share(shares.detractors)}
          tone="danger"
          data-testid="dashboard-nps-detractors"
        />
      </div>
      <div className="dashboard-cards">
        <StatCard
          label={t("dashboard.nps.totalTickets")}
          value={c.totalTickets}
          data-testid="dashboard-card-totalTickets"
        />
        <StatCard label={t("dashboard.nps.waitRating")} value={c.waitRating} data-testid="dashboard-card-waitRating" />
        <StatCard
          label={t("dashboard.nps.withoutRating")}
          value={c.withoutRating}
          data-testid="dashboard-card-withoutRating"
        />
        <StatCard label={t("dashboard.nps.withRating")} value={c.withRating} data-testid="dashboard-card-withRating" />
        <StatCard
          label={t("dashboard.nps.percRating")}
          value={c.percRating === null ? t("dashboard.cards.none") : share(c.percRating)}
          data-testid="dashboard-card-percRating"
        />
      </div>
    </div>
  );
}
