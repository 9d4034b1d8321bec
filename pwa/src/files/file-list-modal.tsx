// The file list modal (spec 2 §2 File lists): name, message and the list's files; several files are picked at
// once and sent on save, a stored one is removed from the list with its button. Needs a connection.
import type { FileListDTO } from "@chatflow/core/contract/files.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalSave } from "../layout/use-modal-save.ts";
import { IconButton } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { showToast } from "../ui/toasts.ts";
import { type FileListForm, fileListFormFrom, validateFileListForm } from "./file-list-form.ts";
import { useSaveFileList } from "./files-data.ts";

export function FileListModal({
  list,
  online,
  onClose,
  onSaved,
}: {
  /** null adds a list. */
  list: FileListDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: (list: FileListDTO) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FileListForm>(() => fileListFormFrom(list));
  const { saving, errors, run } = useModalSave();
  const saveFileList = useSaveFileList();
  const set = <K extends keyof FileListForm>(key: K, value: FileListForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    if (!online) return;
    const saved = await run(validateFileListForm(form), () => saveFileList(form, list));
    if (!saved) return;
    onSaved(saved.list);
    showToast(t("filesPage.toasts.saved"), "info");
    onClose();
  }

  const rows = [
    ...form.kept.map((o) => ({
      key: o.path,
      name: o.name,
      kind: t(`filesPage.modal.types.${o.mediaType}`),
      pending: false,
    })),
    ...form.pending.map((f, i) => ({
      key: `pending-${i}`,
      name: f.name,
      kind: t("filesPage.modal.pending"),
      pending: true,
    })),
  ];
  const removeRow = (key: string) =>
    key.startsWith("pending-")
      ? set(
          "pending",
          form.pending.filter((_, i) => `pending-${i}` !== key),
        )
      : set(
          "kept",
          form.kept.filter((o) => o.path !== key),
        );

  return (
    <FormModal
      title={list ? t("filesPage.modal.editTitle") : t("filesPage.modal.addTitle")}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      note={online ? null : t("filesPage.needsConnection")}
      cancelLabel={t("filesPage.modal.cancel")}
      saveLabel={t("filesPage.modal.save")}
      saveDisabled={!online}
      data-testid="file-list-modal"
      save-testid="file-list-save"
    >
      <TextField
        label={t("filesPage.modal.name")}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={errors.name}
        isRequired
        data-testid="file-list-name"
      />
      <TextAreaField
        label={t("filesPage.modal.message")}
        value={form.message}
        onChange={(v) => set("message", v)}
        errorMessage={errors.message}
        isRequired
        rows={3}
        data-testid="file-list-message"
      />
      <div className="files-modal-files">
        <h3 className="files-modal-heading">{t("filesPage.modal.files")}</h3>
        {rows.length === 0 ? (
          <p className="files-modal-empty">{t("filesPage.modal.noFiles")}</p>
        ) : (
          <List label={t("filesPage.modal.files")} data-testid="file-list-files">
            {rows.map((r) => (
              <ListItem
                key={r.key}
                title={r.name}
                subtitle={r.kind}
                data-testid="file-list-file"
                actions={
                  <IconButton label={t("filesPage.modal.remove", { name: r.name })} onPress={() => removeRow(r.key)}>
                    <TrashIcon />
                  </IconButton>
                }
              />
            ))}
          </List>
        )}
        <FileButton
          allowsMultiple
          icon={<PlusIcon />}
          onSelect={(files) => set("pending", [...form.pending, ...files])}
          isDisabled={!online}
          data-testid="file-list-pick"
        >
          {t("filesPage.modal.pick")}
        </FileButton>
      </div>
    </FormModal>
  );
}
