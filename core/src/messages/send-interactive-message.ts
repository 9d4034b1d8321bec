// Use case: an agent sends an interactive message (spec 1 §1: list, copy-code,
// call-me, URL, PIX payment). The request becomes one message whose dataJson
// holds the payload the channel worker renders, and whose body is the readable
// text the inbox and the ticket list show. It is queued like any reply.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import type {
  TCallMessageRequest,
  TCopyMessageRequest,
  TListMessageRequest,
  TPixMessageRequest,
  TUrlMessageRequest,
} from "../contract/messages.ts";
import { sendMessage } from "./send-message.ts";

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

/** The stored shape: the body shown in the inbox, the mediaType, and the payload. */
export function interactivePayload(m: InteractiveMessage): { body: string; mediaType: string; dataJson: object } {
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
          // The payment's reference, fixed here so a resend by the worker asks for the same payment.
          referenceId: uuidv7().replace(/-/g, "").slice(-11).toUpperCase(),
        },
      };
    }
  }
}

/** Answers the id of the stored message; `id` is the client's (sync push), else a new one. */
export async function sendInteractiveMessage(
  client: pg.ClientBase,
  actor: Actor,
  input: { ticketId: number; message: InteractiveMessage; id?: string },
): Promise<string> {
  const { body, mediaType, dataJson } = interactivePayload(input.message);
  const id = input.id ?? uuidv7();
  return sendMessage(client, actor, { id, ticketId: input.ticketId, body, mediaType, dataJson });
}
