// One call to a payment provider's REST API (Stripe, Mercado Pago, Asaas; decision 0110): a timeout, the answer's
// JSON, and a refusal or an unreachable API turned into ERR_PAYMENT_PROVIDER_FAILED naming the provider and status.
import { paymentProviderFailed } from "../kernel/errors.ts";

const TIMEOUT_MS = 15_000;

export type ProviderCall = {
  method: "GET" | "POST";
  /** The API root (a test's loopback stand-in, or the provider's production address). */
  baseUrl: string;
  /** Appended to the root's path (`/v1/...`). */
  path: string;
  headers: Record<string, string>;
  /** A JSON body, or a form-encoded one (Stripe). */
  json?: unknown;
  form?: URLSearchParams;
};

/** What the provider said when it refused, kept short for the log and the caller's message. */
function reasonOf(text: string): string {
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string } | string;
      message?: string;
      errors?: { description?: string }[];
    };
    // Stripe: {error: {message}}; Asaas: {errors: [{description}]}; Mercado Pago: {message, error}.
    const reason =
      (typeof body.error === "object" ? body.error?.message : undefined) ??
      body.errors?.[0]?.description ??
      body.message ??
      body.error;
    return typeof reason === "string" ? reason.slice(0, 200) : "";
  } catch {
    return "";
  }
}

export async function callProvider<T>(provider: string, call: ProviderCall): Promise<T> {
  const url = `${call.baseUrl.replace(/\/+$/, "")}${call.path}`;
  const body = call.form ? call.form.toString() : call.json === undefined ? undefined : JSON.stringify(call.json);
  const contentType = call.form ? "application/x-www-form-urlencoded" : "application/json";
  let res: Response;
  try {
    res = await fetch(url, {
      method: call.method,
      headers: { accept: "application/json", ...(body ? { "content-type": contentType } : {}), ...call.headers },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw paymentProviderFailed(`${provider} unreachable: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) {
    const reason = reasonOf(text);
    throw paymentProviderFailed(`${provider} answered ${res.status}${reason ? `: ${reason}` : ""}`, res.status);
  }
  try {
    return (text ? JSON.parse(text) : {}) as T;
  } catch {
    throw paymentProviderFailed(`${provider} answered no JSON`);
  }
}

/** Cents as the JSON APIs take an amount in reais (Mercado Pago's unit_price, Asaas's value). */
export const reais = (cents: number) => Math.round(cents) / 100;

/** An amount in reais read back from a provider, as cents (1.1 * 100 is not 110 in floating point). */
export const centsOf = (amount: unknown) => (typeof amount === "number" ? Math.round(amount * 100) : Number.NaN);
