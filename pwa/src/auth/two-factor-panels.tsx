// The parts of two-factor sign-in that the login's second step and the security screen share (decision 0113): the
// enrolment (QR code of the otpauth URI, the key as text, the first code) and the recovery codes shown once.
import type { EnrolmentAnswer } from "@chatflow/core/contract/two-factor.ts";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { showToast } from "../ui/toasts.ts";
import "../styles/two-factor.css";

/** The key in groups of four, as apps let it be typed. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export function EnrolPanel({
  enrolment,
  onConfirm,
}: {
  enrolment: EnrolmentAnswer;
  /** Sends the first code; throws the server's refusal. */
  onConfirm: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const svg = useMemo(
    () => renderSVG(enrolment.uri, { border: 2, whiteColor: "#ffffff", blackColor: "#000000" }),
    [enrolment.uri],
  );
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t("login.required"));
    setBusy(true);
    setError(null);
    try {
      await onConfirm(code);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }
  return (
    <form className="two-factor-enrol" onSubmit={submit} noValidate data-testid="two-factor-enrol">
      <p className="two-factor-text">{t("twoFactor.enrolIntro")}</p>
      <div
        className="two-factor-qr"
        role="img"
        aria-label={t("twoFactor.qrLabel")}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's SVG of our own otpauth URI, no outside markup
        dangerouslySetInnerHTML={{ __html: svg }}
        data-testid="two-factor-qr"
      />
      <div className="two-factor-secret">
        <span className="two-factor-secret-label">{t("twoFactor.secretLabel")}</span>
        <code data-testid="two-factor-secret" data-secret={enrolment.secret}>
          {grouped(enrolment.secret)}
        </code>
      </div>
      <TextField
        label={t("twoFactor.confirmCode")}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        errorMessage={error}
        data-testid="two-factor-enrol-code"
      />
      <Button type="submit" variant="primary" isPending={busy} data-testid="two-factor-enrol-confirm">
        {t("twoFactor.confirm")}
      </Button>
    </form>
  );
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="two-factor-codes" aria-labelledby="two-factor-codes-title" data-testid="two-factor-codes">
      <h2 id="two-factor-codes-title" className="two-factor-heading">
        {t("twoFactor.codesTitle")}
      </h2>
      <p className="two-factor-text">{t("twoFactor.codesIntro")}</p>
      <ul className="two-factor-code-list" aria-label={t("twoFactor.codesTitle")}>
        {codes.map((c) => (
          <li key={c} data-testid="two-factor-recovery-code">
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="two-factor-actions">
        <Button
          onPress={() => {
            void navigator.clipboard
              ?.writeText(codes.join("\n"))
              .then(() => showToast(t("twoFactor.copied"), "info"))
              .catch(() => undefined);
          }}
        >
          {t("twoFactor.copyCodes")}
        </Button>
        <Button variant="primary" onPress={onDone} data-testid="two-factor-codes-done">
          {t("twoFactor.continueOn")}
        </Button>
      </div>
    </section>
  );
}
