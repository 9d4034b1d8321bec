// A message as the caller may read it. Under LGPD number hiding (decision 0039) every number a message
// carries is masked like a contact's: an inbound Cloud API message keeps the webhook's payload in
// dataJson, whose `from` is the contact's own number, and a contact card carries the card's number in its
// vCard text (body), in our stored {vCard} and in the Cloud API's `contacts[].phones[]`.
import { maskNumber } from "./mask-number.ts";
import type { Viewer } from "./viewer.ts";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);
const maskDigits = (v: unknown) => (typeof v === "string" ? maskNumber(v.replace(/\D/g, "")) : v);

/** A vCard text with its numbers masked: every `waid=` and every TEL value (kept with its leading +). */
export function maskVCardText(text: string): string {
  return text
    .replace(/waid=(\d+)/g, (_, n: string) => `waid=${maskNumber(n)}`)
    .replace(/^(TEL[^:\n]*:)(.*)$/gm, (_, head: string, value: string) => {
      const digits = value.replace(/\D/g, "");
      return digits ? `${head}${value.trim().startsWith("+") ? "+" : ""}${maskNumber(digits)}` : `${head}${value}`;
    });
}

function maskCardData(data: Json): Json {
  const out: Json = { ...data };
  if (isObject(data.vCard)) out.vCard = { ...data.vCard, number: maskDigits(data.vCard.number) };
  if (Array.isArray(data.contacts)) {
    out.contacts = data.contacts.map((c) =>
      isObject(c) && Array.isArray(c.phones)
        ? {
            ...c,
            phones: c.phones.map((p) =>
              isObject(p) ? { ...p, wa_id: maskDigits(p.wa_id), phone: maskDigits(p.phone) } : p,
            ),
          }
        : c,
    );
  }
  return out;
}

export function presentMessage<T extends { dataJson: unknown; body?: string; mediaType?: string | null }>(
  viewer: Viewer,
  message: T,
): T {
  if (!viewer.hideNumbers) return message;
  let out = message;
  const data = message.dataJson;
  if (isObject(data)) {
    const masked = maskCardData(data);
    if (typeof data.from === "string") masked.from = maskNumber(data.from);
    out = { ...out, dataJson: masked };
  }
  if (typeof message.body === "string" && /BEGIN:VCARD/i.test(message.body)) {
    out = { ...out, body: maskVCardText(message.body) };
  }
  // GET /messages' details: the card beside the message, and the quoted message's text (a quoted card).
  const detail = message as unknown as { vCard?: unknown; quotedMsg?: unknown };
  if (isObject(detail.vCard)) {
    out = { ...out, vCard: { ...detail.vCard, number: maskDigits(detail.vCard.number) } };
  }
  if (isObject(detail.quotedMsg) && typeof detail.quotedMsg.body === "string") {
    out = { ...out, quotedMsg: { ...detail.quotedMsg, body: maskVCardText(detail.quotedMsg.body) } };
  }
  return out;
}
