// The contact list modal (name) and the list item modal (name, number, e-mail) of spec 3 §2; both need a
// connection (contact lists are admin REST).
import type { ContactListDTO, ContactListItemDTO } from "@chatflow/core/contract/contact-lists.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalSave } from "../layout/use-modal-save.ts";
import { TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { showToast } from "../ui/toasts.ts";
import { type ItemForm, type SaveOutcome, validateItemForm, validateListForm } from "./contact-list-forms.ts";
import { useSaveContactList, useSaveContactListItem } from "./contact-lists-data.ts";

/** A checked save (useModalSave) that says so and closes on success. */
function useSave(onSaved: () => void, onClose: () => void) {
  const { t } = useTranslation();
  const { errors, saving, run: save } = useModalSave();
  async function run<T>(found: Record<string, string>, fn: () => Promise<SaveOutcome<T>>) {
    if (!(await save(found, fn))) return;
    showToast(t("contactListsPage.toasts.saved"), "info");
    onSaved();
    onClose();
  }
  return { errors, saving, run };
}

export function ContactListModal(p: {
  list: ContactListDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(p.list?.name ?? "");
  const { errors, saving, run } = useSave(p.onSaved, p.onClose);
  const saveList = useSaveContactList();
  return (
    <FormModal
      title={p.list ? t("contactListsPage.modal.editTitle") : t("contactListsPage.modal.addTitle")}
      onClose={p.onClose}
      onSubmit={() => void run(validateListForm({ name }), () => saveList({ name }, p.list))}
      saving={saving}
      cancelLabel={t("contactListsPage.modal.cancel")}
      saveLabel={t("contactListsPage.modal.save")}
      saveDisabled={!p.online}
      note={p.online ? null : t("contactListsPage.needsConnection")}
      size="small"
      data-testid="contact-list-modal"
      save-testid="contact-list-save"
    >
      <TextField
        label={t("contactListsPage.modal.name")}
        value={name}
        onChange={setName}
        errorMessage={errors.name}
        isRequired
        autoFocus
        data-testid="contact-list-name"
      />
    </FormModal>
  );
}

export function ContactListItemModal(p: {
  contactListId: number;
  item: ContactListItemDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ItemForm>({
    name: p.item?.name ?? "",
    number: p.item?.number ?? "",
    email: p.item?.email ?? "",
  });
  const set = (key: keyof ItemForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const { errors, saving, run } = useSave(p.onSaved, p.onClose);
  const saveItem = useSaveContactListItem();
  const m = "contactListsPage.items.modal";
  return (
    <FormModal
      title={p.item ? t(`${m}.editTitle`) : t(`${m}.addTitle`)}
      onClose={p.onClose}
      onSubmit={() => void run(validateItemForm(form), () => saveItem(p.contactListId, form, p.item))}
      saving={saving}
      cancelLabel={t(`${m}.cancel`)}
      saveLabel={t(`${m}.save`)}
      saveDisabled={!p.online}
      note={p.online ? null : t("contactListsPage.needsConnection")}
      size="small"
      data-testid="contact-list-item-modal"
      save-testid="contact-list-item-save"
    >
      <TextField
        label={t(`${m}.name`)}
        value={form.name}
        onChange={set("name")}
        errorMessage={errors.name}
        isRequired
        autoFocus
        data-testid="contact-list-item-name"
      />
      <TextField
        label={t(`${m}.number`)}
        value={form.number}
        onChange={set("number")}
        errorMessage={errors.number}
        description={t(`${m}.numberHelp`)}
        inputMode="tel"
        isRequired
        data-testid="contact-list-item-number"
      />
      <TextField
        label={t(`${m}.email`)}
        type="email"
        value={form.email}
        onChange={set("email")}
        errorMessage={errors.email}
        data-testid="contact-list-item-email"
      />
    </FormModal>
  );
}
