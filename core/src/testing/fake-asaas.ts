// A stand-in for Asaas's API v3 in tests (decision 0110): a real HTTP server on loopback, checked and answered as
// Asaas's reference documents it (the API key in the access_token header; errors as {errors: [{code,
// description}]}, https://docs.asaas.com/docs/autenticacao and https://docs.asaas.com/docs/tratamento-de-erros):
// - GET /v3/customers?externalReference=... (https://docs.asaas.com/reference/listar-clientes): a list
//   {object: "list", hasMore, totalCount, limit, offset, data}.
// - POST /v3/customers (https://docs.asaas.com/reference/criar-novo-cliente): name and cpfCnpj (11 or 14 digits)
//   required; answers the customer (id cus_...).
// - POST /v3/payments (https://docs.asaas.com/reference/criar-nova-cobranca): customer, billingType (UNDEFINED lets
//   the payer choose), value, dueDate (yyyy-mm-dd, not past) required; answers the charge (id pay_..., status
//   PENDING, invoiceUrl, externalReference).
// - GET /v3/payments/{id} (https://docs.asaas.com/reference/recuperar-uma-unica-cobranca).
// Webhook events are {id, event, dateCreated, payment} with the asaas-access-token header
// (https://docs.asaas.com/docs/receive-asaas-events-at-your-webhook-endpoint).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type pg from "pg";
import { businessToday } from "../kernel/business-date.ts";
import { setPlatformSetting } from "../settings/platform-settings.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "./for-file.ts";
import { closeServer, listenOnLoopback } from "./loopback-server.ts";

export type FakeAsaasCustomer = {
  object: "customer";
  id: string;
  name: string;
  cpfCnpj: string;
  externalReference: string | null;
};
export type FakeAsaasPayment = {
  object: "payment";
  id: string;
  customer: string;
  billingType: string;
  value: number;
  netValue: number;
  status: string;
  dueDate: string;
  description: string | null;
  externalReference: string | null;
  invoiceUrl: string;
  dateCreated: string;
};

