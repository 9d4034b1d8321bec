// The contact edit dialog (spec 1 §2 Dialogs, §5 contact form): name 2 to 50 characters, number
// 8 to 50 digits, a valid e-mail or none, and the custom fields. Validated with the contract's
// schemas and their messages. A number left as shown (masked under LGPD) is not sent, so a plain
// user can edit the rest without knowing it.
import type { TUpdateContactRequest } from "@chatflow/core/contract/contacts.ts";
import type { ContactDTO } from "@chatflow/core/contract/entities.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { contactEditRequest, type Errors, type Row } from "./contact-edit.ts";

let rowKeys = 0;

export function ContactEditDialog({
  contact,
  extraInfo,
  onOpenChange,
  onSave,
}: {
  contact: ContactDTO;
  /** The custom fields, or null when they are not held here (offline, never fetched): not edited then. */
  extraInfo: { id?: number; name: string; value: string }[] | null;
  onOpenChange: (open: boolean) => void;
  onSave: (request: TUpdateContactRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(contact.name);
  const [number, setNumber] = useState(contact.number);
  const [email, setEmail] = useState(contact.email);
  const [rows, setRows] = useState<Row[] | null>(
    extraInfo ? extraInfo.map((i) => ({ key: ++rowKeys, id: i.id, name: i.name, value: i.value })) : null,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const result = contactEditRequest(contact, { name, number, email, extraInfo: rows });
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      await onSave(result.request);
      onOpenChange(false);
    } finally {
      setSaving(false);
    }
  };

  const setRow = (key: number, change: Partial<Row>) =>
    setRows((list) => (list ?? []).map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <FormModal
      title={t("contactDrawer.editDialog.title")}
      onClose={() => onOpenChange(false)}
      onSubmit={() => void submit()}
      saving={saving}
      cancelLabel={t("ui.cancel")}
      saveLabel={t("contactDrawer.editDialog.save")}
      data-testid="contact-edit-dialog"
      save-testid="contact-edit-save"
    >
      <TextField
        label={t("contactDrawer.editDialog.name")}
        value={name}
        onChange={setName}
        errorMessage={errors.name}
        isRequired
        maxLength={250}
        data-testid="contact-edit-name"
      />
      <TextField
        label={t("contactDrawer.editDialog.number")}
        description={t("contactDrawer.editDialog.numberHint")}
        value={number}
        onChange={setNumber}
        errorMessage={errors.number}
        isRequired
        maxLength={60}
        inputMode="tel"
        data-testid="contact-edit-number"
      />
      <TextField
        label={t("contactDrawer.editDialog.email")}
        type="email"
        value={email}
        onChange={setEmail}
        errorMessage={errors.email}
        maxLength={254}
        data-testid="contact-edit-email"
      />
      {rows && (
        <fieldset className="contact-edit-info">
          <legend className="field-label">{t("contactDrawer.editDialog.extraInfo")}</legend>
          {rows.map((row) => (
            <div key={row.key} className="contact-edit-info-row">
              <TextField
                label={t("contactDrawer.editDialog.infoName")}
                value={row.name}
                onChange={(value) => setRow(row.key, { name: value })}
                errorMessage={errors.info?.[row.key]}
                maxLength={100}
              />
              <TextField
                label={t("contactDrawer.editDialog.infoValue")}
                value={row.value}
                onChange={(value) => setRow(row.key, { value })}
                maxLength={1000}
              />
              <IconButton
                label={t("contactDrawer.editDialog.removeInfo", { name: row.name })}
                onPress={() => setRows((list) => (list ?? []).filter((r) => r.key !== row.key))}
                className="contact-edit-info-remove"
              >
                <TrashIcon size={18} />
              </IconButton>
            </div>
          ))}
          <Button
            size="small"
            icon={<PlusIcon size={16} />}
            onPress={() => setRows((list) => [...(list ?? []), { key: ++rowKeys, name: "", value: "" }])}
          >
            {t("contactDrawer.editDialog.addInfo")}
          </Button>
        </fieldset>
      )}
    </FormModal>
  );
}
