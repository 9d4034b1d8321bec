// /signup (spec 3 §2 Signup, §5, §7 "Signup and password"): a new company, its admin and a public plan.
// Validated with the contract's schema before sending; core answers alike whether or not the e-mail has an
// account (decision 0022), and refuses with ERR_USER_CREATION_DISABLED when the super user switched signup off.
import type { PlanDTO } from "@chatflow/core/contract/signup.ts";
import { ZSignupRequestSchema } from "@chatflow/core/contract/signup.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, NetworkError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { AccountCard } from "./account-card.tsx";
import { signUp, useSignupPlans } from "./auth-data.ts";

/** The contract's pt-BR messages (spec 3 §5) and the texts that say them in the interface language. */
export const ACCOUNT_MESSAGES: Record<string, string> = {
  Obrigatório: "account.required",
  "Muito curto!": "account.tooShort",
  "Muito longo!": "account.tooLong",
  "E-mail inválido": "account.invalidEmail",
  "Plano inválido": "account.invalidPlan",
};

/** Spec 3 §1: money in reais with two decimals (the text adds "R$"). */
const reais = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type Form = { companyName: string; name: string; email: string; password: string; phone: string };
const EMPTY: Form = { companyName: "", name: "", email: "", password: "", phone: "" };

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyId = params.get("companyId");
  const [form, setForm] = useState<Form>(EMPTY);
  const [planId, setPlanId] = useState<number | null>(null);
  const [plans, setPlans] = useState<PlanDTO[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  useSignupPlans(
    (list) => {
      setPlans(list);
      // One plan on offer: chosen already.
      if (list.length === 1) setPlanId(list[0]!.id);
    },
    (err) => showToast(errorText(err)),
  );

  const field = (key: keyof Form) => ({
    value: form[key],
    onChange: (value: string) => setForm((f) => ({ ...f, [key]: value })),
    errorMessage: errors[key],
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const body = { ...form, planId, ...(companyId ? { companyId } : {}) };
    const parsed = ZSignupRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, ACCOUNT_MESSAGES));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await signUp(body);
      showToast(t("account.signupSuccess"), "info");
      navigate("/login", { replace: true });
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields, ACCOUNT_MESSAGES));
      // Refusals that say why in their own words; anything else is the spec's failure text.
      const own =
        err instanceof NetworkError ||
        (err instanceof ApiError &&
          (err.body?.error === "ERR_USER_CREATION_DISABLED" || err.body?.error === "ERR_TOO_MANY_REQUESTS"));
      showToast(own ? errorText(err) : t("account.signupFailed"));
    }
  }

  return (
    <AccountCard
      title={t("account.signupTitle")}
      onSubmit={onSubmit}
      testId="signup-form"
      footer={
        <Link to="/login" data-testid="signup-login-link">
          {t("account.haveAccount")}
        </Link>
      }
    >
      <TextField
        label={t("account.companyName")}
        autoComplete="organization"
        isRequired
        autoFocus
        data-testid="signup-company-name"
        {...field("companyName")}
      />
      <TextField
        label={t("account.name")}
        autoComplete="name"
        isRequired
        data-testid="signup-name"
        {...field("name")}
      />
      <TextField
        label={t("account.email")}
        type="email"
        autoComplete="email"
        isRequired
        data-testid="signup-email"
        {...field("email")}
      />
      <PasswordField
        label={t("account.password")}
        autoComplete="new-password"
        isRequired
        description={t("validation.passwordPolicy")}
        data-testid="signup-password"
        {...field("password")}
      />
      <TextField
        label={t("account.phone")}
        type="tel"
        autoComplete="tel"
        isRequired
        data-testid="signup-phone"
        {...field("phone")}
      />
      <Select
        label={t("account.plan")}
        items={plans}
        value={planId}
        onChange={(key) => setPlanId(key === null ? null : Number(key))}
        errorMessage={errors.planId}
        isRequired
        data-testid="signup-plan"
      >
        {(plan) => (
          <SelectItem id={plan.id} textValue={plan.name}>
            {t("account.planOption", { name: plan.name, amount: reais.format(plan.amount) })}
          </SelectItem>
        )}
      </Select>
      <Button type="submit" variant="primary" isDisabled={sending} data-testid="signup-submit">
        {sending ? t("account.sending") : t("account.signupSubmit")}
      </Button>
    </AccountCard>
  );
}
