import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import type { CachedTag } from "../store/db.ts";
import { useCreateLaneTag } from "../tags/tags-data.ts";
import { TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";

export function AddLaneDialog({
  online,
  candidates,
  onClose,
  onAdd,
}: {
  online: boolean;
  candidates: CachedTag[];
  onClose: () => void;
  onAdd: (tagId: number) => void;
}) {
  const { t } = useTranslation();
  const [tagId, setTagId] = useState<number | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const createLaneTag = useCreateLaneTag();
  const sorted = [...candidates].sort((a, b) => a.name.localeCompare(b.name));
  async function save() {
    setError(undefined);
    if (tagId !== null) {
      onAdd(tagId);
      onClose();
      return;
    }
    if (name.trim() === "") {
      setError(t("kanban.manage.addDialog.pickOne"));
      return;
    }
    if (!online) {
      setError(t("kanban.manage.addDialog.needsConnection"));
      return;
    }
    setSaving(true);
    try {
      const tag = await createLaneTag(name);
      onAdd(tag.id);
      onClose();
    } catch (err) {
      setError(errorText(err));
      showToast(errorText(err), "error");
    } finally {
      setSaving(false);
    }
  }
  return (
    <FormModal
      title={t("kanban.manage.addDialog.title")}
      size="small"
      onClose={onClose}
      onSubmit={() => void save()}
      saving={saving}
      cancelLabel={t("kanban.manage.addDialog.cancel")}
      saveLabel={t("kanban.manage.addDialog.save")}
      data-testid="add-lane-dialog"
      save-testid="add-lane-save"
    >
      <div className="lane-form">
        <Select
          label={t("kanban.manage.addDialog.existing")}
          items={sorted}
          value={tagId === null ? null : String(tagId)}
          onChange={(k) => setTagId(k === null ? null : Number(k))}
          data-testid="add-lane-existing"
        >
          {(tg) => <SelectItem id={String(tg.id)}>{tg.name}</SelectItem>}
        </Select>
        <TextField
          label={t("kanban.manage.addDialog.newName")}
          value={name}
          onChange={(v) => {
            setName(v);
            if (v) setTagId(null);
          }}
          errorMessage={error}
          data-testid="add-lane-name"
        />
      </div>
    </FormModal>
  );
}
