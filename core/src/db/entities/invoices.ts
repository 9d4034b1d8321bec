// A company's invoices (spec 3 §3 Invoice; migration 0071, decision 0079). Not replicated: the PWA reads them over
// REST (/financeiro is an online screen).
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";

export const Invoice = defineEntity({
  name: "Invoice",
  tableName: "invoices",
  uniques: [{ name: "invoices_company_id_due_date_key", properties: ["companyId", "dueDate"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    /** The plan's name, or the custom plan the checkout chose. */
    detail: p.text().default(""),
    users: p.integer().default(0),
    connections: p.integer().default(0),
    queues: p.integer().default(0),
    /** In cents (spec 3 §9). */
    value: p.integer().default(0),
    dueDate: p.string().columnType("date"),
    /** open or paid. */
    status: p.text().default("open"),
    /** The Pix charge's id at EFI, set by checkout. */
    txid: p.text().nullable(),
    paidAt: p.datetime().nullable(),
    /** Until when the worker asks EFI whether the charge was paid (no PUBLIC_URL for its notification; 0104). */
    paymentCheckUntil: p.datetime().nullable(),
    ...timestamps(),
  },
});
export type IInvoice = InferEntity<typeof Invoice>;

/**
 * What one Pix charge of checkout bought (migration 0109, decision 0109): the invoice as it was, or a custom plan's
 * users, connections and price. Its payment applies a custom one to the company (pay-invoice.ts).
 */
export const InvoiceCharge = defineEntity({
  name: "InvoiceCharge",
  tableName: "invoice_charges",
  indexes: [{ name: "invoice_charges_invoice_id", properties: ["invoiceId"] }],
  properties: {
    txid: p.text().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    invoiceId: p.manyToOne(Invoice).mapToPk().joinColumn("invoice_id").deleteRule("cascade"),
    custom: p.boolean().default(false),
    users: p.integer().default(0),
    connections: p.integer().default(0),
    /** In cents. */
    value: p.integer().default(0),
    createdAt: createdAt(),
  },
});
export type IInvoiceCharge = InferEntity<typeof InvoiceCharge>;

/**
 * A payment link checkout made at Stripe, Mercado Pago or Asaas for an invoice (migration 0110, decision 0110):
 * reused by a repeated checkout of the same purchase; `charge_key` names its invoice_charges row.
 */
export const InvoicePaymentLink = defineEntity({
  name: "InvoicePaymentLink",
  tableName: "invoice_payment_links",
  indexes: [{ name: "invoice_payment_links_invoice", properties: ["companyId", "invoiceId", "provider"] }],
  uniques: [{ name: "invoice_payment_links_provider_id", properties: ["provider", "providerId"] }],
  properties: {
    /** `{provider}:{reference}`: the invoice_charges txid of what this link buys. */
    chargeKey: p.text().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    invoiceId: p.manyToOne(Invoice).mapToPk().joinColumn("invoice_id").deleteRule("cascade"),
    /** stripe, mercadopago or asaas. */
    provider: p.text(),
    /** Ours, sent to the provider (client_reference_id, external_reference, externalReference): `companyId:invoiceId:random`. */
    reference: p.text(),
    /** The provider's id: the Checkout Session, the preference, the Asaas charge. */
    providerId: p.text(),
    url: p.text(),
    /** When the provider stops taking payment through it (a Stripe session); null: it does not expire. */
    expiresAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
});
export type IInvoicePaymentLink = InferEntity<typeof InvoicePaymentLink>;
