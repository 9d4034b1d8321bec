// The checkout dialog (spec 3 §2 Checkout dialog, §4, §5, §8, §9): three steps, Data, Customize and Review,
// starting at the plan choice; choosing a plan moves to Review; submit creates the Pix charge (POST
// /subscription) and shows the payment screen with the QR code and a copy button. The company's payment frame
// (spec 3 §7 'company-{id}-payment', CONCLUIDA) says 'license renewed until {date}' and goes home after 4 s. A
// socket that could not open while the subscription had run out opens once it is paid; its poke makes the screen
// read the invoice again, so the renewal shows either way (decision 0079).
import type { CheckoutPlan, InvoiceDTO, PaymentResult } from "@chatflow/core/contract/invoices.ts";
import { CUSTOM_PLAN, formatBrl } from "@chatflow/core/contract/invoices.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText } from "../i18n/translate-error.ts";
import { onPoke } from "../sync/pokes.ts";
import { formatDate } from "../tickets/format.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { TextField } from "../ui/fields.tsx";
import { CopyIcon, MinusIcon, PlusIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import {
  CHECKOUT_STEPS,
  type CheckoutStep,
  defaultCustomPlan,
  FIRST_STEP,
  invoicePlan,
  type PayerErrors,
  type PayerForm,
  payerErrors,
  stepCounter,
  subscriptionBody,
  withCounts,
} from "./checkout-model.ts";
import { paySubscription, refreshSessionAfterPayment, renewedDueDate } from "./financeiro-data.ts";
import { onPayment } from "./payment-events.ts";

/** Spec 3 §9: home this long after the payment is confirmed. */
const HOME_AFTER_MS = 4_000;

const day = (iso: string) => formatDate(new Date(`${iso.slice(0, 10)}T00:00:00`));

export function CheckoutDialog({ invoice, onClose }: { invoice: InvoiceDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<CheckoutStep>(FIRST_STEP);
  const [custom, setCustom] = useState<CheckoutPlan>(defaultCustomPlan);
  const [plan, setPlan] = useState<CheckoutPlan>(() => invoicePlan(invoice));
  const [payer, setPayer] = useState<PayerForm>({ firstName: "", zipcode: "" });
  const [errors, setErrors] = useState<PayerErrors>({});
  const [sending, setSending] = useState(false);
  const [payment, setPayment] = useState<PaymentResult | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Waiting for the payment: the frame, or a poke after the socket (re)opened and the invoice is paid.
  useEffect(() => {
    if (!payment || renewedUntil) return;
    const renewed = (dueDate: string) => {
      setRenewedUntil(dueDate);
      showToast(t("invoicesPage.checkout.renewed", { date: day(dueDate) }), "info", HOME_AFTER_MS);
      void refreshSessionAfterPayment();
      timer.current = setTimeout(() => navigate("/"), HOME_AFTER_MS);
    };
    const offPayment = onPayment((frame) => {
      if (frame.invoiceId === payment.invoiceId) renewed(frame.dueDate);
    });
    const offPoke = onPoke(() => {
      void renewedDueDate(payment.invoiceId).then(
        (paid) => paid && renewed(paid.dueDate ?? invoice.dueDate),
        () => {},
      );
    });
    return () => {
      offPayment();
      offPoke();
    };
  }, [payment, renewedUntil, invoice.dueDate, navigate, t]);

  const choose = (chosen: CheckoutPlan) => {
    setPlan(chosen);
    setStep("review");
  };

  const submit = async () => {
    const found = payerErrors(payer);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStep("data");
      return;
    }
    setSending(true);
    try {
      const result = await paySubscription(subscriptionBody(invoice, plan, payer));
      setPayment(result);
      showToast(t("invoicesPage.checkout.made"), "info");
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (payment) return;
    if (step === "data") {
      const found = payerErrors(payer);
      setErrors(found);
      if (Object.keys(found).length === 0) setStep("review");
    } else if (step === "review") void submit();
  };

  const copy = async () => {
    if (!payment) return;
    await navigator.clipboard?.writeText(payment.qrcode.qrcode).then(
      () => showToast(t("invoicesPage.checkout.copied"), "info"),
      () => {},
    );
  };

  const counter = (what: "users" | "connections", min: number) => {
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
  };

  const stepper = (
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

  let body: React.ReactNode;
  let actions: React.ReactNode;
  if (payment) {
    body = (
      <div className="checkout-payment" data-testid="checkout-payment">
        <h3 className="checkout-heading">{t("invoicesPage.checkout.paymentTitle")}</h3>
        <img
          className="checkout-qr"
          src={payment.qrcode.imagemQrcode}
          alt={t("invoicesPage.checkout.qrAlt", { value: payment.valorext })}
          data-testid="checkout-qr"
        />
        <p className="checkout-total">
          {t("invoicesPage.checkout.total")}: <strong>{payment.valorext}</strong>
        </p>
        <TextField
          label={t("invoicesPage.checkout.copyCode")}
          value={payment.qrcode.qrcode}
          onChange={() => {}}
          isReadOnly
          data-testid="checkout-code"
        />
        <Button icon={<CopyIcon />} onPress={() => void copy()} data-testid="checkout-copy">
          {t("invoicesPage.checkout.copy")}
        </Button>
        <p role="status" className="checkout-waiting" data-testid="checkout-status">
          {renewedUntil
            ? t("invoicesPage.checkout.renewed", { date: day(renewedUntil) })
            : t("invoicesPage.checkout.waiting")}
        </p>
      </div>
    );
    actions = (
      <Button onPress={onClose} data-testid="checkout-close">
        {t("invoicesPage.checkout.close")}
      </Button>
    );
  } else if (step === "data") {
    body = (
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
    actions = (
      <>
        <Button onPress={() => setStep("customize")}>{t("invoicesPage.checkout.back")}</Button>
        <Button variant="primary" type="submit" data-testid="checkout-next">
          {t("invoicesPage.checkout.next")}
        </Button>
      </>
    );
  } else if (step === "customize") {
    const own = invoicePlan(invoice);
    body = (
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
            onPress={() => choose(own)}
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
          {counter("users", CUSTOM_PLAN.minUsers)}
          {counter("connections", CUSTOM_PLAN.minConnections)}
          <p className="checkout-price" data-testid="checkout-custom-price">
            {formatBrl(custom.price)}
          </p>
          <Button
            variant="primary"
            onPress={() => choose(custom)}
            aria-label={t("invoicesPage.checkout.chooseLabel", { plan: t("invoicesPage.checkout.customPlan") })}
            data-testid="checkout-choose-custom"
          >
            {t("invoicesPage.checkout.choose")}
          </Button>
        </section>
      </div>
    );
    actions = null;
  } else {
    body = (
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
        <Button variant="ghost" size="small" onPress={() => setStep("data")} data-testid="checkout-edit-data">
          {t("invoicesPage.checkout.editData")}
        </Button>
      </div>
    );
    actions = (
      <>
        <Button onPress={() => setStep("customize")}>{t("invoicesPage.checkout.back")}</Button>
        <Button variant="primary" type="submit" isPending={sending} data-testid="checkout-submit">
          {t("invoicesPage.checkout.submit")}
        </Button>
      </>
    );
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("invoicesPage.checkout.title")}
      size="large"
      keyboardDismiss={!sending}
      onSubmit={onSubmit}
      actions={actions}
      data-testid="checkout-dialog"
    >
      {!payment && stepper}
      {body}
    </Modal>
  );
}
