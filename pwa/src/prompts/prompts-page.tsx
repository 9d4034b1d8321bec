// /prompts (spec 2 §2 Prompts; admins of a plan with useOpenAi, app-routes.ts): the list with create, edit and
// delete (GET /prompt answers them all, no pages). Prompts are admin REST: offline the screen says so.
import type { PromptDTO } from "@chatflow/core/contract/prompts.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import "../integrations/integrations.css";
import { useOnline } from "../layout/use-online.ts";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ListIcon } from "../ui/icons.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import { PromptModal } from "./prompt-modal.tsx";
import { useDeletePrompt, usePrompts } from "./prompts-data.ts";

export function PromptsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const query = usePrompts(online);
  const prompts = query.data?.prompts ?? null;
  const failed = query.error !== null;
  const deletePrompt = useDeletePrompt();
  const [editing, setEditing] = useState<PromptDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<PromptDTO | null>(null);

  const load = () => void query.reload();

  async function remove(p: PromptDTO) {
    try {
      await deletePrompt(p.id);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t("promptsPage.toasts.deleted"), "info");
    load();
  }

  const notice = !online ? t("promptsPage.offline") : failed ? t("promptsPage.loadError") : null;
  return (
    <ListPage
      data-testid="prompts-page"
      title={t("promptsPage.title")}
      add={{
        label: t("promptsPage.add"),
        onPress: () => setEditing("new"),
        isDisabled: !online,
        "data-testid": "prompts-add",
      }}
      notice={notice}
    >
      <ListBody
        items={prompts}
        online={online}
        failed={failed}
        empty={<EmptyState icon={<ListIcon size={48} />} title={t("promptsPage.empty")} />}
      >
        {(rows) => (
          <List label={t("promptsPage.listLabel")} data-testid="prompts-list">
            {rows.map((p) => (
              <ListItem
                key={p.id}
                title={p.name}
                subtitle={t("promptsPage.row", {
                  queue: p.queue?.name ?? t("promptsPage.noQueue"),
                  maxTokens: p.maxTokens,
                })}
                onAction={() => setEditing(p)}
                data-testid="prompt-row"
                actions={
                  <EditDeleteButtons
                    editLabel={t("promptsPage.edit", { name: p.name })}
                    deleteLabel={t("promptsPage.delete", { name: p.name })}
                    onEdit={() => setEditing(p)}
                    onDelete={() => setDeleting(p)}
                    isDisabled={!online}
                    testId="prompt"
                  />
                }
              />
            ))}
          </List>
        )}
      </ListBody>
      {editing !== null && (
        <PromptModal
          prompt={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={load}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("promptsPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("promptsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="prompt-delete-confirm"
      >
        {t("promptsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
