// /campaigns (spec 3 §2 "Campaigns page"; admins of a plan with useCampaigns, shown with 'cshow'): the campaigns
// page by page with search, and per campaign stop (while EM_ANDAMENTO), restart (while CANCELADA), report, edit
// (or view, when §4 makes it read-only) and delete. Admin REST, updated live (spec 3 §4).
import { type CampaignDTO, isCampaignEditable } from "@chatflow/core/contract/campaigns.ts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText } from "../i18n/translate-error.ts";
import { CrudListPage } from "../layout/crud-list-page.tsx";
import { Badge, type Tone } from "../ui/badge.tsx";
import { ChartIcon, EditIcon, EyeIcon, PlayIcon, SendIcon, StopIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import { CampaignModal } from "./campaign-modal.tsx";
import { campaignsCollection, useCampaignAction } from "./campaigns-data.ts";
import "./campaigns.css";

export const STATUS_TONE: Record<CampaignDTO["status"], Tone> = {
  INATIVA: "neutral",
  PROGRAMADA: "primary",
  EM_ANDAMENTO: "warning",
  CANCELADA: "danger",
  FINALIZADA: "success",
};

export function CampaignsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const campaignAction = useCampaignAction();

  async function act(c: CampaignDTO, action: "cancel" | "restart", reload: () => void) {
    try {
      await campaignAction(c.id, action);
      showToast(t(action === "cancel" ? "campaignsPage.toasts.cancelled" : "campaignsPage.toasts.restarted"), "info");
      reload();
    } catch (err) {
      // Spec 3 §8: cancel and restart failures show the raw error message.
      showToast(err instanceof Error ? err.message : errorText(err));
    }
  }

  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
  return (
    <CrudListPage<CampaignDTO>
      texts="campaignsPage"
      ids={{ page: "campaigns", item: "campaign" }}
      // Created, edited, deleted or moved on by the sender (spec 3 §4 live updates).
      collection={campaignsCollection}
      className="campaigns-page"
      countInTitle
      lowercaseSearch
      emptyIcon={<SendIcon size={48} />}
      row={(c, { online, reload }) => {
        const status = t(`campaignsPage.status.${c.status}`);
        const parts = {
          status,
          connection: c.whatsapp?.name ?? "–",
          list: c.contactList?.name ?? t("campaignsPage.noList"),
        };
        const editable = isCampaignEditable(c);
        return {
          subtitle: c.scheduledAt
            ? t("campaignsPage.rowScheduled", { ...parts, when: when(c.scheduledAt) })
            : t("campaignsPage.row", parts),
          meta: (
            <Badge tone={STATUS_TONE[c.status]} data-testid="campaign-status">
              {status}
            </Badge>
          ),
          href: `/campaign/${c.id}/report`,
          edit: {
            label: t(editable ? "campaignsPage.edit" : "campaignsPage.view", { name: c.name }),
            icon: editable ? <EditIcon /> : <EyeIcon />,
          },
          actions: [
            ...(c.status === "EM_ANDAMENTO"
              ? [
                  {
                    id: "cancel",
                    label: t("campaignsPage.cancel", { name: c.name }),
                    icon: <StopIcon />,
                    onAction: () => void act(c, "cancel", reload),
                    isDisabled: !online,
                    "data-testid": "campaign-cancel",
                  },
                ]
              : []),
            ...(c.status === "CANCELADA"
              ? [
                  {
                    id: "restart",
                    label: t("campaignsPage.restart", { name: c.name }),
                    icon: <PlayIcon />,
                    onAction: () => void act(c, "restart", reload),
                    isDisabled: !online,
                    "data-testid": "campaign-restart",
                  },
                ]
              : []),
            {
              id: "report",
              label: t("campaignsPage.report", { name: c.name }),
              icon: <ChartIcon />,
              onAction: () => navigate(`/campaign/${c.id}/report`),
              "data-testid": "campaign-report",
            },
          ],
        };
      }}
      editor={(campaign, online, close, saved) => (
        <CampaignModal campaign={campaign} online={online} onClose={close} onSaved={saved} />
      )}
    />
  );
}
