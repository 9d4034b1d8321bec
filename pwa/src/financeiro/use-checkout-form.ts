// The checkout dialog's state (spec 3 §2, §5, §9): the step, the plans, the payer, the Pix charge it creates, and
// the wait for its payment (the company's payment frame, or a poke once a socket that could not open is paid).

import type { CheckoutPlan, InvoiceDTO, PaymentResult } from "@chatflow/core/contract/invoices.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText } from "../i18n/translate-error.ts";
import { onPoke } from "../sync/pokes.ts";
import { formatDate } from "../tickets/format.ts";
import { showToast } from "../ui/toasts.ts";
import {
  type CheckoutStep,
  defaultCustomPlan,
  FIRST_STEP,
  invoicePlan,
  type PayerErrors,
  type PayerForm,
  payerErrors,
  subscriptionBody,
} from "./checkout-model.ts";
import { paySubscription, refreshSessionAfterPayment, renewedDueDate } from "./financeiro-data.ts";
import { onPayment } from "./payment-events.ts";

/** Spec 3 §9: home this long after the payment is confirmed. */
const HOME_AFTER_MS = 4_000;

/** A due date (ISO) as the day it names, in the user's format. */
export const renewalDay = (iso: string) => formatDate(new Date(`${iso.slice(0, 10)}T00:00:00`));

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;

export function useCheckoutForm(invoice: InvoiceDTO) {
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
      showToast(t("invoicesPage.checkout.renewed", { date: renewalDay(dueDate) }), "info", HOME_AFTER_MS);
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
    if (!payment?.qrcode) return;
    await navigator.clipboard?.writeText(payment.qrcode.qrcode).then(
      () => showToast(t("invoicesPage.checkout.copied"), "info"),
      () => {},
    );
  };

  return {
    step,
    setStep,
    custom,
    setCustom,
    plan,
    payer,
    setPayer,
    errors,
    sending,
    payment,
    renewedUntil,
    choose,
    onSubmit,
    copy,
  };
}
