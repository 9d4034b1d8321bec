// What a contact card or an interactive message is stored as (body, mediaType, dataJson), shared by
// core's use cases and the PWA's optimistic row, so the row written on the device reads as what core stores.
import type {
  TCallMessageRequest,
  TCopyMessageRequest,
  TListMessageRequest,
  TPixMessageRequest,
  TUrlMessageRequest,
  TVCard,
} from "./messages.ts";

/** vCard text values escape backslash, comma, semicolon and line breaks (RFC 6350 §3.4). */
const escapeText = (s: string) => s.replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");

/** A contact card as WhatsApp sends and shows it (vCard 3.0, waid = the number). */
export function buildVCard(card: Pick<TVCard, "name" | "number">): string {
  const name = escapeText(card.name);
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;waid=${card.number}:+${card.number}`,
    "END:VCARD",
  ].join("\n");
}

export type StoredPayload = { body: string; mediaType: string; dataJson: object };

/** A contact card message: the vCard text as body, the card in dataJson; the ticket list shows the name. */
export function contactCardPayload(card: Pick<TVCard, "name" | "number">): StoredPayload & { preview: string } {
  const vCard = { name: card.name, number: card.number };
  return { body: buildVCard(vCard), mediaType: "contactMessage", dataJson: { vCard }, preview: vCard.name };
}

/**
 * A contact card message's name and number: our stored {vCard}, else the vCard text's FN and waid/TEL. Read the
 * same by the PWA (to show the card) and by core (to open a conversation with it, by the whole number).
 */
export function contactCardOf(m: { body: string; dataJson: unknown }): { name: string; number: string } | null {
  const data = m.dataJson && typeof m.dataJson === "object" ? (m.dataJson as { vCard?: unknown }) : {};
  const stored =
    data.vCard && typeof data.vCard === "object" ? (data.vCard as { name?: unknown; number?: unknown }) : {};
  if (typeof stored.name === "string" && stored.name && typeof stored.number === "string" && stored.number) {
    return { name: stored.name, number: stored.number };
  }
  const fn = /^FN[^:]*:(.*)$/m.exec(m.body)?.[1]?.trim() ?? "";
  const waid = /waid=([\d*]+)/.exec(m.body)?.[1];
  const tel = /^TEL[^:]*:(.*)$/m.exec(m.body)?.[1];
  const number = (waid ?? tel ?? "").replace(/[^\d*]/g, "");
  return fn || number ? { name: fn || number, number } : null;
}

export type InteractiveMessage =
  | { type: "list"; request: TListMessageRequest }
  | { type: "copy"; request: TCopyMessageRequest; imageUrl?: string }
  | { type: "call"; request: TCallMessageRequest; imageUrl?: string }
  | { type: "url"; request: TUrlMessageRequest; imageUrl?: string }
  | { type: "pix"; request: TPixMessageRequest };

const lines = (...parts: (string | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join("\n");

const brl = (value: number) => `R$ ${value.toFixed(2).replace(".", ",")}`;

/**
 * The stored shape of an interactive message: a readable body for the inbox and the ticket list, the
 * mediaType, and the payload the channel worker renders. `referenceId` names a PIX payment (core fixes it
 * once, so a resend asks for the same payment).
 */
export function interactivePayload(m: InteractiveMessage, referenceId: string): StoredPayload {
  switch (m.type) {
    case "list": {
      const { title, text, buttonText, footer, sections } = m.request;
      return {
        body: lines(title, text),
        mediaType: "listMessage",
        dataJson: { type: "list", title, text, buttonText, footer, sections },
      };
    }
    case "copy":
    case "call":
    case "url": {
      const { title, description, buttonText, copyText } = m.request;
      const target =
        m.type === "copy" ? { copyCode: copyText } : m.type === "call" ? { phoneNumber: copyText } : { url: copyText };
      return {
        body: lines(title, description) || buttonText || copyText,
        mediaType: "interactiveMessage",
        dataJson: { type: m.type, title, description, buttonText, ...target, imageUrl: m.imageUrl ?? null },
      };
    }
    case "pix": {
      const r = m.request;
      return {
        body: lines(r.title, `PIX ${brl(r.sendvalue)}`),
        mediaType: "interactiveMessage",
        dataJson: {
          type: "pix",
          title: r.title,
          value: r.sendvalue,
          currency: "BRL",
          keyType: r.sendkey_type,
          key: r.sendKey,
          merchantName: r.sendmerchant_name,
          referenceId,
        },
      };
    }
  }
}
