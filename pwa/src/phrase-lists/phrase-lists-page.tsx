// /phrase-lists (spec 2 §2 Phrase campaigns; admins, as the flows they start): a table of Nome, Status and actions
// (edit, delete), a 'Campanha' button and the create/edit dialog. Campaigns are admin REST: offline the screen
// says it needs a connection.
import type { FlowCampaignDTO } from "@chatflow/core/contract/flow-campaigns.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { Badge } from "../ui/badge.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ListIcon } from "../ui/icons.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import { PhraseCampaignModal } from "./phrase-campaign-modal.tsx";
import { useDeletePhraseCampaign, usePhraseLists } from "./phrase-lists-data.ts";
import "./phrase-lists.css";

export function PhraseListsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const query = usePhraseLists(online);
  const data = query.data ?? null;
  const failed = query.error !== null;
  const reload = query.reload;
  const deleteCampaign = useDeletePhraseCampaign();
  const [editing, setEditing] = useState<FlowCampaignDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<FlowCampaignDTO | null>(null);

  async function remove(c: FlowCampaignDTO) {
    try {
      await deleteCampaign(c.id);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t("phraseListsPage.toasts.deleted"), "info");
    await reload();
  }

  const notice = !online ? t("phraseListsPage.offline") : failed ? t("phraseListsPage.loadError") : null;
  return (
    <ListPage
      className="phrase-lists-page"
      data-testid="phrase-lists-page"
      title={t("phraseListsPage.title")}
      add={{
        label: t("phraseListsPage.add"),
        onPress: () => setEditing("new"),
        isDisabled: !online || !data,
        "data-testid": "phrase-lists-add",
      }}
      notice={notice}
    >
      <ListBody
        items={data ? data.campaigns : null}
        online={online}
        failed={failed}
        empty={<EmptyState icon={<ListIcon size={48} />} title={t("phraseListsPage.empty")} />}
      >
        {(rows) => (
          <div className="phrase-lists-frame">
            <table
              className="phrase-lists-table"
              aria-label={t("phraseListsPage.tableLabel")}
              data-testid="phrase-lists"
            >
              <thead>
                <tr>
                  <th scope="col">{t("phraseListsPage.columns.name")}</th>
                  <th scope="col">{t("phraseListsPage.columns.status")}</th>
                  <th scope="col" className="phrase-lists-actions">
                    {t("phraseListsPage.columns.actions")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} data-testid="phrase-campaign-row">
                    <td className="phrase-lists-name">{c.name}</td>
                    <td>
                      <Badge tone={c.status ? "success" : "neutral"}>
                        {c.status ? t("phraseListsPage.active") : t("phraseListsPage.inactive")}
                      </Badge>
                    </td>
                    <td className="phrase-lists-actions">
                      <EditDeleteButtons
                        editLabel={t("phraseListsPage.edit", { name: c.name })}
                        deleteLabel={t("phraseListsPage.delete", { name: c.name })}
                        onEdit={() => setEditing(c)}
                        onDelete={() => setDeleting(c)}
                        isDisabled={!online}
                        testId="phrase-campaign"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListBody>
      {editing !== null && data && (
        <PhraseCampaignModal
          campaign={editing === "new" ? null : editing}
          flows={data.flows}
          connections={data.connections}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={() => void reload()}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("phraseListsPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("phraseListsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="phrase-campaign-delete-confirm"
      >
        {t("phraseListsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
