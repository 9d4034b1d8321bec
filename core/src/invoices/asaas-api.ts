// Asaas (asaasURL; decision 0110): the payer as an Asaas customer (GET /v3/customers?externalReference=..., else
// POST /v3/customers), a charge the payer pays as they choose (POST /v3/payments, billingType UNDEFINED; its
// invoiceUrl is the link) and a charge read back (GET /v3/payments/{id}). The API key travels in the access_token
// header (https://docs.asaas.com/reference/criar-nova-cobranca, https://docs.asaas.com/reference/criar-novo-cliente).
import { callProvider, reais } from "./provider-http.ts";

/** Asaas's production API root (ASAAS_API_URL overrides it; its sandbox is https://api-sandbox.asaas.com/v3). */
export const ASAAS_API_URL = "https://api.asaas.com/v3";

export type AsaasAccount = { apiKey: string; baseUrl: string };

/** The fields of a charge this code reads. */
export type AsaasPayment = {
  id: string;
  customer: string;
  value: number;
  /** PENDING, RECEIVED, CONFIRMED, OVERDUE, RECEIVED_IN_CASH, REFUNDED... */
  status: string;
  externalReference: string | null;
  invoiceUrl: string;
  dueDate: string;
};

/** A charge's statuses that mean the money came (CONFIRMED: paid by card, not yet available; still paid). */
export const ASAAS_PAID_STATUSES: readonly string[] = ["RECEIVED", "CONFIRMED", "RECEIVED_IN_CASH"];

const auth = (a: AsaasAccount) => ({ access_token: a.apiKey, "user-agent": "chatflow" });

/** The company's Asaas customer, found by our reference or made with the payer's name and CPF/CNPJ. */
export async function asaasCustomer(
  account: AsaasAccount,
  req: { reference: string; name: string; cpfCnpj: string },
): Promise<string> {
  const found = await callProvider<{ data?: { id: string }[] }>("Asaas", {
    method: "GET",
    baseUrl: account.baseUrl,
    path: `/customers?externalReference=${encodeURIComponent(req.reference)}`,
    headers: auth(account),
  });
  const existing = found.data?.[0]?.id;
  if (existing) return existing;
  const made = await callProvider<{ id: string }>("Asaas", {
    method: "POST",
    baseUrl: account.baseUrl,
    path: "/customers",
    headers: auth(account),
    json: { name: req.name, cpfCnpj: req.cpfCnpj, externalReference: req.reference },
  });
  return made.id;
}

export function createAsaasPayment(
  account: AsaasAccount,
  req: { customer: string; cents: number; dueDate: string; description: string; reference: string },
): Promise<AsaasPayment> {
  return callProvider<AsaasPayment>("Asaas", {
    method: "POST",
    baseUrl: account.baseUrl,
    path: "/payments",
    headers: auth(account),
    json: {
      customer: req.customer,
      billingType: "UNDEFINED",
      value: reais(req.cents),
      dueDate: req.dueDate,
      description: req.description.slice(0, 500),
      externalReference: req.reference,
    },
  });
}

export function getAsaasPayment(account: AsaasAccount, id: string): Promise<AsaasPayment> {
  return callProvider<AsaasPayment>("Asaas", {
    method: "GET",
    baseUrl: account.baseUrl,
    path: `/payments/${encodeURIComponent(id)}`,
    headers: auth(account),
  });
}
