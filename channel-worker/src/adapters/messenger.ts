// The Facebook Messenger and Instagram adapter (channels facebook, instagram; decision 0052): sends through
// the Graph API's Send API as the connection's page (POST /{page-id}/messages), text as JSON and media as one
// multipart request carrying the file. Each send puts our message's id in message.metadata, which Meta echoes
// back in the message_echoes webhook: core's receiver records the message's id and sent mark from it, so a
// send whose answer was lost is reconciled (as the Cloud API's biz_opaque_callback_data is). Inbound comes
// through core's webhook: there is no session to open.
import path from "node:path";
import { logger } from "@chatflow/core/kernel/logger.ts";
import { SendError } from "@chatflow/core/kernel/send-error.ts";
import { parseMediaUrl } from "@chatflow/core/media/media-store.ts";
import { DEFAULT_GRAPH_API, type GraphApiOptions, UPLOAD_TIMEOUT_MS } from "@chatflow/core/meta/graph-api.ts";
import { graphConnection } from "@chatflow/core/meta/graph-connection.ts";
import { classifyMessengerRefusal, type GraphErrorAnswer } from "@chatflow/core/meta/graph-send-errors.ts";
import { sendRecipient } from "@chatflow/core/meta/messenger-user-ref.ts";
import type { AdapterEvents, Channel, ChannelAdapter, ChannelConnection, OutboundMessage } from "./adapter.ts";
import { openStoredMedia } from "./cloud-media.ts";
import {
  type ButtonData,
  buttonText,
  cardOf,
  isFileNameBody,
  originalName,
  uploadMime,
} from "./whatsapp-cloud-payloads.ts";

/** Attachment types of the Send API; Instagram takes no documents. */
const ATTACHMENT: Record<string, "image" | "audio" | "video" | "file"> = {
  image: "image",
  audio: "audio",
  ptt: "audio",
  video: "video",
  application: "file",
  document: "file",
};

type SendAnswer = { message_id?: string } & GraphErrorAnswer;

export function messengerAdapter(
  connection: ChannelConnection,
  events: AdapterEvents,
  graph: GraphApiOptions = DEFAULT_GRAPH_API,
  media: { dataDir: string } = { dataDir: path.resolve(".data") },
): ChannelAdapter {
  const { call, lifecycle } = graphConnection(connection, events, {
    graph,
    tokenCheckEveryMs: graph.tokenCheckEveryMs,
  });
  const url = `${graph.url.replace(/\/+$/, "")}/${graph.version}/${connection.pageId}/messages`;

  /** The message object and, for media, the file to send with it. */
  async function plan(
    message: OutboundMessage,
  ): Promise<{ object: Record<string, unknown>; file: Blob | null; name: string }> {
    const extra = {
      // Echoed back in message_echoes: our id, which reconciles a send whose answer was lost.
      metadata: message.id,
      ...(message.quotedRemoteId ? { reply_to: { mid: message.quotedRemoteId } } : {}),
    };
    const type = ATTACHMENT[message.mediaType];
    const stored = message.mediaUrl ? parseMediaUrl(message.mediaUrl) : null;
    if (message.mediaType === "listMessage") {
      return { object: { ...listAsQuickReplies(message), ...extra }, file: null, name: "" };
    }
    if (message.mediaType === "interactiveMessage") {
      return { object: { ...buttonAsTemplate(message, connection.channel), ...extra }, file: null, name: "" };
    }
    if (message.mediaType === "locationMessage") {
      return { object: { ...locationAsTemplate(message), ...extra }, file: null, name: "" };
    }
    if (message.mediaType === "contactMessage") {
      return { object: { ...contactAsTemplate(message, connection.channel), ...extra }, file: null, name: "" };
    }
    if (!type) return { object: { text: message.body, ...extra }, file: null, name: "" };
    if (!stored || stored.companyId !== message.companyId) {
      throw new SendError("permanent", "this media message names no stored file", { code: "ERR_MEDIA_NOT_FOUND" });
    }
    if (type === "file" && connection.channel === "instagram") {
      throw new SendError("permanent", "Instagram does not take documents");
    }
    const ref = { url: message.mediaUrl!, fileName: stored.fileName, mime: uploadMime(stored.fileName) };
    const file = await openStoredMedia(media.dataDir, message.companyId, ref);
    if (!file) {
      throw new SendError("permanent", `the file ${ref.fileName} of this message is gone`, {
        code: "ERR_MEDIA_NOT_FOUND",
      });
    }
    return {
      object: { attachment: { type, payload: { is_reusable: false } }, ...extra },
      file,
      name: originalName(ref.fileName),
    };
  }

  async function post(message: OutboundMessage, object: Record<string, unknown>, file: Blob | null, name: string) {
    // A plugin's guest is answered by its user_ref (the Send API's recipient.user_ref), everyone else by id.
    const recipient = sendRecipient(message.to);
    let body: string | FormData;
    if (file) {
      body = new FormData();
      body.append("recipient", JSON.stringify(recipient));
      body.append("messaging_type", "RESPONSE");
      body.append("message", JSON.stringify(object));
      body.append("filedata", file, name);
    } else {
      body = JSON.stringify({ recipient, messaging_type: "RESPONSE", message: object });
    }
    const timeoutMs = file ? (graph.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS) : graph.timeoutMs;
    const { res, answer } = await call<SendAnswer>(url, body, timeoutMs);
    if (!res.ok) throw classifyMessengerRefusal(res.status, answer);
    if (!answer?.message_id) {
      throw new SendError("retryable-maybe-delivered", `Graph API ${res.status} answered without a message id`);
    }
    return answer.message_id;
  }

  return {
    ...lifecycle,
    async send(message: OutboundMessage) {
      const { object, file, name } = await plan(message);
      const remoteId = await post(message, object, file, name);
      // A caption goes as its own text after the file (attachments carry none). The message counts as sent
      // once its file went out: a caption that then fails is logged, never a reason to send the file again.
      const caption = file && !isFileNameBody(message.body, name) ? message.body : "";
      if (caption) {
        // Its own metadata: core's receiver knows the echo as part of this message, neither its id nor a new message.
        await post(message, { text: caption, metadata: `${message.id}:caption` }, null, "").catch((err) => {
          logger.warn({ messageId: message.id, err }, "messenger: the caption was not sent");
        });
      }
      return { remoteId };
    },
  };
}

