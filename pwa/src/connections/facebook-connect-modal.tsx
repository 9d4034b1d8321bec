// The dialog behind 'Facebook' and 'Instagram' in the 'new connection' menu (spec 2 §2, §7 POST /facebook;
// decision 0052): the Facebook user id and user token that a social login would yield, and whether to add the
// pages' Instagram accounts. Core connects every page the user manages; the table then shows them.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { useConnectFacebook } from "./connections-data.ts";
import { type FacebookErrors, type FacebookForm, newFacebookForm } from "./facebook-connect.ts";

export function FacebookConnectModal({
  instagram,
  online,
  onClose,
  onConnected,
}: {
  /** Opened from the Instagram entry: Instagram accounts ticked. */
  instagram: boolean;
  online: boolean;
  onClose: () => void;
  onConnected: () => void;
}) {
  const { t } = useTranslation();
  const connectFacebook = useConnectFacebook();
  const [form, setForm] = useState<FacebookForm>(() => newFacebookForm(instagram));
  const [errors, setErrors] = useState<FacebookErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<FacebookForm>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const result = await connectFacebook(form);
    setSaving(false);
    if (result.ok) {
      showToast(t("facebookConnect.connected", { count: result.whatsapps.length }), "info");
      onConnected();
      onClose();
      return;
    }
    setErrors(result.errors);
    if (result.error && Object.keys(result.errors).length === 0) showToast(errorText(result.error));
  }

  return (
    <FormModal
      title={t(instagram ? "facebookConnect.titleInstagram" : "facebookConnect.titleFacebook")}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      saving={saving}
      cancelLabel={t("facebookConnect.cancel")}
      saveLabel={t("facebookConnect.connect")}
      saveDisabled={!online}
      note={online ? null : t("connectionsPage.needsConnection")}
      size="small"
      data-testid="facebook-connect"
      save-testid="facebook-connect-save"
    >
      <p className="field-description">{t("facebookConnect.intro")}</p>
      <TextField
        label={t("facebookConnect.userId")}
        value={form.facebookUserId}
        onChange={(facebookUserId) => set({ facebookUserId })}
        errorMessage={errors.facebookUserId}
        inputMode="numeric"
        autoFocus
        isRequired
        data-testid="facebook-user-id"
      />
      <PasswordField
        label={t("facebookConnect.userToken")}
        value={form.facebookUserToken}
        onChange={(facebookUserToken) => set({ facebookUserToken })}
        errorMessage={errors.facebookUserToken}
        isRequired
        data-testid="facebook-user-token"
      />
      <Checkbox
        isSelected={form.addInstagram}
        onChange={(addInstagram) => set({ addInstagram })}
        data-testid="facebook-add-instagram"
      >
        {t("facebookConnect.addInstagram")}
      </Checkbox>
    </FormModal>
  );
}
