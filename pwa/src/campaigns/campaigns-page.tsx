// /campaigns (spec 3 §2 "Campaigns page"; admins of a plan with useCampaigns, shown with 'cshow'): the campaigns
// page by page with search, and per campaign stop (while EM_ANDAMENTO), restart (while CANCELADA), report, edit
// (or view, when §4 makes it read-only) and delete. Admin REST, updated live (spec 3 §4).
import {
  type CampaignDTO,
  type CampaignsPage as CampaignsAnswer,
  isCampaignEditable,
} from "@chatflow/core/contract/campaigns.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { usePaged } from "../api/use-paged.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { Badge, type Tone } from "../ui/badge.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { SearchField } from "../ui/fields.tsx";
import { ChartIcon, EditIcon, EyeIcon, PlayIcon, PlusIcon, SendIcon, StopIcon, TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { CampaignModal } from "./campaign-modal.tsx";
import "./campaigns.css";

const ROW_HEIGHT = 64;
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
  const online = useOnline();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const campaigns = usePaged<CampaignDTO>(search, online, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<CampaignsAnswer>(`/campaigns?${q}`);
    return { items: res.records, hasMore: res.hasMore, count: res.count };
  });
  // Created, edited, deleted or moved on by the sender (spec 3 §4 live updates).
  useListChanged(db, "campaigns", campaigns.reload);
  const [editing, setEditing] = useState<CampaignDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<CampaignDTO | null>(null);

  async function act(c: CampaignDTO, action: "cancel" | "restart") {
    try {
      await api.post(`/campaigns/${c.id}/${action}`, {});
      showToast(t(action === "cancel" ? "campaignsPage.toasts.cancelled" : "campaignsPage.toasts.restarted"), "info");
      campaigns.reload();
    } catch (err) {
      // Spec 3 §8: cancel and restart failures show the raw error message.
      showToast(err instanceof Error ? err.message : errorText(err));
    }
  }

  async function remove(c: CampaignDTO) {
    try {
      await api.delete(`/campaigns/${c.id}`);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t("campaignsPage.toasts.deleted"), "info");
    campaigns.reload();
  }

  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
  const notice = !online ? t("campaignsPage.offline") : campaigns.error ? t("campaignsPage.loadError") : null;
  return (
    <ListPage
      className="campaigns-page"
      data-testid="campaigns-page"
      title={t("campaignsPage.title", { count: campaigns.count ?? campaigns.items.length })}
      actions={
        <Button
          variant="primary"
          icon={<PlusIcon />}
          onPress={() => setEditing("new")}
          isDisabled={!online}
          data-testid="campaigns-add"
        >
          {t("campaignsPage.add")}
        </Button>
      }
      toolbar={
        <SearchField
          label={t("campaignsPage.search")}
          placeholder={t("campaignsPage.search")}
          value={searchText}
          onChange={setSearchText}
          data-testid="campaigns-search"
        />
      }
      notice={notice}
    >
      <ListBody
        items={campaigns.loaded ? campaigns.items : null}
        online={online}
        failed={Boolean(campaigns.error)}
        empty={<EmptyState icon={<SendIcon size={48} />} title={t("campaignsPage.empty")} />}
      >
        {(rows) => (
          <VirtualList
            items={rows}
            getKey={(r) => r.id}
            rowHeight={ROW_HEIGHT}
            label={t("campaignsPage.listLabel")}
            hasMore={online && campaigns.hasMore}
            loadingMore={campaigns.loading}
            onEndReached={campaigns.loadMore}
            data-testid="campaigns-list"
            renderRow={(c) => {
              const status = t(`campaignsPage.status.${c.status}`);
              const parts = {
                status,
                connection: c.whatsapp?.name ?? "–",
                list: c.contactList?.name ?? t("campaignsPage.noList"),
              };
              const editable = isCampaignEditable(c);
              return (
                <ListItem
                  data-testid="campaign-row"
                  title={c.name}
                  subtitle={
                    c.scheduledAt
                      ? t("campaignsPage.rowScheduled", { ...parts, when: when(c.scheduledAt) })
                      : t("campaignsPage.row", parts)
                  }
                  meta={
                    <Badge tone={STATUS_TONE[c.status]} data-testid="campaign-status">
                      {status}
                    </Badge>
                  }
                  href={`/campaign/${c.id}/report`}
                  actions={
                    <>
                      {c.status === "EM_ANDAMENTO" && (
                        <IconButton
                          label={t("campaignsPage.cancel", { name: c.name })}
                          onPress={() => void act(c, "cancel")}
                          isDisabled={!online}
                          data-testid="campaign-cancel"
                        >
                          <StopIcon />
                        </IconButton>
                      )}
                      {c.status === "CANCELADA" && (
                        <IconButton
                          label={t("campaignsPage.restart", { name: c.name })}
                          onPress={() => void act(c, "restart")}
                          isDisabled={!online}
                          data-testid="campaign-restart"
                        >
                          <PlayIcon />
                        </IconButton>
                      )}
                      <IconButton
                        label={t("campaignsPage.report", { name: c.name })}
                        onPress={() => navigate(`/campaign/${c.id}/report`)}
                        data-testid="campaign-report"
                      >
                        <ChartIcon />
                      </IconButton>
                      <IconButton
                        label={t(editable ? "campaignsPage.edit" : "campaignsPage.view", { name: c.name })}
                        onPress={() => setEditing(c)}
                        isDisabled={!online}
                        data-testid="campaign-edit"
                      >
                        {editable ? <EditIcon /> : <EyeIcon />}
                      </IconButton>
                      <IconButton
                        label={t("campaignsPage.delete", { name: c.name })}
                        onPress={() => setDeleting(c)}
                        isDisabled={!online}
                        data-testid="campaign-delete"
                      >
                        <TrashIcon />
                      </IconButton>
                    </>
                  }
                />
              );
            }}
          />
        )}
      </ListBody>
      {editing !== null && (
        <CampaignModal
          campaign={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={campaigns.reload}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("campaignsPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("campaignsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="campaign-delete-confirm"
      >
        {t("campaignsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
