// The checkout dialog's steps (spec 3 §2): the stepper, the payer's data, the plan choice, the review and the
// payment screen: the Pix QR code and, beside it, each configured provider's payment link (decision 0110).

import type { InvoiceDTO, PaymentLinkProvider, PaymentResult } from "@chatflow/core/contract/invoices.ts";
import { CUSTOM_PLAN, formatBrl } from "@chatflow/core/contract/invoices.ts";
import { useTranslation } from "react-i18next";
import { Button, IconButton, LinkButton } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { CopyIcon, ExternalIcon, MinusIcon, PlusIcon } from "../ui/icons.tsx";
import { CHECKOUT_STEPS, type CheckoutStep, invoicePlan, stepCounter, withCounts } from "./checkout-model.ts";
import { type CheckoutForm, renewalDay } from "./use-checkout-form.ts";

type FormProps = { form: CheckoutForm };

export function CheckoutStepper({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation();
  return (
    <ol className="checkout-steps" aria-label={t("invoicesPage.checkout.steps")}>
      {CHECKOUT_STEPS.map((s, i) => (
        <li key={s} className="checkout-step" aria-current={s === step ? "step" : undefined}>
          <span className="checkout-step-number" aria-hidden="true">
            {i + 1}
          </span>
          {t(`invoicesPage.checkout.step.${s}`)}
        </li>
      ))}
    </ol>
  );
}

/** The links beside Pix, in the spec's order (card, Mercado Pago, Asaas), each shown only when core made it. */
const LINKS: { option: PaymentLinkProvider; url: (p: PaymentResult) => string | null }[] = [
  { option: "stripe", url: (p) => p.stripeURL },
  { option: "mercadopago", url: (p) => p.mercadopagoURL },
  { option: "asaas", url: (p) => p.asaasURL },
];

export function CheckoutPayment({ form, payment }: FormProps & { payment: PaymentResult }) {
  const { t } = useTranslation();
  const links = LINKS.flatMap(({ option, url }) => {
    const href = url(payment);
    return href ? [{ option, href }] : [];
  });
  // Without PUBLIC_URL nothing can notify core: the worker's check confirms the payment (decisions 0104, 0110).
  const waiting =
    payment.confirmedBy === "notification"
      ? "invoicesPage.checkout.waiting"
      : links.length > 0
        ? "invoicesPage.checkout.waitingCheckLinks"
        : "invoicesPage.checkout.waitingCheck";
  return (
    <div className="checkout-payment" data-testid="checkout-payment">
      <p className="checkout-total">
        {t("invoicesPage.checkout.total")}: <strong>{payment.valorext}</strong>
      </p>
      <div className="checkout-options">
        {payment.qrcode && (
          <section className="checkout-option checkout-pix" aria-labelledby="checkout-pix-title">
            <h3 id="checkout-pix-title" className="checkout-heading">
              {t("invoicesPage.checkout.paymentTitle")}
            </h3>
            <img
              className="checkout-qr"
              src={payment.qrcode.imagemQrcode}
              alt={t("invoicesPage.checkout.qrAlt", { value: payment.valorext })}
              data-testid="checkout-qr"
            />
            <TextField
              label={t("invoicesPage.checkout.copyCode")}
              value={payment.qrcode.qrcode}
              onChange={() => {}}
              isReadOnly
              data-testid="checkout-code"
            />
            <Button icon={<CopyIcon />} onPress={() => void form.copy()} data-testid="checkout-copy">
              {t("invoicesPage.checkout.copy")}
            </Button>
          </section>
        )}
        {links.length > 0 && (
          <section className="checkout-option checkout-links" aria-labelledby="checkout-links-title">
            <h3 id="checkout-links-title" className="checkout-heading">
              {t(payment.qrcode ? "invoicesPage.checkout.otherWays" : "invoicesPage.checkout.ways")}
            </h3>
            {links.map(({ option, href }) => (
              <LinkButton
                key={option}
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                variant="primary"
                icon={<ExternalIcon />}
                data-testid={`checkout-link-${option}`}
              >
                {t(`invoicesPage.checkout.link.${option}`)}
                <span className="visually-hidden"> {t("invoicesPage.checkout.newTab")}</span>
              </LinkButton>
            ))}
          </section>
        )}
      </div>
      {payment.refused.map((option) => (
        <p key={option} className="notice notice-error" data-testid={`checkout-refused-${option}`}>
          {t("invoicesPage.checkout.refused", { provider: t(`invoicesPage.checkout.provider.${option}`) })}
        </p>
      ))}
      <p role="status" className="checkout-waiting" data-testid="checkout-status">
        {form.renewedUntil ? t("invoicesPage.checkout.renewed", { date: renewalDay(form.renewedUntil) }) : t(waiting)}
      </p>
    </div>
  );
}

export function CheckoutPayerData({ form }: FormProps) {
  const { t } = useTranslation();
  const { payer, setPayer, errors } = form;
  return (
    <div className="checkout-data">
      <TextField
        label={t("invoicesPage.checkout.firstName")}
        value={payer.firstName}
        onChange={(v) => setPayer((p) => ({ ...p, firstName: v }))}
        errorMessage={errors.firstName && t(`invoicesPage.checkout.${errors.firstName}`)}
        isRequired
        autoComplete="name"
        data-testid="checkout-first-name"
      />
      <TextField
        label={t("invoicesPage.checkout.zipcode")}
        value={payer.zipcode}
        onChange={(v) => setPayer((p) => ({ ...p, zipcode: v }))}
        errorMessage={errors.zipcode && t(`invoicesPage.checkout.${errors.zipcode}`)}
        isRequired
        inputMode="numeric"
        data-testid="checkout-zipcode"
      />
    </div>
  );
}

export function CheckoutPlans({ form, invoice }: FormProps & { invoice: InvoiceDTO }) {
  const { t } = useTranslation();
  const own = invoicePlan(invoice);
  return (
    <div className="checkout-plans">
      <section className="checkout-plan" aria-labelledby="checkout-plan-invoice">
        <h3 id="checkout-plan-invoice" className="checkout-heading">
          {t("invoicesPage.checkout.invoicePlan")}
        </h3>
        <p className="checkout-plan-name">{invoice.detail}</p>
        <p>
          {t("invoicesPage.checkout.users")}: {invoice.users} · {t("invoicesPage.checkout.connections")}:{" "}
          {invoice.connections} · {t("invoicesPage.checkout.queues")}: {invoice.queues}
        </p>
        <p className="checkout-price">{formatBrl(own.price)}</p>
        <Button
          variant="primary"
          onPress={() => form.choose(own)}
          aria-label={t("invoicesPage.checkout.chooseLabel", { plan: invoice.detail })}
          data-testid="checkout-choose-invoice"
        >
          {t("invoicesPage.checkout.choose")}
        </Button>
      </section>
      <section className="checkout-plan" aria-labelledby="checkout-plan-custom">
        <h3 id="checkout-plan-custom" className="checkout-heading">
          {t("invoicesPage.checkout.customPlan")}
        </h3>
        <PlanCounter form={form} what="users" min={CUSTOM_PLAN.minUsers} />
        <PlanCounter form={form} what="connections" min={CUSTOM_PLAN.minConnections} />
        <p className="checkout-price" data-testid="checkout-custom-price">
          {formatBrl(form.custom.price)}
        </p>
        <Button
          variant="primary"
          onPress={() => form.choose(form.custom)}
          aria-label={t("invoicesPage.checkout.chooseLabel", { plan: t("invoicesPage.checkout.customPlan") })}
          data-testid="checkout-choose-custom"
        >
          {t("invoicesPage.checkout.choose")}
        </Button>
      </section>
    </div>
  );
}

/** The custom plan's count of users or connections, moved one at a time between its minimum and the maximum. */
function PlanCounter({ form, what, min }: FormProps & { what: "users" | "connections"; min: number }) {
  const { t } = useTranslation();
  const { custom, setCustom } = form;
  const label = t(`invoicesPage.checkout.${what}`);
  const move = (delta: number) => {
    const next = { ...custom, [what]: stepCounter(custom[what], delta, min) };
    setCustom(withCounts(next.users, next.connections));
  };
  return (
    <fieldset className="checkout-counter">
      <legend className="checkout-counter-label">{label}</legend>
      <IconButton
        label={t("invoicesPage.checkout.fewer", { what: label.toLowerCase() })}
        onPress={() => move(-1)}
        isDisabled={custom[what] <= min}
        data-testid={`checkout-${what}-minus`}
      >
        <MinusIcon />
      </IconButton>
      <output className="checkout-counter-value" data-testid={`checkout-${what}`} aria-live="polite">
        {custom[what]}
      </output>
      <IconButton
        label={t("invoicesPage.checkout.more", { what: label.toLowerCase() })}
        onPress={() => move(1)}
        isDisabled={custom[what] >= CUSTOM_PLAN.max}
        data-testid={`checkout-${what}-plus`}
      >
        <PlusIcon />
      </IconButton>
    </fieldset>
  );
}

export function CheckoutReview({ form, invoice }: FormProps & { invoice: InvoiceDTO }) {
  const { t } = useTranslation();
  const { plan, payer } = form;
  return (
    <div className="checkout-review" data-testid="checkout-review">
      <h3 className="checkout-heading">{t("invoicesPage.checkout.reviewPlan")}</h3>
      <p>
        {plan.custom ? t("invoicesPage.checkout.customPlan") : invoice.detail} — {t("invoicesPage.checkout.users")}:{" "}
        {plan.users} · {t("invoicesPage.checkout.connections")}: {plan.connections}
      </p>
      <p className="checkout-price" data-testid="checkout-review-price">
        {t("invoicesPage.checkout.total")}: {formatBrl(plan.price)}
      </p>
      <h3 className="checkout-heading">{t("invoicesPage.checkout.reviewPayer")}</h3>
      <p>{[payer.firstName, payer.zipcode].filter(Boolean).join(" · ") || "—"}</p>
      <Button variant="ghost" size="small" onPress={() => form.setStep("data")} data-testid="checkout-edit-data">
        {t("invoicesPage.checkout.editData")}
      </Button>
    </div>
  );
}
