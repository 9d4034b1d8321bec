// The WhatsApp Cloud API webhook (channel whatsappapi): the GET verify handshake, and POST deliveries,
// read raw so the use case can check X-Hub-Signature-256 over the exact bytes and check each message with
// the Meta module's schema on its own (receive-cloud-delivery.ts).
import type { IncomingMessage } from "node:http";
import express, { type Response, Router } from "express";
import type pg from "pg";
import { invalidInput } from "../kernel/errors.ts";
import type { IngestBatcher } from "../messages/ingest.ts";
import { verifyHandshake } from "../meta/verify-handshake.ts";
import { CloudConnectionFinder, isKnownVerifyToken } from "../whatsapps/find-connection-by-phone-number-id.ts";
import { answerDatabaseUnavailable } from "./database-unavailable.ts";
import { parseDelivery, receiveCloudDelivery } from "./receive-cloud-delivery.ts";
import { type CloudMediaOptions, DEFAULT_CLOUD_MEDIA, DOWNLOAD_TIMEOUT_MS } from "./whatsapp-cloud-inbound.ts";

/** Meta's deliveries are far smaller; a body over this answers 413. */
const BODY_LIMIT = "5mb";
const BODY_LIMIT_BYTES = 5 * 1024 * 1024;
const OK_BODY = Buffer.from(JSON.stringify({ ok: true }));

/**
 * The body of a plain delivery (no Content-Encoding, a Content-Length within the limit: what Meta sends), read as
 * it is; undefined for any other, which the general raw parser reads (inflating, refusing with 413/415 as for
 * every route). Skipping body-parser and res.json on this path saves about a fifth of core's CPU per message
 * (decision 0057).
 */
function readPlainBody(req: IncomingMessage): Promise<Buffer> | undefined {
  const coding = req.headers["content-encoding"];
  const declared = req.headers["content-length"];
  const length = declared === undefined ? Number.NaN : Number(declared);
  if ((coding !== undefined && coding.toLowerCase() !== "identity") || !(length <= BODY_LIMIT_BYTES)) return undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    // The answer body-parser gives a body cut short (after "end", a rejection changes nothing).
    const cut = () => reject(invalidInput("Malformed request"));
    req.on("error", cut);
    req.on("close", () => {
      if (!req.complete) cut();
    });
  });
}

/** What res.json({ ok: true }) sends (compressAnswers' Vary included), written directly. */
function answerOk(res: Response): void {
  res.vary("Accept-Encoding");
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": OK_BODY.length });
  res.end(OK_BODY);
}

/** Without `media`, media messages are stored without their file. */
export function whatsappCloudWebhook(
  pool: pg.Pool,
  batcher: IngestBatcher,
  media?: Partial<CloudMediaOptions> & { dataDir: string },
): Router {
  const deps = {
    pool,
    batcher,
    connections: new CloudConnectionFinder(pool),
    media: media && {
      graphApiUrl: media.graphApiUrl ?? DEFAULT_CLOUD_MEDIA.graphApiUrl,
      graphApiVersion: media.graphApiVersion ?? DEFAULT_CLOUD_MEDIA.graphApiVersion,
      timeoutMs: media.timeoutMs ?? DOWNLOAD_TIMEOUT_MS,
      dataDir: media.dataDir,
    },
  };
  const router = Router();

  router.get("/webhooks/whatsapp", async (req, res) => {
    // Any connection's verify token: the handshake names no connection.
    const challenge = await verifyHandshake(req.query, (token) => isKnownVerifyToken(pool, token));
    res.type("text/plain").send(challenge);
  });

  router.post(
    "/webhooks/whatsapp",
    (req, res, next) => {
      const body = readPlainBody(req);
      if (!body) return next();
      return body
        .then((raw) => receiveCloudDelivery(deps, parseDelivery(raw), raw, req.header("x-hub-signature-256")))
        .then(() => answerOk(res));
    },
    express.raw({ type: "*/*", limit: BODY_LIMIT }),
    async (req, res) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      await receiveCloudDelivery(deps, parseDelivery(raw), raw, req.header("x-hub-signature-256"));
      answerOk(res);
    },
  );
  router.use("/webhooks/whatsapp", answerDatabaseUnavailable);
  return router;
}