/** The Send API's bounds for quick replies. */
export const QUICK_REPLIES_MAX = 13;
const QUICK_REPLY_TITLE_MAX = 20;
const MESSENGER_TEXT_MAX = 2000;

type ListRow = { title?: unknown; rowId?: unknown; description?: unknown };

/**
 * An interactive list (spec 1 §1) as Messenger quick replies (decision 0062): the text is the list's title and text,
 * each row one button whose payload is its rowId (or its title), answered back with the contact's tap. A title
 * longer than Messenger's 20 characters is cut with an ellipsis, and the rows are also numbered in the text when
 * any was cut, so nothing the agent wrote is lost. More than 13 rows do not fit: the list goes as numbered text.
 */
export function listAsQuickReplies(message: OutboundMessage): Record<string, unknown> {
  const data = (message.dataJson ?? {}) as { sections?: { title?: unknown; rows?: ListRow[] }[]; footer?: unknown };
  const rows = (data.sections ?? []).flatMap((s) => s.rows ?? []).filter((r) => typeof r.title === "string");
  const titles = rows.map((r) => String(r.title).trim());
  const fits = rows.length > 0 && rows.length <= QUICK_REPLIES_MAX;
  const cut = titles.some((t) => [...t].length > QUICK_REPLY_TITLE_MAX);
  const parts = [message.body.trim()];
  if (!fits || cut) parts.push(titles.map((t, i) => `${i + 1}. ${t}`).join("\n"));
  if (typeof data.footer === "string" && data.footer.trim()) parts.push(data.footer.trim());
  const text = clip(parts.filter(Boolean).join("\n\n") || "-", MESSENGER_TEXT_MAX);
  if (!fits) return { text };
  return {
    text,
    quick_replies: rows.map((r, i) => ({
      content_type: "text",
      title: clip(titles[i]!, QUICK_REPLY_TITLE_MAX),
      payload: clip(typeof r.rowId === "string" && r.rowId ? r.rowId : titles[i]!, 1000),
    })),
  };
}

const BUTTON_TEXT_MAX = 640;
const BUTTON_TITLE_MAX = 20;

/**
 * An interactive message (spec 1 §1) on Messenger and Instagram: a link button goes as a button template (the text and
 * one web_url button), on both platforms (Meta documents the button template for Instagram with web_url and postback
 * buttons); a call-me button goes as a phone_number button on Messenger only, since Instagram has no such button. A
 * copy-code or PIX button has no form on either: those go as text that carries the link, number or code, so the
 * contact has all the agent sent. A text past the template's 640 characters goes as text too (decision 0117).
 */
