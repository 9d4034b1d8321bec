// @vitest-environment jsdom
// The checkout's payment screen (decision 0110): the Pix QR code and, beside it, one link per provider core made,
// never one it did not, each opening the provider's page in a new tab; a provider that refused is named.

import type { PaymentResult } from "@chatflow/core/contract/invoices.ts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/i18n.ts";
import { CheckoutPayment } from "./checkout-steps.tsx";
import type { CheckoutForm } from "./use-checkout-form.ts";

afterEach(cleanup);

const form = { copy: async () => {}, renewedUntil: null } as unknown as CheckoutForm;

const result = (over: Partial<PaymentResult>): PaymentResult => ({
  qrcode: { qrcode: "00020101BR.GOV.BCB.PIX", imagemQrcode: "data:image/png;base64,AA==" },
  stripeURL: null,
  asaasURL: null,
  mercadopagoURL: null,
  refused: [],
  valorext: "R$ 79,90",
  value: 7990,
  invoiceId: 7,
  txid: "abc",
  confirmedBy: "notification",
  ...over,
});

describe("#checkout payment screen", () => {
  it("shows a button per link made beside the QR code, each a new tab's link to the provider", () => {
    render(
      <CheckoutPayment
        form={form}
        payment={result({
          stripeURL: "https://checkout.stripe.com/c/pay/cs_test_1",
          mercadopagoURL: "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=1",
          asaasURL: "https://www.asaas.com/i/1",
        })}
      />,
    );
    expect(screen.getByTestId("checkout-qr")).toBeTruthy();
    const stripe = screen.getByTestId("checkout-link-stripe");
    expect(stripe.tagName).toBe("A");
    expect(stripe.getAttribute("href")).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
    expect(stripe.getAttribute("target")).toBe("_blank");
    expect(stripe.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(stripe).getByText("Pagar com cartão (Stripe)")).toBeTruthy();
    expect(screen.getByTestId("checkout-link-mercadopago").getAttribute("href")).toContain("mercadopago.com.br");
    expect(screen.getByTestId("checkout-link-asaas").getAttribute("href")).toBe("https://www.asaas.com/i/1");
    expect(screen.getByText("Ou pague por outro meio")).toBeTruthy();
  });

  it("shows no button for a provider without a link, and names one that refused", () => {
    render(
      <CheckoutPayment
        form={form}
        payment={result({ qrcode: null, txid: null, asaasURL: "https://www.asaas.com/i/2", refused: ["stripe"] })}
      />,
    );
    expect(screen.queryByTestId("checkout-qr")).toBeNull();
    expect(screen.queryByTestId("checkout-link-stripe")).toBeNull();
    expect(screen.queryByTestId("checkout-link-mercadopago")).toBeNull();
    expect(screen.getByTestId("checkout-link-asaas")).toBeTruthy();
    expect(screen.getByText("Formas de pagamento")).toBeTruthy();
    expect(screen.getByTestId("checkout-refused-stripe").textContent).toContain(
      "A Stripe não conseguiu criar a cobrança",
    );
  });

  it("says the payment is confirmed by asking the providers when nothing can notify core", () => {
    render(
      <CheckoutPayment form={form} payment={result({ confirmedBy: "check", stripeURL: "https://x.example/s" })} />,
    );
    expect(screen.getByTestId("checkout-status").textContent).toContain("consulta aos provedores a cada minuto");
  });
});
