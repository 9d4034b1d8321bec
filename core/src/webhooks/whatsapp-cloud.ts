// The WhatsApp Cloud API webhook (channel whatsappapi): the GET verify
// handshake, and POST deliveries checked against X-Hub-Signature-256 with the
// connection's app secret before anything is read into the database.
import { createHmac, timingSafeEqual } from "node:crypto";
import express, { Router } from "express";
import type pg from "pg";
import type { Ack } from "../contract/entities.ts";
import { AppError } from "../http/errors.ts";
import type { InboundEvent, IngestBatcher } from "../messages/ingest.ts";

type Connection = { id: number; companyId: number; appSecret: string | null; verifyToken: string | null };

/** Connection rows are cached this long, so a webhook costs no lookup query. */
const CACHE_MS = 5000;

const ACKS: Record<string, Ack> = { sent: 1, delivered: 2, read: 3, played: 4, failed: -1 };

export function signatureValid(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  const given = Buffer.from(header.slice(7), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type CloudMessage = {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  text?: { body?: string };
  [k: string]: unknown;
};
type CloudValue = {
  metadata?: { phone_number_id?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: CloudMessage[];
  statuses?: { id: string; status: string }[];
};
type CloudPayload = { object?: string; entry?: { changes?: { field?: string; value?: CloudValue }[] }[] };

function bodyOf(m: CloudMessage): { body: string; mediaType: string; dataJson?: unknown } {
  if (m.type === "text") return { body: m.text?.body ?? "", mediaType: "chat" };
  const media = m[m.type] as { caption?: string } | undefined;
  return { body: media?.caption ?? "", mediaType: m.type, dataJson: m };
}

export function whatsappCloudWebhook(pool: pg.Pool, batcher: IngestBatcher): Router {
  const router = Router();
  const cache = new Map<string, { at: number; conn: Connection | null }>();

  async function connectionFor(phoneNumberId: string): Promise<Connection | null> {
    const hit = cache.get(phoneNumberId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.conn;
    const { rows } = await pool.query<Connection>(
      `SELECT id, company_id AS "companyId", app_secret AS "appSecret", verify_token AS "verifyToken"
       FROM whatsapps WHERE phone_number_id = $1 AND channel = 'whatsappapi'`,
      [phoneNumberId],
    );
    const conn = rows[0] ?? null;
    cache.set(phoneNumberId, { at: Date.now(), conn });
    return conn;
  }

  router.get("/webhooks/whatsapp", async (req, res) => {
    const mode = req.query["hub.mode"];
    const token = String(req.query["hub.verify_token"] ?? "");
    const challenge = String(req.query["hub.challenge"] ?? "");
    const known =
      token.length > 0 &&
      ((await pool.query("SELECT 1 FROM whatsapps WHERE verify_token = $1 LIMIT 1", [token])).rowCount ?? 0) > 0;
    if (mode !== "subscribe" || !known) throw new AppError("ERR_NO_PERMISSION", 403, "Verification failed");
    res.type("text/plain").send(challenge);
  });

  router.post("/webhooks/whatsapp", express.raw({ type: "*/*", limit: "5mb" }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let payload: CloudPayload;
    try {
      payload = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new AppError("ERR_VALIDATION", 400, "Malformed JSON");
    }
    const signature = req.header("x-hub-signature-256");
    const events: InboundEvent[] = [];
    for (const entry of payload.entry ?? []) {
      for (const change of entry.changes ?? []) {
        const value = change.value;
        const phoneNumberId = value?.metadata?.phone_number_id;
        if (!value || !phoneNumberId) continue;
        const conn = await connectionFor(phoneNumberId);
        if (!conn) continue; // not ours: acknowledged so Meta stops retrying, nothing stored
        const secret = conn.appSecret ?? process.env.WHATSAPP_APP_SECRET;
        if (!secret || !signatureValid(raw, signature, secret)) {
          throw new AppError("ERR_INVALID_SIGNATURE", 401, "Invalid signature");
        }
        const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
        for (const m of value.messages ?? []) {
          events.push({
            kind: "message",
            companyId: conn.companyId,
            whatsappId: conn.id,
            channel: "whatsappapi",
            remoteId: m.id,
            from: m.from,
            name: names.get(m.from),
            ...bodyOf(m),
            timestamp: m.timestamp ? new Date(Number(m.timestamp) * 1000) : new Date(),
          });
        }
        for (const s of value.statuses ?? []) {
          const ack = ACKS[s.status];
          if (ack !== undefined) {
            events.push({ kind: "ack", companyId: conn.companyId, whatsappId: conn.id, remoteId: s.id, ack });
          }
        }
      }
    }
    await batcher.add(events);
    res.status(200).json({ ok: true });
  });
  return router;
}
