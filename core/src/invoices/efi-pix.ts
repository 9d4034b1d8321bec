// The EFI (Gerencianet) Pix API, the few calls checkout needs (decision 0079): an OAuth client-credentials token, a
// charge (POST /v2/cob), its QR code (GET /v2/loc/{id}/qrcode), a charge read back (GET /v2/cob/{txid}) and the
// webhook registration (PUT /v2/webhook/{chave}). Every call goes over mutual TLS with the super user's .p12.
import { readFile } from "node:fs/promises";
import https from "node:https";
import type pg from "pg";
import { paymentProviderFailed } from "../kernel/errors.ts";
import { getPlatformSettings } from "../settings/platform-settings.ts";
import { certificatePath } from "../settings/upload-certificate.ts";

/** EFI's production Pix API (its sandbox is https://pix-h.api.efipay.com.br). */
export const EFI_PIX_URL = "https://pix.api.efipay.com.br";

/** Where the Pix API is and which authority its server certificate is checked against (tests: the stand-in). */
export type EfiEndpoint = { baseUrl?: string; ca?: string };

export type EfiCredentials = {
  clientId: string;
  clientSecret: string;
  /** The receiving Pix key (efichavepix). */
  pixKey: string;
  /** The .p12 the super user uploaded (Settings, Pix certificate). */
  pfx: Buffer;
  baseUrl: string;
  ca?: string;
};

/** The Pix credentials when all are set (eficlientid, eficlientsecret, efichavepix and the certificate); else null. */
export async function loadEfiCredentials(
  db: pg.Pool | pg.ClientBase,
  dataDir: string,
  endpoint: EfiEndpoint,
): Promise<EfiCredentials | null> {
  const s = await getPlatformSettings(db);
  if (!s.eficlientid || !s.eficlientsecret || !s.efichavepix) return null;
  const pfx = await readFile(certificatePath(dataDir, "efi")).catch(() => null);
  if (!pfx) return null;
  return {
    clientId: s.eficlientid,
    clientSecret: s.eficlientsecret,
    pixKey: s.efichavepix,
    pfx,
    baseUrl: endpoint.baseUrl ?? EFI_PIX_URL,
    ca: endpoint.ca,
  };
}

const TIMEOUT_MS = 15_000;

/** One call over mutual TLS; a refusal or an unreachable API is ERR_PAYMENT_PROVIDER_FAILED. */
function call<T>(
  creds: EfiCredentials,
  method: string,
  path: string,
  opts: { body?: unknown; auth: string; headers?: Record<string, string> },
): Promise<T> {
  const url = new URL(path, creds.baseUrl);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise<T>((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        pfx: creds.pfx,
        ca: creds.ca,
        timeout: TIMEOUT_MS,
        headers: {
          authorization: opts.auth,
          accept: "application/json",
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            reject(paymentProviderFailed(`Pix API ${method} ${url.pathname} answered ${status}`));
            return;
          }
          try {
            resolve((text ? JSON.parse(text) : {}) as T);
          } catch {
            reject(paymentProviderFailed(`Pix API ${method} ${url.pathname} answered no JSON`));
          }
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (err) => reject(paymentProviderFailed(`Pix API unreachable: ${err.message}`)));
    req.end(body);
  });
}

export async function efiToken(creds: EfiCredentials): Promise<string> {
  const basic = Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString("base64");
  const answer = await call<{ access_token?: string }>(creds, "POST", "/oauth/token", {
    auth: `Basic ${basic}`,
    body: { grant_type: "client_credentials" },
  });
  if (!answer.access_token) throw paymentProviderFailed("Pix API gave no access token");
  return answer.access_token;
}

export type PixChargeRequest = {
  /** In cents. */
  value: number;
  /** The payer, when the tax id has the length of a CPF (11 digits) or a CNPJ (14). */
  payer?: { name: string; taxId: string };
  /** Read back from EFI by the webhook to find the invoice: `companyId:invoiceId`. */
  reference: string;
  description: string;
  expiresInSeconds: number;
};

export type PixCharge = { txid: string; status: string; locId: number | null; reference: string | null };

type CobAnswer = {
  txid?: string;
  status?: string;
  loc?: { id?: number };
  infoAdicionais?: { nome?: string; valor?: string }[];
};

/** The info field the invoice reference travels in. */
export const REFERENCE_FIELD = "fatura";

const chargeOf = (cob: CobAnswer): PixCharge => ({
  txid: cob.txid ?? "",
  status: cob.status ?? "",
  locId: cob.loc?.id ?? null,
  reference: cob.infoAdicionais?.find((i) => i.nome === REFERENCE_FIELD)?.valor ?? null,
});

export async function createPixCharge(creds: EfiCredentials, token: string, req: PixChargeRequest): Promise<PixCharge> {
  const digits = req.payer?.taxId.replace(/\D/g, "") ?? "";
  const devedor =
    req.payer && digits.length === 11
      ? { cpf: digits, nome: req.payer.name }
      : req.payer && digits.length === 14
        ? { cnpj: digits, nome: req.payer.name }
        : undefined;
  const cob = await call<CobAnswer>(creds, "POST", "/v2/cob", {
    auth: `Bearer ${token}`,
    body: {
      calendario: { expiracao: req.expiresInSeconds },
      ...(devedor ? { devedor } : {}),
      valor: { original: (req.value / 100).toFixed(2) },
      chave: creds.pixKey,
      solicitacaoPagador: req.description.slice(0, 140),
      infoAdicionais: [{ nome: REFERENCE_FIELD, valor: req.reference }],
    },
  });
  const charge = chargeOf(cob);
  if (!charge.txid || charge.locId === null) throw paymentProviderFailed("Pix API gave no charge id");
  return charge;
}

export async function pixQrCode(
  creds: EfiCredentials,
  token: string,
  locId: number,
): Promise<{ qrcode: string; imagemQrcode: string }> {
  const qr = await call<{ qrcode?: string; imagemQrcode?: string }>(creds, "GET", `/v2/loc/${locId}/qrcode`, {
    auth: `Bearer ${token}`,
  });
  if (!qr.qrcode || !qr.imagemQrcode?.startsWith("data:image/")) throw paymentProviderFailed("Pix API gave no QR code");
  return { qrcode: qr.qrcode, imagemQrcode: qr.imagemQrcode };
}

export async function getPixCharge(creds: EfiCredentials, token: string, txid: string): Promise<PixCharge> {
  return chargeOf(
    await call<CobAnswer>(creds, "GET", `/v2/cob/${encodeURIComponent(txid)}`, { auth: `Bearer ${token}` }),
  );
}

/**
 * Points the Pix key's notifications at `webhookUrl`. EFI then posts to `{webhookUrl}/pix`; without mutual TLS on
 * our side (core may sit behind a proxy that ends TLS), the URL carries a secret instead (decision 0079).
 */
export async function registerPixWebhook(creds: EfiCredentials, token: string, webhookUrl: string): Promise<void> {
  await call(creds, "PUT", `/v2/webhook/${encodeURIComponent(creds.pixKey)}`, {
    auth: `Bearer ${token}`,
    body: { webhookUrl },
    headers: { "x-skip-mtls-checking": "true" },
  });
}
