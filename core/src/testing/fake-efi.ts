// A stand-in for the EFI (Gerencianet) Pix API in tests (decision 0079): a real HTTPS server on loopback with a
// certificate of its own test authority, asking every caller for a client certificate of that authority (mutual
// TLS, as EFI does), with the calls checkout makes. The certificates are made with the openssl command line.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import { setPlatformSetting } from "../settings/platform-settings.ts";
import { certificatePath } from "../settings/upload-certificate.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "./for-file.ts";

type Cob = {
  txid: string;
  status: "ATIVA" | "CONCLUIDA";
  loc: { id: number };
  valor: { original: string };
  chave: string;
  devedor?: { cpf?: string; cnpj?: string; nome: string };
  infoAdicionais: { nome: string; valor: string }[];
};

export type FakeEfi = {
  /** The API root, as EFI_PIX_URL. */
  url: string;
  /** The test authority's certificate (PEM): core trusts the stand-in through it (EFI_PIX_CA). */
  ca: string;
  /** A .p12 the stand-in accepts, as the super user would upload it. */
  clientP12: Buffer;
  /** A .p12 of another authority, which the stand-in refuses at the TLS handshake. */
  strangerP12: Buffer;
  clientId: string;
  clientSecret: string;
  /** Charges made, by txid. */
  cobs: Map<string, Cob>;
  /** The webhook URL registered last (PUT /v2/webhook/{chave}), and the key it was registered for. */
  webhook: { url: string; key: string } | null;
  /** Marks a charge paid, as a payer's bank would. */
  pay(txid: string): void;
  close(): Promise<void>;
};

const PNG_1X1 =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function openssl(dir: string, ...args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
}

/** A CA, a certificate it signs for `name` (server or client) and, for clients, its .p12. */
function makeCertificates(dir: string) {
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  const authority = (name: string) =>
    openssl(
      dir,
      "req",
      "-x509",
      ...ec,
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.crt`,
      "-days",
      "2",
      "-subj",
      `/CN=${name}`,
    );
  const signed = (name: string, ca: string, ext: string) => {
    writeFileSync(path.join(dir, `${name}.ext`), ext);
    openssl(dir, "req", ...ec, "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", `/CN=${name}`);
    openssl(
      dir,
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      `${ca}.crt`,
      "-CAkey",
      `${ca}.key`,
      "-CAcreateserial",
      "-out",
      `${name}.crt`,
      "-days",
      "2",
      "-extfile",
      `${name}.ext`,
    );
  };
  const p12 = (name: string) => {
    openssl(
      dir,
      "pkcs12",
      "-export",
      "-in",
      `${name}.crt`,
      "-inkey",
      `${name}.key`,
      "-out",
      `${name}.p12`,
      "-passout",
      "pass:",
    );
    return readFileSync(path.join(dir, `${name}.p12`));
  };
  authority("efi-ca");
  authority("other-ca");
  signed("server", "efi-ca", "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  signed("client", "efi-ca", "extendedKeyUsage=clientAuth\n");
  signed("stranger", "other-ca", "extendedKeyUsage=clientAuth\n");
  const read = (f: string) => readFileSync(path.join(dir, f), "utf8");
  return {
    ca: read("efi-ca.crt"),
    serverKey: read("server.key"),
    serverCert: read("server.crt"),
    clientP12: p12("client"),
    strangerP12: p12("stranger"),
  };
}

export async function startFakeEfi(): Promise<FakeEfi> {
  const dir = mkdtempSync(path.join(tmpdir(), "fake-efi-"));
  const certs = makeCertificates(dir);
  const clientId = "Client_Id_test";
  const clientSecret = "Client_Secret_test";
  const tokens = new Set<string>();
  const cobs = new Map<string, Cob>();
  let nextLoc = 1;
  const fake: FakeEfi = {
    url: "",
    ca: certs.ca,
    clientP12: certs.clientP12,
    strangerP12: certs.strangerP12,
    clientId,
    clientSecret,
    cobs,
    webhook: null,
    pay(txid) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`no charge ${txid}`);
      cob.status = "CONCLUIDA";
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const answer = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : {};
  };

  const server = createServer(
    { key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      void (async () => {
        const url = new URL(req.url ?? "/", "https://localhost");
        const auth = req.headers.authorization ?? "";
        if (req.method === "POST" && url.pathname === "/oauth/token") {
          const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
          const body = await readBody(req);
          if (auth !== `Basic ${basic}` || body.grant_type !== "client_credentials") {
            return answer(res, 401, { error: "invalid_client" });
          }
          const token = randomBytes(16).toString("hex");
          tokens.add(token);
          return answer(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: "cob.write" });
        }
        if (!tokens.has(auth.replace(/^Bearer /, ""))) return answer(res, 401, { nome: "nao_autorizado" });
        if (req.method === "POST" && url.pathname === "/v2/cob") {
          const body = await readBody(req);
          const txid = randomBytes(16).toString("hex");
          const cob: Cob = { txid, status: "ATIVA", loc: { id: nextLoc++ }, ...body };
          cobs.set(txid, cob);
          return answer(res, 201, cob);
        }
        const loc = url.pathname.match(/^\/v2\/loc\/(\d+)\/qrcode$/);
        if (req.method === "GET" && loc) {
          const cob = [...cobs.values()].find((c) => c.loc.id === Number(loc[1]));
          if (!cob) return answer(res, 404, { nome: "location_nao_encontrada" });
          return answer(res, 200, {
            qrcode: `00020101021226830014BR.GOV.BCB.PIX2561qrcodes.example/v2/${cob.txid}5204000053039865802BR6304ABCD`,
            imagemQrcode: PNG_1X1,
          });
        }
        const one = url.pathname.match(/^\/v2\/cob\/([A-Za-z0-9]+)$/);
        if (req.method === "GET" && one) {
          const cob = cobs.get(one[1] ?? "");
          return cob ? answer(res, 200, cob) : answer(res, 404, { nome: "cobranca_nao_encontrada" });
        }
        const hook = url.pathname.match(/^\/v2\/webhook\/(.+)$/);
        if (req.method === "PUT" && hook) {
          const body = await readBody(req);
          fake.webhook = { url: body.webhookUrl, key: decodeURIComponent(hook[1] ?? "") };
          return answer(res, 200, { webhookUrl: body.webhookUrl });
        }
        return answer(res, 404, { nome: "nao_encontrado" });
      })().catch((err: Error) => answer(res, 500, { error: err.message }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  rmSync(dir, { recursive: true, force: true });
  return fake;
}

/** The stand-in for the tests of one file. */
export function fakeEfiForFile(): FakeEfi {
  return forFile(startFakeEfi, { stop: (f) => f.close(), timeout: SET_UP_TIMEOUT_MS });
}

/**
 * What the super user sets in Settings for Pix, pointed at `efi`: the client id and secret and the Pix key in the
 * platform settings, and the client certificate (.p12; `p12` for another one) where the cert upload stores it.
 */
export async function storeEfiCredentials(
  pool: pg.Pool,
  dataDir: string,
  efi: FakeEfi,
  p12: Buffer | Uint8Array = efi.clientP12,
): Promise<void> {
  await setPlatformSetting(pool, "eficlientid", efi.clientId);
  await setPlatformSetting(pool, "eficlientsecret", efi.clientSecret);
  await setPlatformSetting(pool, "efichavepix", "pix@chatflow.example");
  const file = certificatePath(dataDir, "efi");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, p12);
}
