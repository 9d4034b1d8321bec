// The contacts of one tag (spec 2 §2 Tags: "a contacts modal (ID, name, number, remove)"),
// read page by page from GET /contacts?contactTag=[id]. Removing a contact from the tag is
// the removeContactTag push mutation: the row goes at once, and comes back if core refuses.
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { IconButton } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { VirtualList } from "../ui/virtual-list.tsx";
import { usePendingTagRemovals, useRemoveContactTag, useTagContacts } from "./tags-data.ts";

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
  const contacts = useTagContacts(tag.id, online);
  // Removals of this tag still waiting for core hide their contacts already.
  const removing = usePendingTagRemovals(tag.id);
  const removeContactTag = useRemoveContactTag();
  const rows = contacts.items.filter((c) => !removing.has(c.id));

  async function removeFrom(contactId: number) {
    await removeContactTag(tag.id, contactId);
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
