// /contact-lists/{contactListId}/contacts (spec 3 §2 "Contact list items"; admins of a plan with useCampaigns):
// search, back to the lists, reload, import of an .xls/.xlsx file after a confirmation, add, edit and delete,
// each item with its whatsapp-valid icon (decision 0076). The import runs as the contacts import does: the
// upload answers the counts, or a job polled until it ends (import-job.ts).
import type { ContactListItemDTO } from "@chatflow/core/contract/contact-lists.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { SearchField } from "../ui/fields.tsx";
import { ContactsIcon } from "../ui/icons.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { ProgressBar } from "../ui/progress-bar.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { ContactListItemRow } from "./contact-list-item-row.tsx";
import { ContactListItemsActions } from "./contact-list-items-actions.tsx";
import { ContactListItemModal } from "./contact-list-modals.tsx";
import { useContactListItems, useDeleteContactListItem } from "./contact-lists-data.ts";
import { useContactListImport } from "./use-contact-list-import.ts";
import "./contact-lists.css";

const ROW_HEIGHT = 64;

export function ContactListItemsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const contactListId = Number(useParams().contactListId);
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const { items, list, reload } = useContactListItems(contactListId, search, online);
  const deleteItem = useDeleteContactListItem();

  const [editing, setEditing] = useState<ContactListItemDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<ContactListItemDTO | null>(null);
  const { picked, setPicked, importing, pick, runImport } = useContactListImport(contactListId, reload);

  async function remove(item: ContactListItemDTO) {
    try {
      await deleteItem(item.id);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t("contactListsPage.toasts.deleted"), "info");
    reload();
  }

  const busy = importing !== null;
  const count = items.count ?? items.items.length;
  const notice = !online ? t("contactListsPage.offline") : items.error ? t("contactListsPage.loadError") : null;
  return (
    <ListPage
      className="contact-lists-page"
      data-testid="contact-list-items-page"
      title={t("contactListsPage.items.title", { name: list?.name ?? "", count })}
      actions={
        <ContactListItemsActions
          online={online}
          busy={busy}
          onReload={reload}
          onPick={pick}
          onAdd={() => setEditing("new")}
        />
      }
      toolbar={
        <>
          <SearchField
            label={t("contactListsPage.search")}
            placeholder={t("contactListsPage.search")}
            value={searchText}
            onChange={setSearchText}
            data-testid="contact-list-items-search"
          />
          {importing && (
            <ProgressBar
              label={t("contactListsPage.items.importing")}
              {...(importing.phase === "uploading"
                ? { value: Math.round(importing.fraction * 100) }
                : { isIndeterminate: true })}
            />
          )}
        </>
      }
      notice={notice}
    >
      <ListBody
        items={items.loaded ? items.items : null}
        online={online}
        failed={Boolean(items.error)}
        empty={<EmptyState icon={<ContactsIcon size={48} />} title={t("contactListsPage.items.empty")} />}
      >
        {(rows) => (
          <VirtualList
            items={rows}
            getKey={(r) => r.id}
            rowHeight={ROW_HEIGHT}
            label={t("contactListsPage.items.listLabel")}
            hasMore={online && items.hasMore}
            loadingMore={items.loading}
            onEndReached={items.loadMore}
            data-testid="contact-list-items-list"
            renderRow={(item) => (
              <ContactListItemRow
                item={item}
                online={online}
                onEdit={() => setEditing(item)}
                onDelete={() => setDeleting(item)}
              />
            )}
          />
        )}
      </ListBody>
      {editing !== null && (
        <ContactListItemModal
          contactListId={contactListId}
          item={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      <ConfirmDialog
        isOpen={picked !== null}
        onOpenChange={(open) => !open && setPicked(null)}
        title={t("contactListsPage.items.importConfirm.title", { file: picked?.name ?? "" })}
        confirmLabel={t("contactListsPage.items.importConfirm.confirm")}
        tone="primary"
        onConfirm={() => {
          if (picked) void runImport(picked);
          setPicked(null);
        }}
        data-testid="contact-list-import-confirm"
      >
        {t("contactListsPage.items.importConfirm.text")}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("contactListsPage.items.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("contactListsPage.items.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="contact-list-item-delete-confirm"
      >
        {t("contactListsPage.items.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
