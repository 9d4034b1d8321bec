// /campaign/{campaignId}/report (spec 3 §2 "Campaign report"): the campaign's name, connection, contact list,
// status, totals and progress = delivered / valid contacts. Live: each change of the campaigns reloads it, and a
// reload that shows FINALIZADA reloads once more 5 s later (spec 3 §9), for the last deliveries.
import { campaignProgress } from "@chatflow/core/contract/campaigns.ts";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useOnline } from "../layout/use-online.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { BackIcon, ChartIcon } from "../ui/icons.tsx";
import { ProgressBar } from "../ui/progress-bar.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { useCampaignReport } from "./campaigns-data.ts";
import { STATUS_TONE } from "./campaigns-page.tsx";
import "./campaigns.css";

export function CampaignReportPage() {
  const { t, i18n } = useTranslation();
  const r = "campaignsPage.reportPage";
  const navigate = useNavigate();
  const online = useOnline();
  const id = Number(useParams().campaignId);
  const { report, failed } = useCampaignReport(id, online);

  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso))
      : "–";
  const progress = report ? campaignProgress(report.totals) : 0;
  return (
    <section className="page campaign-report" data-testid="campaign-report-page">
      <div>
        <Button variant="ghost" icon={<BackIcon />} onPress={() => navigate("/campaigns")}>
          {t(`${r}.back`)}
        </Button>
      </div>
      <h1>{t(`${r}.title`, { name: report?.name ?? "" })}</h1>
      {!online && (
        <p className="list-page-notice" role="status">
          {t("campaignsPage.offline")}
        </p>
      )}
      {failed && <EmptyState icon={<ChartIcon size={48} />} title={t(`${r}.notFound`)} />}
      {!report && !failed && online && <Spinner />}
      {report && (
        <>
          <dl className="campaign-report-facts">
            <div>
              <dt>{t(`${r}.connection`)}</dt>
              <dd>{report.whatsapp?.name ?? "–"}</dd>
            </div>
            <div>
              <dt>{t(`${r}.contactList`)}</dt>
              <dd>{report.contactList?.name ?? "–"}</dd>
            </div>
            <div>
              <dt>{t(`${r}.status`)}</dt>
              <dd>
                <Badge tone={STATUS_TONE[report.status]} data-testid="report-status">
                  {t(`campaignsPage.status.${report.status}`)}
                </Badge>
              </dd>
            </div>
            <div>
              <dt>{t(`${r}.scheduledAt`)}</dt>
              <dd>{when(report.scheduledAt)}</dd>
            </div>
            <div>
              <dt>{t(`${r}.completedAt`)}</dt>
              <dd>{when(report.completedAt)}</dd>
            </div>
          </dl>
          <ProgressBar
            label={t(`${r}.progress`)}
            value={progress}
            valueText={`${progress}%`}
            data-testid="report-progress"
          />
          <dl className="campaign-report-totals" data-testid="report-totals">
            {(["contacts", "valid", "delivered", "confirmationRequested", "confirmed", "failed"] as const).map((k) => (
              <div key={k}>
                <dt>{t(`${r}.${k}`)}</dt>
                <dd data-testid={`report-${k}`}>{report.totals[k]}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
