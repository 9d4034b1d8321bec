// The Pix certificate tab (spec 3 §2 Payment certificate, super user): a .p12 file and its destination, sent
// with POST /settings/cert-upload?ref=; the spec's warnings before anything is sent, and success only when the
// answer's message is the attached-file one (spec 3 §4).
import {
  CERT_ATTACHED_MESSAGE,
  CERT_DESTINATIONS,
  CERT_FIELD,
  CERT_MESSAGES,
  type CertDestination,
} from "@chatflow/core/contract/settings.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { uploadCertificate } from "./settings-data.ts";
import { certificateErrors, type CertificateErrors as Errors } from "./settings-model.ts";

/** The spec's warnings in the interface language (core answers the same English texts). */
const KNOWN = {
  [CERT_MESSAGES.noFile]: "settingsPage.certificate.noFile",
  [CERT_MESSAGES.noDestination]: "settingsPage.certificate.noDestination",
  [CERT_MESSAGES.notP12]: "settingsPage.certificate.notP12",
};

export function CertificateTab({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [destination, setDestination] = useState<CertDestination | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const shown = serverFieldErrors(errors as Record<string, string>, KNOWN);

  async function send() {
    const found = certificateErrors(file, destination);
    setErrors(found);
    if (found.file || found.ref || !file || !destination) return;
    const form = new FormData();
    form.append(CERT_FIELD, file);
    setSending(true);
    try {
      const answer = await uploadCertificate(destination, form);
      if (answer?.message === CERT_ATTACHED_MESSAGE) {
        showToast(t("settingsPage.certificate.attached"), "info");
        setFile(null);
      } else showToast(t("settingsPage.certificate.failed"));
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(err.body.fields as Errors);
      showToast(errorText(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="settings-certificate" data-testid="settings-certificate">
      <p className="settings-intro">{t("settingsPage.certificate.intro")}</p>
      <Select
        label={t("settingsPage.certificate.destination")}
        value={destination}
        onChange={(v) => setDestination(v === null ? null : (String(v) as CertDestination))}
        errorMessage={shown.ref}
        isDisabled={!online || sending}
        data-testid="certificate-destination"
      >
        {CERT_DESTINATIONS.map((d) => (
          <SelectItem key={d} id={d}>
            {t(`settingsPage.certificate.destinations.${d}`)}
          </SelectItem>
        ))}
      </Select>
      <div className="settings-certificate-file">
        <FileButton
          acceptedFileTypes={[".p12", "application/x-pkcs12"]}
          onSelect={([f]) => setFile(f ?? null)}
          isDisabled={!online || sending}
          data-testid="certificate-pick"
        >
          {t("settingsPage.certificate.pick")}
        </FileButton>
        <span className="settings-certificate-name" data-testid="certificate-file">
          {file?.name ?? t("settingsPage.whitelabel.none")}
        </span>
      </div>
      {shown.file && (
        <p className="field-error" role="alert">
          {shown.file}
        </p>
      )}
      <div className="settings-actions">
        <Button
          variant="primary"
          onPress={() => void send()}
          isDisabled={!online || sending}
          data-testid="certificate-send"
        >
          {sending ? t("settingsPage.updating") : t("settingsPage.certificate.send")}
        </Button>
      </div>
    </div>
  );
}
