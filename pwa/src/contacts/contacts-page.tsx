// /contacts (spec 1 §2 "Contacts list"): the count, search, tag filter, the import/export
// menu, add; each row with its connection and state and the actions start ticket, edit,
// block/unblock and delete (admins). Rows come from the replica plus core's pages
// (use-contacts-list.ts); every write goes through the outbox and works offline.
import type { TagDTO } from "@chatflow/core/contract/contacts.ts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { announceSaved } from "../layout/saved-toast.ts";
import { useOnline } from "../layout/use-online.ts";
import { requestSync } from "../sync/app-sync.ts";
import { useTagList } from "../tags/tags-data.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { SearchField } from "../ui/fields.tsx";
import { ContactsIcon, PlusIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { ContactDialog } from "./contact-dialog.tsx";
import type { ContactFilter, ContactRow } from "./contact-list.ts";
import { ContactRowItem } from "./contact-row.tsx";
import { useBlockContact, useContacts, useDeleteContact } from "./contacts-data.ts";
import { ContactsIoMenu } from "./contacts-io-menu.tsx";
import { StartTicketDialog } from "./start-ticket-dialog.tsx";
import "./contacts.css";

/** Row height of the list (avatar and two lines). */
const ROW_HEIGHT = 64;

export function ContactsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const online = useOnline();
  const narrow = useMediaQuery(NARROW_QUERY);
  const admin = user?.profile === "admin";

  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText, 500);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const filter = useMemo<ContactFilter>(() => ({ search, tagIds }), [search, tagIds]);
  const list = useContacts(filter, online);
  const tags = useTagList(online);
  const blockContact = useBlockContact();
  const deleteContact = useDeleteContact();

  const [editing, setEditing] = useState<ContactRow | "new" | null>(null);
  const [starting, setStarting] = useState<ContactRow | null>(null);
  const [deleting, setDeleting] = useState<ContactRow | null>(null);

  const afterWrite = (text: string) => {
    requestSync();
    // 'Salvo neste dispositivo, enviando…' until the server has it, then the success (issue 21).
    void announceSaved(text);
  };

  async function toggleBlock(row: ContactRow) {
    if (!row.source) return;
    await blockContact(row.source, !row.active);
    afterWrite(row.active ? t("contactsPage.toasts.blocked") : t("contactsPage.toasts.unblocked"));
  }

  async function remove(row: ContactRow) {
    if (!row.source) return;
    await deleteContact(row.source);
    afterWrite(t("contactsPage.toasts.deleted"));
  }

  const notice = !online
    ? tagIds.length > 0
      ? t("contactsPage.offlineTagFilter")
      : t("contactsPage.offline")
    : list.server.error
      ? t("contactsPage.loadError")
      : null;

  return (
    <ListPage
      className="contacts-page"
      data-testid="contacts-page"
      title={t("contactsPage.titleCount", { count: list.count })}
      actions={
        <>
          <ContactsIoMenu filter={filter} online={online} admin={admin} compact={narrow} />
          <Button variant="primary" icon={<PlusIcon />} onPress={() => setEditing("new")} data-testid="contacts-add">
            {t("contactsPage.add")}
          </Button>
        </>
      }
      toolbar={
        <>
          <SearchField
            label={t("contactsPage.search")}
            placeholder={t("contactsPage.search")}
            value={searchText}
            onChange={setSearchText}
            data-testid="contacts-search"
          />
          <Select<TagDTO, "multiple">
            label={t("contactsPage.tagFilter")}
            hideLabel
            placeholder={t("contactsPage.tagFilter")}
            selectionMode="multiple"
            items={tags}
            value={tagIds}
            onChange={(keys) => setTagIds((keys as number[]).map(Number))}
            data-testid="contacts-tag-filter"
          >
            {(tag) => <SelectItem id={tag.id}>{tag.name}</SelectItem>}
          </Select>
        </>
      }
      notice={notice}
    >
      {list.ready && list.rows.length === 0 && !(online && !list.server.loaded && !list.server.error) ? (
        <EmptyState icon={<ContactsIcon size={48} />} title={t("contactsPage.empty")} />
      ) : (
        <VirtualList
          items={list.rows}
          getKey={(r) => r.key}
          rowHeight={ROW_HEIGHT}
          label={t("contactsPage.listLabel")}
          hasMore={online && list.server.hasMore}
          loadingMore={list.server.loading}
          onEndReached={list.server.loadMore}
          data-testid="contacts-list"
          renderRow={(row) => (
            <ContactRowItem
              row={row}
              admin={admin}
              compact={narrow}
              onEdit={() => setEditing(row)}
              onStartTicket={() => setStarting(row)}
              onToggleBlock={() => void toggleBlock(row)}
              onDelete={() => setDeleting(row)}
            />
          )}
        />
      )}
      {editing !== null && (
        <ContactDialog
          contact={editing === "new" ? null : editing}
          online={online}
          tags={tags}
          onClose={() => setEditing(null)}
          onSaved={() => afterWrite(t("contactsPage.toasts.saved"))}
        />
      )}
      {starting !== null && <StartTicketDialog contact={starting} online={online} onClose={() => setStarting(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("contactsPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("contactsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="contact-delete-confirm"
      >
        {t("contactsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
