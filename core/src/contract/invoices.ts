// Invoices and checkout (spec 3 §3 Invoice, Checkout form, Payment result; §4 display status; §5 checkout rules;
// §7 POST /subscription, GET /invoices/all; §9 custom plan pricing). Shared by core and the PWA (decision 0079).
import { z } from "zod";
import { zId } from "./ids.ts";

/** What an invoice stores: open until its Pix charge is confirmed paid. */
export type InvoiceStatus = "open" | "paid";

/** One row of GET /invoices/all. `value` is in cents (spec 3 §9); `dueDate` is yyyy-mm-dd. */
export type InvoiceDTO = {
  id: number;
  detail: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  dueDate: string;
  status: InvoiceStatus;
};

/** GET /invoices/all's answer (spec 3 §7: a list with hasMore). */
export type InvoicesPage = { invoices: InvoiceDTO[]; count: number; hasMore: boolean };

export const INVOICES_PAGE_SIZE = 20;

export const ZListInvoicesQuerySchema = z.object({
  /** Matches the detail (plan name), case-insensitive. */
  searchParam: z.string().trim().max(200).optional(),
  /** 1-based page of INVOICES_PAGE_SIZE rows, latest due date first. */
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
});
export type TListInvoicesQuery = z.infer<typeof ZListInvoicesQuerySchema>;

/**
 * Spec 3 §4: paid shows 'Pago'; not paid with a due date before today 'Vencido' (row tinted red); otherwise
 * 'Em Aberto'. `today` is yyyy-mm-dd.
 */
export function invoiceDisplayStatus(invoice: Pick<InvoiceDTO, "status" | "dueDate">, today: string) {
  if (invoice.status === "paid") return "paid" as const;
  return invoice.dueDate.slice(0, 10) < today ? ("overdue" as const) : ("open" as const);
}

// ---- The custom plan (spec 3 §9) ----

export const CUSTOM_PLAN = {
  /** Users and connections the base price includes, and the least of each the counters allow. */
  minUsers: 3,
  minConnections: 3,
  /** In cents. */
  basePrice: 4900,
  perExtraUser: 1100,
  perExtraConnection: 2000,
  /** A counter's upper bound (a typo's 10^9 users is not a plan). */
  max: 1000,
} as const;

/** The custom plan's price in cents for `users` and `connections` (each at least 3). */
export function customPlanPrice(users: number, connections: number): number {
  const u = Math.max(CUSTOM_PLAN.minUsers, users);
  const c = Math.max(CUSTOM_PLAN.minConnections, connections);
  return (
    CUSTOM_PLAN.basePrice +
    (u - CUSTOM_PLAN.minUsers) * CUSTOM_PLAN.perExtraUser +
    (c - CUSTOM_PLAN.minConnections) * CUSTOM_PLAN.perExtraConnection
  );
}

/** Cents as the spec shows money: R$ with two decimals. */
export function formatBrl(cents: number, locale = "pt-BR"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" }).format(cents / 100);
}

// ---- Checkout (spec 3 §3 Checkout form, §5, §7 POST /subscription) ----

/** Spec 3 §5's messages for step 1 (the PWA shows them translated). */
export const CHECKOUT_MESSAGES = {
  firstNameRequired: "O nome completo é obrigatório",
  zipcodeRequired: "O CEP é obrigatório",
} as const;

const optionalText = z.string().trim().max(200).optional();

/** The plan the checkout's Customize step chose, serialized in the body's `plan` (spec 3 §3 Checkout form). */
export type CheckoutPlan = { users: number; connections: number; price: number; custom: boolean };

export const ZSubscriptionRequestSchema = z.object({
  /** The payer's full name (step 1, required). */
  firstName: z
    .string({ error: CHECKOUT_MESSAGES.firstNameRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.firstNameRequired)
    .max(200),
  lastName: optionalText,
  address2: optionalText,
  city: optionalText,
  state: optionalText,
  /** Labelled CPF/CNPJ: the payer's tax id, sent to the Pix charge when it has 11 or 14 digits (required). */
  zipcode: z
    .string({ error: CHECKOUT_MESSAGES.zipcodeRequired })
    .trim()
    .min(1, CHECKOUT_MESSAGES.zipcodeRequired)
    .max(40),
  country: optionalText,
  useAddressForPaymentDetails: z.boolean().optional(),
  /** Card fields of the form: ignored, never stored (no card provider is reachable; decision 0079). */
  nameOnCard: optionalText,
  cardNumber: optionalText,
  cvv: optionalText,
  /** The chosen plan as JSON (CheckoutPlan); its price is not trusted: core prices the charge itself. */
  plan: z.string().max(500).optional(),
  price: z.number().nonnegative().max(1e9).optional(),
  users: z.number().int().min(CUSTOM_PLAN.minUsers).max(CUSTOM_PLAN.max).optional(),
  connections: z.number().int().min(CUSTOM_PLAN.minConnections).max(CUSTOM_PLAN.max).optional(),
  /** The invoice being paid. */
  invoiceId: zId,
});
export type TSubscriptionRequest = z.infer<typeof ZSubscriptionRequestSchema>;

/** Whether the body's `plan` names the custom plan (anything else pays the invoice as it is). */
export function isCustomPlan(plan: string | undefined): boolean {
  if (!plan) return false;
  try {
    return (JSON.parse(plan) as Partial<CheckoutPlan>)?.custom === true;
  } catch {
    return false;
  }
}

/** The providers whose payment links checkout offers beside Pix (spec 3 §3 Payment result; decision 0110). */
export const PAYMENT_LINK_PROVIDERS = ["stripe", "mercadopago", "asaas"] as const;
export type PaymentLinkProvider = (typeof PAYMENT_LINK_PROVIDERS)[number];
/** Every way to pay: the Pix QR code and the three links. */
export type PaymentOption = "pix" | PaymentLinkProvider;

/**
 * POST /subscription's answer (spec 3 §3 Payment result). Each option whose credentials the super user set is
 * offered (decision 0110); one not set is null, and one whose provider refused this time is null and named in
 * `refused`, the others still offered.
 */
export type PaymentResult = {
  /** The Pix "copia e cola" text and the QR code image (a data: URL) from the EFI Pix API; null: no Pix. */
  qrcode: { qrcode: string; imagemQrcode: string } | null;
  /** Stripe's Checkout Session page (card). */
  stripeURL: string | null;
  /** Asaas's invoice page (the payer picks boleto, Pix or card there). */
  asaasURL: string | null;
  /** Mercado Pago's Checkout Pro page. */
  mercadopagoURL: string | null;
  /** The configured options whose provider refused or could not be reached this time. */
  refused: PaymentOption[];
  /** The charged value, formatted (R$). */
  valorext: string;
  /** The charged value in cents, and what it pays. */
  value: number;
  invoiceId: number;
  /** The Pix charge's id; null without Pix. */
  txid: string | null;
  /**
   * How the payment will be seen (decisions 0104, 0110): the providers' notifications, or, on an installation
   * without PUBLIC_URL, the worker asking EFI (and Mercado Pago) every minute until it is paid or expires.
   */
  confirmedBy: "notification" | "check";
};

/** The realtime frame of spec 3 §7's 'company-{id}-payment' (action CONCLUIDA): the company's new due date. */
export type PaymentFrame = { type: "payment"; action: "CONCLUIDA"; dueDate: string; invoiceId: number };