export type FakeAsaas = {
  /** The API root with its /v3, as ASAAS_API_URL. */
  url: string;
  apiKey: string;
  /** The token the super user set on Asaas's webhook (authToken), sent back in asaas-access-token. */
  webhookToken: string;
  customers: Map<string, FakeAsaasCustomer>;
  payments: Map<string, FakeAsaasPayment>;
  refuse: { status: number; description: string } | null;
  /** The payer pays a charge (RECEIVED, or another status; another value). */
  pay(id: string, opts?: { value?: number; status?: string }): void;
  /** A webhook event for the charge, as Asaas posts it. */
  event(id: string, event?: string): string;
  close(): Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

const answer = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const asaasError = (res: ServerResponse, status: number, code: string, description: string) =>
  answer(res, status, { errors: [{ code, description }] });

export async function startFakeAsaas(): Promise<FakeAsaas> {
  const apiKey = `$aact_${randomBytes(16).toString("hex")}`;
  const customers = new Map<string, FakeAsaasCustomer>();
  const payments = new Map<string, FakeAsaasPayment>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.headers.access_token !== apiKey) {
        return asaasError(res, 401, "invalid_access_token", "A chave de API fornecida é inválida");
      }
      const json = () => {
        if (!req.headers["content-type"]?.startsWith("application/json")) throw new Error("not json");
        return readJson(req);
      };
      if (req.method === "GET" && url.pathname === "/v3/customers") {
        const ref = url.searchParams.get("externalReference");
        const data = [...customers.values()].filter((c) => ref === null || c.externalReference === ref);
        return answer(res, 200, {
          object: "list",
          hasMore: false,
          totalCount: data.length,
          limit: 10,
          offset: 0,
          data,
        });
      }
      if (req.method === "POST" && url.pathname === "/v3/customers") {
        const body = await json();
        if (fake.refuse) return asaasError(res, fake.refuse.status, "invalid_action", fake.refuse.description);
        if (typeof body.name !== "string" || !body.name) {
          return asaasError(res, 400, "invalid_name", "O nome do cliente deve ser informado");
        }
        if (typeof body.cpfCnpj !== "string" || ![11, 14].includes(body.cpfCnpj.length) || /\D/.test(body.cpfCnpj)) {
          return asaasError(res, 400, "invalid_cpfCnpj", "O CPF/CNPJ informado é inválido.");
        }
        const customer: FakeAsaasCustomer = {
          object: "customer",
          id: `cus_${randomBytes(6).toString("hex")}`,
          name: body.name,
          cpfCnpj: body.cpfCnpj,
          externalReference: typeof body.externalReference === "string" ? body.externalReference : null,
        };
        customers.set(customer.id, customer);
        return answer(res, 200, customer);
      }
      if (req.method === "POST" && url.pathname === "/v3/payments") {
        const body = await json();
        if (fake.refuse) return asaasError(res, fake.refuse.status, "invalid_action", fake.refuse.description);
        if (typeof body.customer !== "string" || !customers.has(body.customer)) {
          return asaasError(res, 400, "invalid_customer", "Cliente inexistente");
        }
        if (!["UNDEFINED", "BOLETO", "CREDIT_CARD", "PIX"].includes(String(body.billingType))) {
          return asaasError(res, 400, "invalid_billingType", "Forma de pagamento inválida");
        }
        if (typeof body.value !== "number" || body.value <= 0) {
          return asaasError(res, 400, "invalid_value", "O valor da cobrança deve ser informado");
        }
        if (typeof body.dueDate !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(body.dueDate)) {
          return asaasError(res, 400, "invalid_dueDate", "A data de vencimento deve ser informada");
        }
        if (body.dueDate < businessToday()) {
          return asaasError(res, 400, "invalid_dueDate", "A data de vencimento não pode ser anterior a hoje");
        }
        const id = `pay_${randomBytes(8).toString("hex")}`;
        const payment: FakeAsaasPayment = {
          object: "payment",
          id,
          customer: body.customer,
          billingType: String(body.billingType),
          value: body.value,
          netValue: body.value,
          status: "PENDING",
          dueDate: body.dueDate,
          description: typeof body.description === "string" ? body.description : null,
          externalReference: typeof body.externalReference === "string" ? body.externalReference : null,
          invoiceUrl: `https://www.asaas.com/i/${id.slice(4)}`,
          dateCreated: businessToday(),
        };
        payments.set(id, payment);
        return answer(res, 200, payment);
      }
      const one = url.pathname.match(/^\/v3\/payments\/([A-Za-z0-9_]+)$/);
      if (req.method === "GET" && one) {
        const payment = payments.get(one[1]!);
        return payment ? answer(res, 200, payment) : asaasError(res, 404, "not_found", "Cobrança não encontrada");
      }
      return asaasError(res, 404, "not_found", "Recurso não encontrado");
    })().catch((err: Error) => asaasError(res, 400, "invalid_request", err.message));
  });
  const root = await listenOnLoopback(server);
  const fake: FakeAsaas = {
    url: `${root}/v3`,
    apiKey,
    webhookToken: randomBytes(24).toString("hex"),
    customers,
    payments,
    refuse: null,
    pay(id, opts = {}) {
      const p = payments.get(id);
      if (!p) throw new Error(`no charge ${id}`);
      p.status = opts.status ?? "RECEIVED";
      if (opts.value !== undefined) p.value = opts.value;
    },
    event(id, event = "PAYMENT_RECEIVED") {
      return JSON.stringify({
        id: `evt_${randomBytes(8).toString("hex")}`,
        event,
        dateCreated: new Date().toISOString().slice(0, 19).replace("T", " "),
        payment: payments.get(id) ?? { object: "payment", id },
      });
    },
    close: () => closeServer(server),
  };
  return fake;
}

export function fakeAsaasForFile(): FakeAsaas {
  return forFile(startFakeAsaas, { stop: (f) => f.close(), timeout: SET_UP_TIMEOUT_MS });
}

/** What the super user sets in Settings for Asaas, pointed at `asaas` (null to clear); the webhook token too. */
export async function storeAsaasCredentials(pool: pg.Pool, asaas: FakeAsaas | null): Promise<void> {
  await setPlatformSetting(pool, "asaastoken", asaas?.apiKey ?? "");
  await setPlatformSetting(pool, "asaaswebhooktoken", asaas?.webhookToken ?? "");
}
