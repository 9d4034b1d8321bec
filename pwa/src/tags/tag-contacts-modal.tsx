// The contacts of one tag (spec 2 §2 Tags: "a contacts modal (ID, name, number, remove)"),
// read page by page from GET /contacts?contactTag=[id]. Removing a contact from the tag is
// the removeContactTag push mutation: the row goes at once, and comes back if core refuses.
import type { ContactDetailDTO, ListContactsResponse } from "@chatflow/core/contract/contacts.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useTranslation } from "react-i18next";
import { usePaged } from "../api/use-paged.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { requestSync } from "../sync/app-sync.ts";
import { IconButton } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { VirtualList } from "../ui/virtual-list.tsx";

export function TagContactsModal({
  tag,
  onClose,
  onChanged,
}: {
  tag: { id: number; name: string };
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const key = `tag-${tag.id}`;
  const contacts = usePaged<ContactDetailDTO>(key, online, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page), contactTag: JSON.stringify([tag.id]) });
    const res = await api.get<ListContactsResponse>(`/contacts?${q}`);
    return { items: res.contacts, hasMore: res.hasMore, count: res.count };
  });
  // Removals of this tag still waiting for core hide their contacts already.
  const removing =
    useLiveQuery(async () => {
      const entries = await db.outbox.filter((e) => e.name === "removeContactTag").toArray();
      return new Set(
        entries
          .map((e) => e.args as { tagId: number; contactId: number })
          .filter((a) => a.tagId === tag.id)
          .map((a) => a.contactId),
      );
    }, [tag.id]) ?? new Set<number>();
  const rows = contacts.items.filter((c) => !removing.has(c.id));

  async function removeFrom(contactId: number) {
    await db.outbox.add({
      name: "removeContactTag",
      args: { tagId: tag.id, contactId },
      queuedAt: new Date().toISOString(),
    });
    requestSync();
    onChanged();
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("tagsPage.contacts.title", { name: tag.name })}
      data-testid="tag-contacts-modal"
    >
      {contacts.error !== null && <p className="field-error">{errorText(contacts.error)}</p>}
      {contacts.loaded && rows.length === 0 ? (
        <p className="dialog-message">{t("tagsPage.contacts.empty")}</p>
      ) : (
        <VirtualList
          className="tag-contacts-list"
          items={rows}
          getKey={(c) => c.id}
          rowHeight={56}
          label={t("tagsPage.contacts.listLabel", { name: tag.name })}
          hasMore={contacts.hasMore}
          loadingMore={contacts.loading}
          onEndReached={contacts.loadMore}
          renderRow={(c) => (
            <ListItem
              data-testid="tag-contact-row"
              title={c.name}
              subtitle={`${t("tagsPage.contacts.id", { id: c.id })} · ${c.number}`}
              actions={
                <IconButton
                  label={t("tagsPage.contacts.remove", { name: c.name, tag: tag.name })}
                  onPress={() => void removeFrom(c.id)}
                  data-testid="tag-contact-remove"
                >
                  <TrashIcon />
                </IconButton>
              }
            />
          )}
        />
      )}
    </Modal>
  );
}
