// An inbound WhatsApp Cloud API webhook as Meta posts it (one text message), signed with the benchmarks' app secret,
// for the benchmarks that drive ingest (ingest.ts, ingest-cpu.ts, automation.ts).
import { createHmac } from "node:crypto";
import http from "node:http";

/** The app secret of every benchmark's Cloud API connection: core checks each post's signature with it. */
export const SECRET = "bench-app-secret";

export type InboundText = {
  /** The connection's phone number id (whatsapps.phone_number_id). */
  phoneNumberId: string;
  /** The contact's number and profile name. */
  from: string;
  name: string;
  /** The message's wamid: unique per message, or ingest drops it as a repeat. */
  id: string;
  body: string;
};

/** The webhook body carrying one inbound text message. */
export function cloudWebhook(m: InboundText): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "5511000000000", phone_number_id: m.phoneNumberId },
              contacts: [{ profile: { name: m.name }, wa_id: m.from }],
              messages: [
                {
                  from: m.from,
                  id: m.id,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "text",
                  text: { body: m.body },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** Posts a webhook body to core, signed as Meta signs it; answers the HTTP status. */
export function post(agent: http.Agent, url: URL, body: string): Promise<number> {
  const signature = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: "/webhooks/whatsapp",
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": signature,
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
