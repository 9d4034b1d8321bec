// The checkout dialog (spec 3 §2 Checkout dialog, §4, §5, §8, §9): three steps, Data, Customize and Review,
// starting at the plan choice; choosing a plan moves to Review; submit creates the Pix charge and the other
// providers' payment links (POST /subscription, decision 0110) and shows the payment screen with the QR code, a copy
// button and a button per link. The company's payment frame
// (spec 3 §7 'company-{id}-payment', CONCLUIDA) says 'license renewed until {date}' and goes home after 4 s. A
// socket that could not open while the subscription had run out opens once it is paid; its poke makes the screen
// read the invoice again, so the renewal shows either way (decision 0079).
import type { InvoiceDTO } from "@chatflow/core/contract/invoices.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import {
  CheckoutPayerData,
  CheckoutPayment,
  CheckoutPlans,
  CheckoutReview,
  CheckoutStepper,
} from "./checkout-steps.tsx";
import { useCheckoutForm } from "./use-checkout-form.ts";

export function CheckoutDialog({ invoice, onClose }: { invoice: InvoiceDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useCheckoutForm(invoice);
  const { step, setStep, payment, sending } = form;

  let body: ReactNode;
  let actions: ReactNode;
  if (payment) {
    body = <CheckoutPayment form={form} payment={payment} />;
    actions = (
      <Button onPress={onClose} data-testid="checkout-close">
        {t("invoicesPage.checkout.close")}
      </Button>
    );
  } else if (step === "data") {
    body = <CheckoutPayerData form={form} />;
    actions = (
      <>
        <Button onPress={() => setStep("customize")}>{t("invoicesPage.checkout.back")}</Button>
        <Button variant="primary" type="submit" data-testid="checkout-next">
          {t("invoicesPage.checkout.next")}
        </Button>
      </>
    );
  } else if (step === "customize") {
    body = <CheckoutPlans form={form} invoice={invoice} />;
    actions = null;
  } else {
    body = <CheckoutReview form={form} invoice={invoice} />;
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
      onSubmit={form.onSubmit}
      actions={actions}
      data-testid="checkout-dialog"
    >
      {!payment && <CheckoutStepper step={step} />}
      {body}
    </Modal>
  );
}
