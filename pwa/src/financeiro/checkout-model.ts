// The checkout dialog's rules (spec 3 §2 Checkout dialog, §4, §5, §9), apart from React: its steps, the custom
// plan's counters and price, step 1's required fields, and the body of POST /subscription.
import {
  type CheckoutPlan,
  CUSTOM_PLAN,
  customPlanPrice,
  type InvoiceDTO,
  type TSubscriptionRequest,
} from "@chatflow/core/contract/invoices.ts";

export type CheckoutStep = "data" | "customize" | "review";
export const CHECKOUT_STEPS: CheckoutStep[] = ["data", "customize", "review"];
/** Spec 3 §2: it starts at the plan choice (step 2). */
export const FIRST_STEP: CheckoutStep = "customize";

export type PayerForm = { firstName: string; zipcode: string };
export type PayerErrors = Partial<Record<keyof PayerForm, "firstNameRequired" | "zipcodeRequired">>;

/** Step 1 (spec 3 §5): the full name and the CPF/CNPJ are required. */
export function payerErrors(form: PayerForm): PayerErrors {
  const errors: PayerErrors = {};
  if (!form.firstName.trim()) errors.firstName = "firstNameRequired";
  if (!form.zipcode.trim()) errors.zipcode = "zipcodeRequired";
  return errors;
}

/** A counter of the custom plan moved by `delta`, never below 3 (spec 3 §5) nor past the contract's bound. */
export function stepCounter(value: number, delta: number, min: number): number {
  return Math.min(CUSTOM_PLAN.max, Math.max(min, value + delta));
}

export const defaultCustomPlan = (): CheckoutPlan => ({
  users: CUSTOM_PLAN.minUsers,
  connections: CUSTOM_PLAN.minConnections,
  price: customPlanPrice(CUSTOM_PLAN.minUsers, CUSTOM_PLAN.minConnections),
  custom: true,
});

export const invoicePlan = (invoice: InvoiceDTO): CheckoutPlan => ({
  users: invoice.users,
  connections: invoice.connections,
  price: invoice.value,
  custom: false,
});

export function withCounts(users: number, connections: number): CheckoutPlan {
  return { users, connections, price: customPlanPrice(users, connections), custom: true };
}

/** POST /subscription's body (spec 3 §7); the price is shown, core prices the charge itself. */
export function subscriptionBody(invoice: InvoiceDTO, plan: CheckoutPlan, payer: PayerForm): TSubscriptionRequest {
  return {
    firstName: payer.firstName.trim(),
    zipcode: payer.zipcode.trim(),
    plan: JSON.stringify(plan),
    price: plan.price / 100,
    users: Math.max(CUSTOM_PLAN.minUsers, plan.users),
    connections: Math.max(CUSTOM_PLAN.minConnections, plan.connections),
    invoiceId: invoice.id,
  };
}
