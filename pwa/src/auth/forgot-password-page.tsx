// /forgetpsw (spec 3 §2 "Password reset", §4, §5, §8; decision 0078): step one mails a one-time code to the
// account's e-mail, step two takes the code, the new password and its confirmation, then goes to /login.
// Core answers step one alike whether or not the e-mail has an account, so the screen never says "not found".
// Without a mail server core refuses step one for every e-mail (decision 0104): the screen stays on it and says
// the code could not be sent and to ask the administrator, never that it was sent.
import {
  RESET_CODE_LENGTH,
  RESET_CODE_REFUSED,
  ZForgotPasswordParamsSchema,
  ZResetPasswordParamsSchema,
} from "@chatflow/core/contract/password-reset.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { showToast } from "../ui/toasts.ts";
import { AccountCard } from "./account-card.tsx";
import { requestResetCode, resetPassword as setNewPassword } from "./auth-data.ts";

const MESSAGES: Record<string, string> = {
  Obrigatório: "account.required",
  "Muito longo!": "account.tooLong",
  "Invalid email": "account.resetInvalidEmail",
  [RESET_CODE_REFUSED]: "account.codeRefused",
};

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [mailDown, setMailDown] = useState(false);

  async function send(call: () => Promise<unknown>, done: () => void) {
    setErrors({});
    setSending(true);
    try {
      await call();
      done();
    } catch (err) {
      if (err instanceof ApiError && err.body?.error === "ERR_MAIL_NOT_CONFIGURED") {
        setMailDown(true);
        return;
      }
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields, MESSAGES));
      showToast(err instanceof ApiError && err.body?.fields?.token ? t("account.codeRefused") : errorText(err));
    } finally {
      setSending(false);
    }
  }

  function requestCode(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = ZForgotPasswordParamsSchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, MESSAGES));
    setMailDown(false);
    void send(
      () => requestResetCode(parsed.data.email),
      () => {
        showToast(t("account.emailSent"), "info");
        setStep("code");
      },
    );
  }

  function resetPassword(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = ZResetPasswordParamsSchema.safeParse({ email, token: code, newPassword: password });
    const found = parsed.success ? {} : fieldErrors(parsed.error, MESSAGES);
    if (!found.newPassword && password !== confirmation) found.confirmation = t("account.passwordsDiffer");
    if (!parsed.success || found.confirmation) return setErrors(found);
    const { email: to, token, newPassword } = parsed.data;
    void send(
      () => setNewPassword(to, token, newPassword),
      () => {
        showToast(t("account.passwordReset"), "info");
        navigate("/login", { replace: true });
      },
    );
  }

  const footer = (
    <>
      <Link to="/signup" data-testid="forgot-signup-link">
        {t("account.noAccount")}
      </Link>
      <Link to="/login">{t("account.haveAccount")}</Link>
    </>
  );

  if (step === "email") {
    return (
      <AccountCard title={t("account.resetTitle")} onSubmit={requestCode} testId="forgot-email-form" footer={footer}>
        <p className="login-hint">{t("account.resetHint")}</p>
        {mailDown && (
          <p className="notice notice-error" role="alert" data-testid="forgot-mail-not-configured">
            {t("account.mailNotConfigured")}
          </p>
        )}
        <TextField
          label={t("account.email")}
          type="email"
          autoComplete="email"
          isRequired
          autoFocus
          value={email}
          onChange={setEmail}
          errorMessage={errors.email}
          data-testid="forgot-email"
        />
        <Button type="submit" variant="primary" isDisabled={sending} data-testid="forgot-send">
          {sending ? t("account.sending") : t("account.sendCode")}
        </Button>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t("account.resetTitle")} onSubmit={resetPassword} testId="forgot-code-form" footer={footer}>
      <p className="login-hint" role="status">
        {t("account.codeSent", { email: email.trim().toLowerCase() })}
      </p>
      <TextField
        label={t("account.code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={RESET_CODE_LENGTH}
        isRequired
        autoFocus
        value={code}
        onChange={setCode}
        errorMessage={errors.token}
        data-testid="forgot-code"
      />
      <PasswordField
        label={t("account.newPassword")}
        autoComplete="new-password"
        isRequired
        description={t("validation.passwordPolicy")}
        value={password}
        onChange={setPassword}
        errorMessage={errors.newPassword}
        data-testid="forgot-password"
      />
      <PasswordField
        label={t("account.confirmPassword")}
        autoComplete="new-password"
        isRequired
        value={confirmation}
        onChange={setConfirmation}
        errorMessage={errors.confirmation}
        data-testid="forgot-confirmation"
      />
      <Button type="submit" variant="primary" isDisabled={sending} data-testid="forgot-reset">
        {sending ? t("account.sending") : t("account.resetSubmit")}
      </Button>
      <Button variant="ghost" onPress={() => setStep("email")} isDisabled={sending}>
        {t("account.otherEmail")}
      </Button>
    </AccountCard>
  );
}
