// The contact dialog (spec 1 §2 Dialogs "contact edit"; §5 Contact form): name, number,
// e-mail, origin connection, the audio and chatbot switches, extra information and tags,
// validated with the contract's schemas and messages. Saving queues the change (works
// offline); extra information and tags are read from core, so they need a connection.
import type { TagDTO } from "@chatflow/core/contract/contacts.ts";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { ContactExtraInfo, ContactMainFields } from "./contact-fields.tsx";
import type { ContactRow } from "./contact-list.ts";
import { useContactForm } from "./use-contact-form.ts";

export function ContactDialog({
  contact,
  online,
  tags,
  onClose,
  onSaved,
}: {
  /** null adds a contact. */
  contact: ContactRow | null;
  online: boolean;
  tags: TagDTO[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const state = useContactForm({ contact, online, onClose, onSaved });
  const { source, tagIds, extra, errors, detailError } = state;

  return (
    <FormModal
      title={source ? t("contactsPage.dialog.editTitle") : t("contactsPage.dialog.addTitle")}
      onClose={onClose}
      onSubmit={(e) => void state.save(e)}
      saving={state.saving}
      cancelLabel={t("contactsPage.dialog.cancel")}
      saveLabel={t("contactsPage.dialog.save")}
      data-testid="contact-dialog"
      save-testid="contact-save"
    >
      <div className="contact-form">
        <ContactMainFields state={state} />

        {source && !online && <p className="contact-form-note">{t("contactsPage.dialog.detailsOffline")}</p>}
        {detailError !== null && <p className="contact-form-note">{errorText(detailError)}</p>}
        {state.loadingDetail && <Spinner />}

        {source && tagIds !== null && (
          <Select<TagDTO, "multiple">
            label={t("contactsPage.dialog.tags")}
            selectionMode="multiple"
            items={tags}
            value={tagIds}
            onChange={(keys) => state.setTagIds((keys as number[]).map(Number))}
            placeholder={t("contactsPage.dialog.noTags")}
            data-testid="contact-tags"
          >
            {(tag) => <SelectItem id={tag.id}>{tag.name}</SelectItem>}
          </Select>
        )}
        {!source && <p className="contact-form-note">{t("contactsPage.dialog.tagsAfterCreate")}</p>}

        {extra !== null && <ContactExtraInfo state={state} extra={extra} />}
        {errors.form && (
          <p className="contact-form-error" role="alert">
            {errors.form}
          </p>
        )}
      </div>
    </FormModal>
  );
}
