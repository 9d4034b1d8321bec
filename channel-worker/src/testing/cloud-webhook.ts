// Cloud API webhook deliveries as Meta sends them, signed with the app secret, for
// the inbound tests (core's POST /webhooks/whatsapp).
import { createHmac } from "node:crypto";

/** One delivery: a `messages` change for the number, with `value` (messages or statuses) merged in. */
export function cloudDelivery(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA_ID",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** Posts `payload` to core's webhook with its X-Hub-Signature-256 under `secret`. */
export function postSigned(coreUrl: string, payload: unknown, secret: string): Promise<Response> {
  const raw = JSON.stringify(payload);
  const signature = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
  return fetch(`${coreUrl}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    body: raw,
  });
}
