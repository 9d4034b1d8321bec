// The quick message modal (spec 2 §2 'modal to create or edit', §3, §4, §5): shortcode (required,
// 'Obrigatório'), message, visao, geral (shown only when visao is on, and only to admins, who own the
// general list), and a file (its name's spaces become underscores on the server). Another user's quick
// message opens with every field locked (spec 2 §4). Files and geral need a connection; text fields are
// written into the list's document, offline too.

import { useTranslation } from "react-i18next";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { QuickMessageMedia, QuickMessageVisibility } from "./quick-message-fields.tsx";
import { type QuickMessageModalProps, useQuickMessageForm } from "./use-quick-message-form.ts";

export function QuickMessageModal({
  item,
  general,
  admin,
  userId,
  online,
  locked,
  doc,
  onClose,
}: QuickMessageModalProps) {
  const { t } = useTranslation();
  const state = useQuickMessageForm({ item, general, userId, online, locked, doc, onClose });
  const { fields, set, errors, saving, needsServer } = state;

  return (
    <FormModal
      title={item ? t("quickMessages.modal.editTitle") : t("quickMessages.modal.addTitle")}
      onClose={onClose}
      onSubmit={() => void state.submit()}
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
      <QuickMessageVisibility state={state} locked={locked} online={online} general={general} admin={admin} />
      <QuickMessageMedia state={state} locked={locked} online={online} />
    </FormModal>
  );
}
