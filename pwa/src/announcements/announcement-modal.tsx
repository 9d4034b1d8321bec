// The announcement dialog (spec 3 §2, §3 Announcement, §5): title, text, priority (1 high to 3 low, default 3),
// status (active or inactive) and an image attachment (png, jpg or jpeg). Needs a connection.
import {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  ANNOUNCEMENT_PRIORITIES,
  type AnnouncementDTO,
  type AnnouncementPriority,
} from "@chatflow/core/contract/announcements.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalSave } from "../layout/use-modal-save.ts";
import { IconButton } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { PaperclipIcon, TrashIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { type AnnouncementForm, announcementFormFrom, validateAnnouncementForm } from "./announcement-form.ts";
import { useSaveAnnouncement } from "./announcements-data.ts";

export function AnnouncementModal({
  announcement,
  online,
  onClose,
  onSaved,
}: {
  /** null adds one. */
  announcement: AnnouncementDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AnnouncementForm>(() => announcementFormFrom(announcement));
  const { saving, errors, run } = useModalSave();
  const saveAnnouncement = useSaveAnnouncement();
  const set = <K extends keyof AnnouncementForm>(key: K, value: AnnouncementForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    if (!online) return;
    const save = () => saveAnnouncement(form, announcement);
    if (!(await run(validateAnnouncementForm(form), save, t("announcementsPage.toasts.saveFailed")))) return;
    onSaved();
    showToast(t("announcementsPage.toasts.saved"), "info");
    onClose();
  }

  const storedName = !form.removeMedia ? announcement?.mediaName : null;
  const attachmentName = form.file?.name ?? storedName ?? null;
  const statuses = [
    { id: "active", name: t("announcementsPage.active") },
    { id: "inactive", name: t("announcementsPage.inactive") },
  ];
  return (
    <FormModal
      title={announcement ? t("announcementsPage.modal.editTitle") : t("announcementsPage.modal.addTitle")}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      note={online ? null : t("announcementsPage.needsConnection")}
      cancelLabel={t("announcementsPage.modal.cancel")}
      saveLabel={t("announcementsPage.modal.save")}
      saveDisabled={!online}
      data-testid="announcement-modal"
      save-testid="announcement-save"
    >
      <TextField
        label={t("announcementsPage.modal.titleField")}
        value={form.title}
        onChange={(v) => set("title", v)}
        errorMessage={errors.title}
        isRequired
        data-testid="announcement-title"
      />
      <TextAreaField
        label={t("announcementsPage.modal.text")}
        value={form.text}
        onChange={(v) => set("text", v)}
        errorMessage={errors.text}
        isRequired
        rows={5}
        data-testid="announcement-text"
      />
      <div className="announcement-modal-row">
        <Select
          label={t("announcementsPage.modal.priority")}
          items={ANNOUNCEMENT_PRIORITIES.map((p) => ({ id: p, name: t(`announcementsPage.priority.${p}`) }))}
          value={form.priority}
          onChange={(k) => k !== null && set("priority", Number(k) as AnnouncementPriority)}
          data-testid="announcement-priority"
        >
          {(p) => <SelectItem id={p.id}>{p.name}</SelectItem>}
        </Select>
        <Select
          label={t("announcementsPage.modal.status")}
          items={statuses}
          value={form.status ? "active" : "inactive"}
          onChange={(k) => k !== null && set("status", k === "active")}
          data-testid="announcement-status"
        >
          {(s) => <SelectItem id={s.id}>{s.name}</SelectItem>}
        </Select>
      </div>
      <fieldset className="announcement-attachment">
        <legend className="field-label">{t("announcementsPage.modal.attachment")}</legend>
        <FileButton
          acceptedFileTypes={[...ANNOUNCEMENT_MEDIA_EXTENSIONS, "image/png", "image/jpeg"]}
          icon={<PaperclipIcon />}
          onSelect={([file]) => {
            if (file) setForm((f) => ({ ...f, file, removeMedia: false }));
          }}
          data-testid="announcement-attach"
        >
          {t("announcementsPage.modal.attach")}
        </FileButton>
        {attachmentName && (
          <span className="announcement-attachment-name" data-testid="announcement-attachment-name">
            {attachmentName}
          </span>
        )}
        {attachmentName && (
          <IconButton
            label={t("announcementsPage.modal.removeAttachment")}
            onPress={() => setForm((f) => ({ ...f, file: null, removeMedia: true }))}
            data-testid="announcement-remove-attachment"
          >
            <TrashIcon />
          </IconButton>
        )}
        <p className={errors.file ? "field-error" : "field-description"} data-testid="announcement-attachment-note">
          {errors.file ?? t("announcementsPage.modal.attachmentTypes")}
        </p>
      </fieldset>
    </FormModal>
  );
}
