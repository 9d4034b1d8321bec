// /files (spec 2 §2 File lists; admins only, app-routes.ts: a plain user gets the not-allowed page): the
// searchable list (search debounced 500 ms, next page within 100 px of the bottom, spec 2 §9) with add, edit
// and delete. File lists are admin REST: offline the screen says it needs a connection.
import type { FileListDTO, FileListsPage } from "@chatflow/core/contract/files.ts";
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
import { FileListModal } from "./file-list-modal.tsx";
import "./files.css";

export function FilesPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText, 500);
  const lists = usePaged<FileListDTO>(search.trim(), online, async (page) => {
    const params = new URLSearchParams({ pageNumber: String(page) });
    if (search.trim()) params.set("searchParam", search.trim());
    const answer = await api.get<FileListsPage>(`/files?${params}`);
    return { items: answer.files, hasMore: answer.hasMore, count: answer.count };
  });
  // Another admin's change (spec 2 §4 live updates).
  useListChanged(db, "files", lists.reload);

  const [editing, setEditing] = useState<FileListDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<FileListDTO | null>(null);

  async function remove(list: FileListDTO) {
    try {
      await api.delete(`/files/${list.id}`);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t("filesPage.toasts.deleted"), "info");
    lists.reload();
  }

  const notice = !online ? t("filesPage.offline") : lists.error ? t("filesPage.loadError") : null;
  return (
    <ListPage
      className="files-page"
      data-testid="files-page"
      title={t("filesPage.title")}
      actions={
        <Button
          variant="primary"
          icon={<PlusIcon />}
          onPress={() => setEditing("new")}
          isDisabled={!online}
          data-testid="files-add"
        >
          {t("filesPage.add")}
        </Button>
      }
      toolbar={
        <SearchField
          label={t("filesPage.search")}
          placeholder={t("filesPage.search")}
          value={searchText}
          onChange={setSearchText}
          data-testid="files-search"
        />
      }
      notice={notice}
    >
      <ListBody
        items={lists.loaded ? lists.items : null}
        online={online}
        failed={Boolean(lists.error)}
        empty={<EmptyState icon={<ListIcon size={48} />} title={t("filesPage.empty")} />}
      >
        {(rows) => (
          <VirtualList
            items={rows}
            getKey={(r) => r.id}
            rowHeight={64}
            label={t("filesPage.listLabel")}
            hasMore={lists.hasMore}
            loadingMore={lists.loading}
            onEndReached={lists.loadMore}
            data-testid="files-list"
            renderRow={(r) => (
              <ListItem
                title={r.name}
                subtitle={`${t("filesPage.fileCount", { count: r.options.length })} · ${r.message}`}
                onAction={() => setEditing(r)}
                data-testid="file-list-row"
                actions={
                  <>
                    <IconButton
                      label={t("filesPage.edit", { name: r.name })}
                      onPress={() => setEditing(r)}
                      isDisabled={!online}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      label={t("filesPage.delete", { name: r.name })}
                      onPress={() => setDeleting(r)}
                      isDisabled={!online}
                      data-testid="file-list-delete"
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
        <FileListModal
          list={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={lists.reload}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("filesPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("filesPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="file-list-delete-confirm"
      >
        {t("filesPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
