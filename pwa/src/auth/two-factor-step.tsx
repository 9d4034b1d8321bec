// The login's second step (decision 0113): a code from the authenticator app or a recovery code, with "trust this
// device for 30 days"; or, when the account must enrol first, the enrolment and its recovery codes before the app.
import type { LoginResponse } from "@chatflow/core/contract/auth.ts";
import type { EnrolmentAnswer } from "@chatflow/core/contract/two-factor.ts";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { showToast } from "../ui/toasts.ts";
import { Switch } from "../ui/toggles.tsx";
import { adoptSession, confirmEnrolmentAtLogin, enrolAtLogin, type SessionDeps, verifySecondStep } from "./session.ts";
import { EnrolPanel, RecoveryCodesPanel } from "./two-factor-panels.tsx";

type StepProps = { deps: SessionDeps; challenge: string; remember: boolean; onBack: () => void };

export function TwoFactorStep({ step, ...props }: StepProps & { step: "code" | "enrol" }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="login-title">{t(step === "code" ? "twoFactor.codeTitle" : "twoFactor.enrolTitle")}</h2>
      {step === "code" ? <CodeStep {...props} /> : <EnrolStep {...props} />}
      <Button variant="ghost" onPress={props.onBack} data-testid="two-factor-back">
        {t("twoFactor.back")}
      </Button>
    </>
  );
}

function CodeStep({ deps, challenge, remember, onBack }: StepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t("login.required"));
    setBusy(true);
    setError(null);
    try {
      // On success the session changes and the route guard moves on, as after the password alone.
      await verifySecondStep(deps, { challenge, code, trustDevice }, remember);
    } catch (err) {
      setBusy(false);
      // A spent or expired challenge: back to the password, told by a toast (this step is gone then).
      if ((err as { body?: { error?: string } }).body?.error === "ERR_TWO_FACTOR_CHALLENGE_EXPIRED") {
        showToast(errorText(err));
        onBack();
        return;
      }
      setError(errorText(err));
    }
  }
  return (
    <form className="two-factor-form" onSubmit={submit} noValidate data-testid="two-factor-code-step">
      <p className="two-factor-text">{t("twoFactor.codeIntro")}</p>
      <TextField
        label={t("twoFactor.code")}
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        autoFocus
        errorMessage={error}
        data-testid="two-factor-code"
      />
      <Switch isSelected={trustDevice} onChange={setTrustDevice} data-testid="two-factor-trust">
        {t("twoFactor.trustDevice")}
      </Switch>
      <Button type="submit" variant="primary" isPending={busy} data-testid="two-factor-verify">
        {busy ? t("twoFactor.verifying") : t("twoFactor.verify")}
      </Button>
    </form>
  );
}

function EnrolStep({ deps, challenge, remember }: StepProps) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<EnrolmentAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<(LoginResponse & { recoveryCodes: string[] }) | null>(null);
  useEffect(() => {
    let live = true;
    enrolAtLogin(deps, challenge)
      .then((e) => live && setEnrolment(e))
      .catch((err) => live && setFailure(errorText(err)));
    return () => {
      live = false;
    };
  }, [deps, challenge]);
  if (done) {
    return (
      <RecoveryCodesPanel
        codes={done.recoveryCodes}
        onDone={() => void adoptSession(deps, { token: done.token, user: done.user }, remember)}
      />
    );
  }
  return (
    <>
      <p className="two-factor-text">{t("twoFactor.enrolRequired")}</p>
      {failure && <p className="form-error">{failure}</p>}
      {enrolment && (
        <EnrolPanel
          enrolment={enrolment}
          onConfirm={async (code) => setDone(await confirmEnrolmentAtLogin(deps, challenge, code))}
        />
      )}
    </>
  );
}
