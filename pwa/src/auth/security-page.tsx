// /security (decision 0113): one's own two-factor sign-in: turn it on (QR code, key, first code, recovery codes
// shown once), see the recovery codes left and trusted devices, forget the devices, turn it off (a code or the
// password; refused while the company or the platform requires it). Online only.
import type { EnrolmentAnswer } from "@chatflow/core/contract/two-factor.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { showToast } from "../ui/toasts.ts";
import {
  confirmEnrolment,
  disableTwoFactor,
  forgetTrustedDevices,
  renewRecoveryCodes,
  startEnrolment,
  useTwoFactorStatus,
} from "./two-factor-data.ts";
import { EnrolPanel, RecoveryCodesPanel } from "./two-factor-panels.tsx";

export function SecurityPage() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [enrolment, setEnrolment] = useState<EnrolmentAnswer | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      showToast(errorText(err));
    }
  };
  return (
    <main className="page two-factor-page" data-testid="security-page">
      <h1 className="page-title">{t("twoFactor.title")}</h1>
      {!status.online && <p className="two-factor-text">{t("twoFactor.offline")}</p>}
      {codes ? (
        <RecoveryCodesPanel
          codes={codes}
          onDone={() => {
            setCodes(null);
            void status.reload();
          }}
        />
      ) : enrolment ? (
        <EnrolPanel
          enrolment={enrolment}
          onConfirm={async (code) => {
            const answer = await confirmEnrolment(code);
            showToast(t("twoFactor.enabled"), "info");
            setEnrolment(null);
            setCodes(answer.recoveryCodes);
          }}
        />
      ) : (
        status.data && (
          <section className="two-factor-status" data-testid="two-factor-status">
            <p className="two-factor-text" data-testid="two-factor-state">
              {t(status.data.enabled ? "twoFactor.statusOn" : "twoFactor.statusOff")}
            </p>
            {status.data.required && <p className="two-factor-text">{t("twoFactor.requiredNote")}</p>}
            {status.data.enabled ? (
              <>
                <p className="two-factor-text">{t("twoFactor.codesLeft", { count: status.data.recoveryCodesLeft })}</p>
                <p className="two-factor-text">{t("twoFactor.trusted", { count: status.data.trustedDevices })}</p>
                <div className="two-factor-actions">
                  <Button
                    isDisabled={status.data.trustedDevices === 0}
                    onPress={() =>
                      run(async () => {
                        await forgetTrustedDevices();
                        showToast(t("twoFactor.forgotten"), "info");
                        await status.reload();
                      })
                    }
                  >
                    {t("twoFactor.forgetDevices")}
                  </Button>
                </div>
                <RenewCodesForm onCodes={setCodes} />
                {!status.data.required && <DisableForm onDone={() => void status.reload()} />}
              </>
            ) : (
              <Button
                variant="primary"
                data-testid="two-factor-start"
                onPress={() => run(async () => setEnrolment(await startEnrolment()))}
              >
                {t("twoFactor.start")}
              </Button>
            )}
          </section>
        )
      )}
    </main>
  );
}

/** Ten new recovery codes for a current code; the screen then shows them once. */
function RenewCodesForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t("login.required"));
    try {
      onCodes((await renewRecoveryCodes(code)).recoveryCodes);
    } catch (err) {
      setError(errorText(err));
    }
  }
  return (
    <form className="two-factor-form" onSubmit={submit} noValidate data-testid="two-factor-renew">
      <h2 className="two-factor-heading">{t("twoFactor.codesTitle")}</h2>
      <p className="two-factor-text">{t("twoFactor.renewIntro")}</p>
      <TextField
        label={t("twoFactor.code")}
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        errorMessage={error}
        data-testid="two-factor-renew-code"
      />
      <Button type="submit" data-testid="two-factor-renew-submit">
        {t("twoFactor.renewCodes")}
      </Button>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() && !password) return setError(t("login.required"));
    try {
      await disableTwoFactor(code.trim() ? { code } : { password });
      showToast(t("twoFactor.disabled"), "info");
      onDone();
    } catch (err) {
      setError(errorText(err));
    }
  }
  return (
    <form className="two-factor-form" onSubmit={submit} noValidate data-testid="two-factor-disable">
      <h2 className="two-factor-heading">{t("twoFactor.disable")}</h2>
      <p className="two-factor-text">{t("twoFactor.disableIntro")}</p>
      <TextField
        label={t("twoFactor.code")}
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        errorMessage={error}
      />
      <PasswordField label={t("twoFactor.password")} value={password} onChange={setPassword} />
      <Button type="submit" variant="danger" data-testid="two-factor-disable-submit">
        {t("twoFactor.disable")}
      </Button>
    </form>
  );
}
