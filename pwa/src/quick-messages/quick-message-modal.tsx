// The quick message modal (spec 2 §2 'modal to create or edit', §3, §4, §5): shortcode (required,
// 'Obrigatório'), message, visao, geral (shown only when visao is on, and only to admins, who own the
// general list), and a file (its name's spaces become underscores on the server). Another user's quick
// message opens with every field locked (spec 2 §4). Files and geral need a connection; text fields are
// written into the list's document, offline too.

import type { QuickMessage } from "@chatflow/core/contract/documents/quick-messages.ts";
import { ZCreateQuickMessageRequestSchema } from "@chatflow/core/contract/quick-messages.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type * as Y from "yjs";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { IconButton } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { PaperclipIcon, TrashIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { type MediaChange, type QuickMessageFields, saveToDocument } from "./quick-message-save.ts";
import { useSaveQuickMessageOnline } from "./quick-messages-data.ts";

/** The contract's texts (spec 2 §5, in pt-BR) in the reader's language. */
const QUICK_MESSAGE_MESSAGES: Record<string, string> = { Obrigatório: "quickMessages.required" };

export function QuickMessageModal({
  item,
  general,
  admin,
  userId,
  online,
  locked,
  doc,
  onClose,
}: {
  /** null adds one. */
  item: QuickMessage | null;
  /** The list it is in (or is added to). */
  general: boolean;
  admin: boolean;
  userId: number;
  online: boolean;
  /** Another user's: every field is shown locked (spec 2 §4). */
  locked: boolean;
  /** The list's document, for offline saves. */
  doc: Y.Doc | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<QuickMessageFields>({
    shortcode: item?.shortcode ?? "",
    message: item?.message ?? "",
    geral: general,
    visao: general || item?.visao === true,
  });
  const [media, setMedia] = useState<MediaChange>({ kind: "keep" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const saveQuickMessageOnline = useSaveQuickMessageOnline();
  const set = <K extends keyof QuickMessageFields>(key: K, value: QuickMessageFields[K]) =>
    setFields((f) => ({ ...f, [key]: value, ...(key === "visao" && value === false ? { geral: false } : {}) }));

  const mediaName =
    media.kind === "set" ? media.file.name.replace(/\s+/g, "_") : media.kind === "remove" ? null : item?.mediaName;
  const needsServer = media.kind !== "keep" || fields.geral !== general;

  async function submit() {
    if (saving || locked) return;
    const parsed = ZCreateQuickMessageRequestSchema.safeParse(fields);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, QUICK_MESSAGE_MESSAGES));
    setErrors({});
    // Text fields go into the list's document itself (live for co-editors, offline too); a file or a move
    // between the general and the personal list needs the server (the REST calls, decision 0048).
    if (!needsServer) {
      if (!doc) return;
      saveToDocument(doc, { existing: item, userId, fields: { ...fields, ...parsed.data } });
      showToast(t("quickMessages.saved"), "info");
      return onClose();
    }
    if (!online) return showToast(t("quickMessages.modal.mediaNeedsConnection"));
    setSaving(true);
    try {
      await saveQuickMessageOnline({
        existing: item,
        existingGeral: general,
        fields: { ...fields, ...parsed.data },
        media,
      });
      showToast(t("quickMessages.saved"), "info");
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields)
        setErrors(serverFieldErrors(err.body.fields, QUICK_MESSAGE_MESSAGES));
      else showToast(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      title={item ? t("quickMessages.modal.editTitle") : t("quickMessages.modal.addTitle")}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      note={!online && needsServer ? t("quickMessages.modal.needsConnection") : null}
      cancelLabel={t("quickMessages.modal.cancel")}
      saveLabel={t("quickMessages.modal.save")}
      saveDisabled={!online && needsServer}
      readOnly={locked}
      data-testid="quick-message-modal"
      save-testid="quick-message-save"
    >
      <TextField
        label={t("quickMessages.shortcode")}
        value={fields.shortcode}
        onChange={(v) => set("shortcode", v)}
        errorMessage={errors.shortcode}
        isRequired
        isDisabled={locked}
        data-testid="quick-message-shortcode"
      />
      <TextAreaField
        label={t("quickMessages.message")}
        value={fields.message}
        onChange={(v) => set("message", v)}
        errorMessage={errors.message}
        rows={4}
        isDisabled={locked}
        data-testid="quick-message-message"
      />
      {!general && (
        <Checkbox
          isSelected={fields.visao}
          onChange={(v) => set("visao", v)}
          isDisabled={locked}
          data-testid="quick-message-visao"
        >
          {t("quickMessages.modal.visao")}
        </Checkbox>
      )}
      {/* The geral selector shows only when visao is on (spec 2 §4); the general list is the admins'. */}
      {fields.visao && admin && (
        <Checkbox
          isSelected={fields.geral}
          onChange={(v) => set("geral", v)}
          isDisabled={locked || !online}
          data-testid="quick-message-geral"
        >
          {t("quickMessages.modal.geral")}
        </Checkbox>
      )}
      <div className="quick-message-media">
        <span className="quick-message-media-name" data-testid="quick-message-media-name">
          {mediaName ?? t("quickMessages.modal.noMedia")}
        </span>
        {mediaName && !locked && (
          <IconButton
            label={t("quickMessages.modal.removeMedia", { name: mediaName })}
            onPress={() => setMedia(item?.mediaPath ? { kind: "remove" } : { kind: "keep" })}
            isDisabled={!online}
          >
            <TrashIcon />
          </IconButton>
        )}
        {!locked && (
          <FileButton
            icon={<PaperclipIcon />}
            onSelect={([file]) => file && setMedia({ kind: "set", file })}
            isDisabled={!online}
            data-testid="quick-message-pick"
          >
            {t("quickMessages.modal.pick")}
          </FileButton>
        )}
      </div>
    </FormModal>
  );
}
