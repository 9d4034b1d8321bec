// The login screen (spec 1 §5): email, password with show/hide, remember-me.
// Branded before login (spec 3 §2 White-label): the app name and the theme's logo the super user set,
// else 'Chat-flow' and the theme's primary colour.
import { brandingFileUrl } from "@chatflow/core/contract/branding.ts";
import { useAtomValue } from "jotai";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "react-aria-components/Button";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { FieldError, Input, Label, TextField } from "react-aria-components/TextField";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { sessionDeps } from "../app-services.ts";
import { errorText } from "../i18n/translate-error.ts";
import { themeAtom } from "../layout/theme.ts";
import { brandingAtom } from "../settings/branding.ts";
import { EyeIcon, EyeOffIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import { Switch } from "../ui/toggles.tsx";
import { signIn } from "./session.ts";
import { TwoFactorStep } from "./two-factor-step.tsx";

type FieldErrors = { email?: string; password?: string };

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The password was right and a second step follows (decision 0113).
  const [second, setSecond] = useState<{ step: "code" | "enrol"; challenge: string } | null>(null);
  const branding = useAtomValue(brandingAtom);
  const theme = useAtomValue(themeAtom);
  const logo = theme === "dark" ? branding.appLogoDark || branding.appLogoLight : branding.appLogoLight;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    const found: FieldErrors = {};
    if (!address) found.email = t("login.required");
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) found.email = t("login.invalidEmail");
    if (!password) found.password = t("login.required");
    setErrors(found);
    if (found.email || found.password) return;
    setSubmitting(true);
    setFailure(null);
    try {
      // On success the session changes and the route guard moves on (to /financeiro when expired).
      const outcome = await signIn(sessionDeps, { email: address, password }, remember);
      if (outcome.kind === "secondStep") {
        setSecond({ step: outcome.step, challenge: outcome.challenge });
        setSubmitting(false);
      }
    } catch (err) {
      const text = errorText(err);
      setFailure(text);
      showToast(text);
      setSubmitting(false);
    }
  }

  return (
    <I18nProvider locale={i18n.language}>
      <main className="login-page">
        <LoginCard isForm={second === null} onSubmit={onSubmit}>
          {logo && <img className="brand-logo" src={brandingFileUrl(logo)} alt="" data-testid="login-logo" />}
          <h1 className="brand" data-testid="login-brand">
            {branding.appName}
          </h1>
          {second ? (
            <TwoFactorStep
              step={second.step}
              challenge={second.challenge}
              deps={sessionDeps}
              remember={remember}
              onBack={() => {
                setSecond(null);
                setPassword("");
              }}
            />
          ) : (
            <>
              <h2 className="login-title">{t("login.title")}</h2>
              <TextField
                className="field"
                type="email"
                autoComplete="email"
                value={email}
                onChange={setEmail}
                isInvalid={Boolean(errors.email)}
                isRequired
                autoFocus
              >
                <Label>{t("login.email")}</Label>
                <Input data-testid="login-email" />
                <FieldError>{errors.email}</FieldError>
              </TextField>
              <TextField
                className="field"
                type={showPassword ? "text" : "password"}
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
                isInvalid={Boolean(errors.password)}
                isRequired
              >
                <Label>{t("login.password")}</Label>
                <div className="input-with-button">
                  <Input data-testid="login-password" />
                  <Button
                    className="icon-button"
                    aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")}
                    onPress={() => setShowPassword((v) => !v)}
                  >
                    {showPassword ? <EyeOffIcon /> : <EyeIcon />}
                  </Button>
                </div>
                <FieldError>{errors.password}</FieldError>
              </TextField>
              <Switch isSelected={remember} onChange={setRemember}>
                {t("login.remember")}
              </Switch>
              {failure && <p className="form-error">{failure}</p>}
              <Button type="submit" className="button primary" isDisabled={submitting} data-testid="login-submit">
                {submitting ? t("login.submitting") : t("login.submit")}
              </Button>
              {/* Signup is offered always: core refuses it with ERR_USER_CREATION_DISABLED when switched off. */}
              <nav className="login-links">
                <Link to="/forgetpsw" data-testid="login-forgot-link">
                  {t("account.forgotPassword")}
                </Link>
                <Link to="/signup" data-testid="login-signup-link">
                  {t("account.noAccount")}
                </Link>
              </nav>
            </>
          )}
        </LoginCard>
      </main>
    </I18nProvider>
  );
}

/** The card: the password form, or (during the second step, whose forms are its own: forms do not nest) a box. */
function LoginCard({
  isForm,
  onSubmit,
  children,
}: {
  isForm: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  if (!isForm) return <div className="login-card">{children}</div>;
  return (
    <form className="login-card" onSubmit={onSubmit} noValidate>
      {children}
    </form>
  );
}