export function buttonAsTemplate(message: OutboundMessage, channel: Channel): Record<string, unknown> {
  const data = (message.dataJson ?? {}) as ButtonData;
  const body = message.body.trim();
  const title = clip((data.buttonText ?? "").trim() || (data.type === "call" ? "Ligar" : "Abrir"), BUTTON_TITLE_MAX);
  const url = typeof data.url === "string" && /^https?:\/\//i.test(data.url.trim()) ? data.url.trim() : null;
  const phone = typeof data.phoneNumber === "string" ? data.phoneNumber.replace(/\D/g, "") : "";
  const button =
    data.type === "url" && url
      ? { type: "web_url", url, title }
      : data.type === "call" && phone.length >= 6 && channel === "facebook"
        ? { type: "phone_number", title, payload: `+${phone}` }
        : null;
  if (button && body && [...body].length <= BUTTON_TEXT_MAX) {
    return { attachment: { type: "template", payload: { template_type: "button", text: body, buttons: [button] } } };
  }
  const lines = [buttonText(data, body)];
  if (url && !lines[0]!.includes(url)) lines.push(url);
  return { text: clip(lines.filter(Boolean).join("\n\n") || "-", MESSENGER_TEXT_MAX) };
}

/** The generic template's bound on a title and a subtitle (Meta's reference, Messenger and Instagram alike). */
const ELEMENT_TEXT_MAX = 80;
const MAP_LINK = /https:\/\/maps\.google\.com\/maps\?q=(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/;

const num = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** A location's coordinates: the Baileys payload's, the Cloud API's `location`, else the map link in its text. */
function coordinatesOf(message: OutboundMessage): { lat: number; lng: number } | null {
  const data = (message.dataJson ?? {}) as {
    latitude?: unknown;
    longitude?: unknown;
    location?: Record<string, unknown>;
  };
  const lat = num(data.latitude) ?? num(data.location?.latitude);
  const lng = num(data.longitude) ?? num(data.location?.longitude);
  if (lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { lat, lng };
  const link = MAP_LINK.exec(message.body);
  return link ? { lat: Number(link[1]), lng: Number(link[2]) } : null;
}

/**
 * A location (a forwarded one: spec 1 §4) as a generic template, which Messenger and Instagram both document: its
 * name as the title (else its coordinates), its address as the subtitle, tapping it or its one web_url button
 * opens the map. The Send API has no outbound location type (the location quick reply only asks the contact for
 * theirs). Without coordinates it goes as its text, as before (decision 0117).
 */
export function locationAsTemplate(message: OutboundMessage): Record<string, unknown> {
  const at = coordinatesOf(message);
  if (!at) return { text: clip(message.body.trim() || "-", MESSENGER_TEXT_MAX) };
  const url = `https://maps.google.com/maps?q=${at.lat},${at.lng}`;
  const words = message.body
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !MAP_LINK.test(l));
  const element = {
    title: clip(words[0] ?? `${at.lat}, ${at.lng}`, ELEMENT_TEXT_MAX),
    ...(words[1] ? { subtitle: clip(words.slice(1).join(" · "), ELEMENT_TEXT_MAX) } : {}),
    default_action: { type: "web_url", url },
    buttons: [{ type: "web_url", url, title: "Abrir no mapa" }],
  };
  return { attachment: { type: "template", payload: { template_type: "generic", elements: [element] } } };
}

/**
 * A contact card (spec 1 §4) as a generic template: the name as its title and the number as its subtitle and, on
 * Messenger, a phone_number button that calls it; Instagram documents only web_url and postback buttons, so there the
 * card is the name and the number the contact can copy. A card without a name and number goes as its text (decision
 * 0117).
 */
export function contactAsTemplate(message: OutboundMessage, channel: Channel): Record<string, unknown> {
  const card = cardOf(message);
  if (!card) return { text: clip(message.body.trim() || "-", MESSENGER_TEXT_MAX) };
  const phone = `+${card.number}`;
  const element = {
    title: clip(card.name, ELEMENT_TEXT_MAX),
    subtitle: phone,
    ...(channel === "facebook" && card.number.length >= 6
      ? { buttons: [{ type: "phone_number", title: "Ligar", payload: phone }] }
      : {}),
  };
  return { attachment: { type: "template", payload: { template_type: "generic", elements: [element] } } };
}

/** At most `max` characters (code points), the last one an ellipsis when cut. */
function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join("")}…`;
}
