// /contact-lists (spec 3 §2 "Contact lists"; admins of a plan with useCampaigns, shown with 'cshow'): search,
// the lists page by page with each list's contact count, the example spreadsheet, open a list's items, edit
// and delete. Admin REST: offline the screen shows what it last loaded and says so.
import {
  CONTACT_LIST_EXAMPLE_FILE,
  type ContactListDTO,
  type ContactListsPage as ContactListsAnswer,
} from "@chatflow/core/contract/contact-lists.ts";
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
import { DownloadIcon, EditIcon, ListIcon, PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { ContactListModal } from "./contact-list-modals.tsx";
import "./contact-lists.css";

const ROW_HEIGHT = 64;

/** The example spreadsheet (spec 3 §2), a static file of the app: its columns are the ones the import reads. */
function downloadExample() {
  const a = document.createElement("a");
  a.href = CONTACT_LIST_EXAMPLE_FILE;
  a.download = CONTACT_LIST_EXAMPLE_FILE.slice(1);
  a.click();
}

export function ContactListsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const lists = usePaged<ContactListDTO>(search, online, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<ContactListsAnswer>(`/contact-lists?${q}`);
    return { items: res.records, hasMore: res.hasMore, count: res.count };
  });
  // Another admin's change, or an import ending (spec 3 §4 live updates).
  useListChanged(db, "contactLists", lists.reload);
  const [editing, setEditing] = useState<ContactListDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<ContactListDTO | null>(null);

  async function remove(list: ContactListDTO) {
    try {
      await api.delete(`/contact-lists/${list.id}`);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t("contactListsPage.toasts.deleted"), "info");
    lists.reload();
  }

  const notice = !online ? t("contactListsPage.offline") : lists.error ? t("contactListsPage.loadError") : null;
  return (
    <ListPage
      className="contact-lists-page"
      data-testid="contact-lists-page"
      title={t("contactListsPage.title", { count: lists.count ?? lists.items.length })}
      actions={
        <>
          <Button icon={<DownloadIcon />} onPress={downloadExample} data-testid="contact-lists-example">
            {t("contactListsPage.example")}
          </Button>
          <Button
            variant="primary"
            icon={<PlusIcon />}
            onPress={() => setEditing("new")}
            isDisabled={!online}
            data-testid="contact-lists-add"
          >
            {t("contactListsPage.add")}
          </Button>
        </>
      }
      toolbar={
        <SearchField
          label={t("contactListsPage.search")}
          placeholder={t("contactListsPage.search")}
          value={searchText}
          onChange={setSearchText}
          data-testid="contact-lists-search"
        />
      }
      notice={notice}
    >
      <ListBody
        items={lists.loaded ? lists.items : null}
        online={online}
        failed={Boolean(lists.error)}
        empty={<EmptyState icon={<ListIcon size={48} />} title={t("contactListsPage.empty")} />}
      >
        {(rows) => (
          <VirtualList
            items={rows}
            getKey={(r) => r.id}
            rowHeight={ROW_HEIGHT}
            label={t("contactListsPage.listLabel")}
            hasMore={online && lists.hasMore}
            loadingMore={lists.loading}
            onEndReached={lists.loadMore}
            data-testid="contact-lists-list"
            renderRow={(list) => (
              <ListItem
                data-testid="contact-list-row"
                title={list.name}
                subtitle={t("contactListsPage.contactsCount", { count: list.contactsCount })}
                href={`/contact-lists/${list.id}/contacts`}
                actions={
                  <>
                    <IconButton
                      label={t("contactListsPage.edit", { name: list.name })}
                      onPress={() => setEditing(list)}
                      isDisabled={!online}
                      data-testid="contact-list-edit"
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      label={t("contactListsPage.delete", { name: list.name })}
                      onPress={() => setDeleting(list)}
                      isDisabled={!online}
                      data-testid="contact-list-delete"
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
        <ContactListModal
          list={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={lists.reload}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("contactListsPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("contactListsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="contact-list-delete-confirm"
      >
        {t("contactListsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
