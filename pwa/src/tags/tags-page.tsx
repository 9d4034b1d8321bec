// /tags (spec 2 §2 "Tags"): search, the list page by page with each tag's contact count (a
// button opens the tag's contacts), add, edit and delete. Adding goes through the outbox
// (createTag) and works offline; editing and deleting go through it too (updateTag, deleteTag) but wait for
// their push, so they ask for a connection and the dialog can show core's refusal under its field.
// The tag modal has the kanban variant with the lane fields (spec 2 §2, §3 Tag).
import type { TagDTO } from "@chatflow/core/contract/contacts.ts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { Chip } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ContactsIcon, PlusIcon, TagIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { TagContactsModal } from "./tag-contacts-modal.tsx";
import { mergeTags, type TagRow } from "./tag-list.ts";
import { TagModal } from "./tag-modal.tsx";
import "./tags.css";
import { useDeleteTag, useLocalTags, useTagPages } from "./tags-data.ts";

const ROW_HEIGHT = 60;

export function TagsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const server = useTagPages(search, online);
  const local = useLocalTags();
  const deleteTag = useDeleteTag();
  const rows = useMemo(
    () =>
      mergeTags({
        server: online && server.loaded ? server.items : null,
        cache: local?.cache ?? [],
        pending: local?.pending ?? [],
        search,
      }),
    [online, server.loaded, server.items, local, search],
  );
  const count =
    online && server.loaded ? (server.count ?? rows.length) + rows.filter((r) => r.pending).length : rows.length;

  const [editing, setEditing] = useState<TagRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<TagRow | null>(null);
  const [showing, setShowing] = useState<TagRow | null>(null);

  async function remove(tag: TagRow) {
    if (tag.id === null) return;
    await deleteTag(tag.id);
    showToast(t("tagsPage.toasts.deleted"), "info");
    server.reload();
  }

  const notice = !online ? t("tagsPage.offline") : server.error ? t("tagsPage.loadError") : null;
  return (
    <ListPage
      className="tags-page"
      data-testid="tags-page"
      title={t("tagsPage.titleCount", { count })}
      actions={
        <Button variant="primary" icon={<PlusIcon />} onPress={() => setEditing("new")} data-testid="tags-add">
          {t("tagsPage.add")}
        </Button>
      }
      search={{ label: t("tagsPage.search"), value: searchText, onChange: setSearchText, "data-testid": "tags-search" }}
      notice={notice}
    >
      {rows.length === 0 && (server.loaded || !online) ? (
        <EmptyState icon={<TagIcon size={48} />} title={t("tagsPage.empty")} />
      ) : (
        <VirtualList
          items={rows}
          getKey={(r) => r.key}
          rowHeight={ROW_HEIGHT}
          label={t("tagsPage.listLabel")}
          hasMore={online && server.hasMore}
          loadingMore={server.loading}
          onEndReached={server.loadMore}
          data-testid="tags-list"
          renderRow={(tag) => (
            <ListItem
              className="tag-row"
              data-testid="tag-row"
              title={<Chip color={tag.color}>{tag.name}</Chip>}
              subtitle={tag.pending ? t("tagsPage.pending") : undefined}
              actions={
                tag.id === null ? null : (
                  <>
                    <Button
                      size="small"
                      variant="ghost"
                      icon={<ContactsIcon size={18} />}
                      onPress={() => setShowing(tag)}
                      isDisabled={!online}
                      aria-label={t("tagsPage.contactsOf", { name: tag.name, count: tag.contactsCount ?? 0 })}
                      data-testid="tag-contacts"
                    >
                      {tag.contactsCount ?? "–"}
                    </Button>
                    <EditDeleteButtons
                      editLabel={t("tagsPage.edit", { name: tag.name })}
                      deleteLabel={t("tagsPage.delete", { name: tag.name })}
                      onEdit={() => setEditing(tag)}
                      onDelete={() => setDeleting(tag)}
                      isDisabled={!online}
                      testId="tag"
                    />
                  </>
                )
              }
            />
          )}
        />
      )}
      {editing !== null && (
        <TagModal
          tag={editing === "new" ? null : (editing as TagRow & { id: number })}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={(saved: TagDTO | null) => {
            if (saved) server.reload();
          }}
        />
      )}
      {showing !== null && showing.id !== null && (
        <TagContactsModal
          tag={{ id: showing.id, name: showing.name }}
          onClose={() => setShowing(null)}
          onChanged={() => server.reload()}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("tagsPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("tagsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="tag-delete-confirm"
      >
        {t("tagsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
