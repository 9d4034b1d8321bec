// /queue-integration (spec 2 §2 Integrations; admins of a plan with useIntegrations, app-routes.ts): the
// searchable list with a logo per type, id and name, edit and delete (search debounced 500 ms, next page within
// 100 px of the bottom, spec 2 §9). Integrations are admin REST: offline the screen says it needs a connection.
import type { QueueIntegrationDTO, QueueIntegrationsPage } from "@chatflow/core/contract/integrations.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePaged } from "../api/use-paged.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { SearchField } from "../ui/fields.tsx";
import { EditIcon, ListIcon, PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { IntegrationLogo } from "./integration-logo.tsx";
import { IntegrationModal } from "./integration-modal.tsx";
import "./integrations.css";

export function IntegrationsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText, 500);
  const list = usePaged<QueueIntegrationDTO>(search.trim(), online, async (page) => {
    const params = new URLSearchParams({ pageNumber: String(page) });
    if (search.trim()) params.set("searchParam", search.trim());
    const answer = await api.get<QueueIntegrationsPage>(`/queueIntegration?${params}`);
    return { items: answer.queueIntegrations, hasMore: answer.hasMore, count: answer.count };
  });
  // Another admin's change (spec 2 §4 live updates).
  useListChanged(db, "queueIntegrations", list.reload);
  const [editing, setEditing] = useState<QueueIntegrationDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<QueueIntegrationDTO | null>(null);

  async function remove(i: QueueIntegrationDTO) {
    try {
      await api.delete(`/queueIntegration/${i.id}`);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t("integrationsPage.toasts.deleted"), "info");
    list.reload();
  }

  const notice = !online ? t("integrationsPage.offline") : list.error ? t("integrationsPage.loadError") : null;
  return (
    <ListPage
      data-testid="integrations-page"
      title={t("integrationsPage.title")}
      actions={
        <Button
          variant="primary"
          icon={<PlusIcon />}
          onPress={() => setEditing("new")}
          isDisabled={!online}
          data-testid="integrations-add"
        >
          {t("integrationsPage.add")}
        </Button>
      }
      toolbar={
        <SearchField
          label={t("integrationsPage.search")}
          placeholder={t("integrationsPage.search")}
          value={searchText}
          onChange={setSearchText}
          data-testid="integrations-search"
        />
      }
      notice={notice}
    >
      <ListBody
        items={list.loaded ? list.items : null}
        online={online}
        failed={Boolean(list.error)}
        empty={<EmptyState icon={<ListIcon size={48} />} title={t("integrationsPage.empty")} />}
      >
        {(rows) => (
          <VirtualList
            items={rows}
            getKey={(r) => r.id}
            rowHeight={64}
            label={t("integrationsPage.listLabel")}
            hasMore={list.hasMore}
            loadingMore={list.loading}
            onEndReached={list.loadMore}
            data-testid="integrations-list"
            renderRow={(r) => (
              <ListItem
                leading={<IntegrationLogo type={r.type} />}
                title={r.name}
                subtitle={t("integrationsPage.row", { id: r.id, type: t(`integrationsPage.types.${r.type}`) })}
                onAction={() => setEditing(r)}
                data-testid="integration-row"
                actions={
                  <>
                    <IconButton
                      label={t("integrationsPage.edit", { name: r.name })}
                      onPress={() => setEditing(r)}
                      isDisabled={!online}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      label={t("integrationsPage.delete", { name: r.name })}
                      onPress={() => setDeleting(r)}
                      isDisabled={!online}
                      data-testid="integration-delete"
                    >
                      <TrashIcon />
                    </IconButton>
                  </>
                }
              />
            )}
          />
        )}
      </ListBody>
      {editing !== null && (
        <IntegrationModal
          integration={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("integrationsPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("integrationsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="integration-delete-confirm"
      >
        {t("integrationsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
