// What a stored message becomes on the Cloud API messages endpoint: text,
// media (by the id of an upload), a contact card, an interactive list or URL
// button. Pure functions: the adapter uploads and posts what they describe.

import { SendError } from "@chatflow/core/kernel/send-error.ts";
import { mimeOfFileName, originalFileName, parseMediaUrl, safeFileName } from "@chatflow/core/media/media-store.ts";
import type { OutboundMessage } from "./adapter.ts";
import { isRecording } from "./voice-note.ts";

/** The message object's part that varies by type: `{type: "image", image: {...}}`. */
export type CloudContent = { type: string; [k: string]: unknown };

/**
 * A stored file of the message's company to upload before sending. `voice`: a recording to send as a voice
 * message, converted to Ogg/Opus before its upload (decision 0069); when that fails it goes as the audio file it is.
 */
export type MediaRef = { url: string; fileName: string; mime: string; voice?: boolean };

/**
 * How to send one message: `media` is uploaded first when present; `build` gets the
 * upload's id, or null when an optional file (a header image) could not be found, and
 * whether the upload is a voice message (a recording that was converted to Ogg/Opus).
 */
export type CloudPlan = {
  media: MediaRef | null;
  mediaRequired: boolean;
  build(mediaId: string | null, voice: boolean): CloudContent;
};

/** Cloud API limits (interactive messages), in characters. */
export const LIMITS = {
  listBody: 4096,
  ctaBody: 1024,
  header: 60,
  footer: 60,
  button: 20,
  sectionTitle: 24,
  rowTitle: 24,
  rowDescription: 72,
  rowId: 200,
  rows: 10,
};

/** Mime types the Cloud API takes for each media message type; anything else goes as a document. */
const NATIVE: Record<string, Set<string>> = {
  image: new Set(["image/jpeg", "image/png"]),
  video: new Set(["video/mp4", "video/3gpp"]),
  audio: new Set(["audio/aac", "audio/amr", "audio/mpeg", "audio/mp4", "audio/ogg"]),
  sticker: new Set(["image/webp"]),
};

/** Office documents the Cloud API accepts, which core's media store serves as octet-stream. */
const DOCUMENT_MIME: Record<string, string> = {
  txt: "text/plain",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/** Message types stored with a payload in data_json rather than a file. */
const STRUCTURED = new Set(["contactMessage", "listMessage", "interactiveMessage"]);
/** Message types that mean nothing without their file. */
const FILE_TYPES = new Set(["image", "audio", "video", "application", "document", "sticker", "ptt"]);

/** Cuts to `max` characters (code points, so no emoji is split), marking the cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

export function uploadMime(fileName: string): string {
  const mime = mimeOfFileName(fileName);
  if (mime !== "application/octet-stream") return mime;
  const ext = fileName.split(".").pop()?.toLowerCase() ?? "";
  return DOCUMENT_MIME[ext] ?? mime;
}

/** The Cloud API message type for a stored media: its own type when the format is one WhatsApp plays, else a document. */
export function cloudMediaKind(mediaType: string, mime: string): "image" | "audio" | "video" | "sticker" | "document" {
  const wanted = mediaType === "ptt" ? "audio" : mediaType;
  if (wanted === "image" || wanted === "audio" || wanted === "video" || wanted === "sticker") {
    if (NATIVE[wanted]!.has(mime)) return wanted;
  }
  return "document";
}

/** The name the person gave the file: stored names are `{uuidv7}-{safe name}`. */
export function originalName(fileName: string): string {
  return originalFileName(fileName);
}

/**
 * Core stores the file name as body when the agent typed no caption (decision 0010);
 * such a body is not a caption, or every photo would arrive captioned "IMG_0001.jpg".
 */
export function isFileNameBody(body: string, fileName: string): boolean {
  return body.trim() === "" || safeFileName(body.trim()) === originalName(fileName);
}

function mediaPlan(message: OutboundMessage, media: MediaRef): CloudPlan {
  const kind = cloudMediaKind(message.mediaType, media.mime);
  const recording = kind === "audio" && isRecording(originalName(media.fileName));
  const nameBody = isFileNameBody(message.body, media.fileName);
  const caption = nameBody ? undefined : message.body;
  return {
    media: recording ? { ...media, voice: true } : media,
    mediaRequired: true,
    build(id, voice) {
      const object: Record<string, unknown> = { id };
      // A voice message (Ogg/Opus): the microphone icon, automatic download and the transcript on the phone.
      if (kind === "audio" && voice) object.voice = true;
      if (caption && (kind === "image" || kind === "video" || kind === "document")) object.caption = caption;
      // The body keeps the name as typed (accents and all) when it is the file name.
      if (kind === "document")
        object.filename = nameBody && message.body.trim() ? message.body.trim() : originalName(media.fileName);
      return { type: kind, [kind]: object };
    },
  };
}

/** A media URL of the message's own company, as a file to upload; anything else is no file. */
function mediaRef(message: OutboundMessage, url: string | null | undefined): MediaRef | null {
  const parsed = url ? parseMediaUrl(url) : null;
  if (!url || !parsed || parsed.companyId !== message.companyId) return null;
  return { url, fileName: parsed.fileName, mime: uploadMime(parsed.fileName) };
}

type Card = { name?: unknown; number?: unknown };

/** The card from data_json, or read back from the vCard text of the body (a forwarded card). */
/** A contact card's name and number: from its stored payload, else read from its vCard text. */
export function cardOf(message: OutboundMessage): { name: string; number: string } | null {
  const stored = (message.dataJson as { vCard?: Card } | null)?.vCard;
  const name = typeof stored?.name === "string" ? stored.name : /^FN:(.*)$/m.exec(message.body)?.[1];
  const number =
    typeof stored?.number === "string" || typeof stored?.number === "number"
      ? String(stored.number)
      : /waid=(\d+)/.exec(message.body)?.[1];
  const digits = number?.replace(/\D/g, "");
  if (!name?.trim() || !digits) return null;
  return { name: name.replace(/\\([\\,;])/g, "$1").trim(), number: digits };
}

function contactsContent(card: { name: string; number: string }): CloudContent {
  return {
    type: "contacts",
    contacts: [
      {
        name: { formatted_name: card.name, first_name: card.name },
        phones: [{ phone: `+${card.number}`, type: "CELL", wa_id: card.number }],
      },
    ],
  };
}

type ListData = {
  title?: string;
  text?: string;
  buttonText?: string;
  footer?: string;
  sections?: { title?: string; rows?: { title?: string; rowId?: string; description?: string }[] }[];
};

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** The list within the Cloud API's limits: 10 rows in all, titles cut, ids unique. Null when no row is left. */
export function listContent(data: ListData, body: string): CloudContent | null {
  const title = str(data.title);
  const text = str(data.text);
  const used = new Set<string>();
  let left = LIMITS.rows;
  const sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[] = [];
  for (const [si, section] of (data.sections ?? []).entries()) {
    const rows = [];
    for (const [ri, row] of (section.rows ?? []).entries()) {
      if (left === 0 || !str(row.title)) continue;
      let id = clip(str(row.rowId) || `${si + 1}.${ri + 1}`, LIMITS.rowId);
      // The contact's pick answers with the id: two rows must never share one.
      if (used.has(id)) id = clip(`${id}#${si + 1}.${ri + 1}`, LIMITS.rowId);
      used.add(id);
      left--;
      const description = str(row.description);
      rows.push({
        id,
        title: clip(str(row.title), LIMITS.rowTitle),
        ...(description ? { description: clip(description, LIMITS.rowDescription) } : {}),
      });
    }
    if (rows.length > 0) sections.push({ title: str(section.title), rows });
  }
  if (sections.length === 0) return null;
  // A section title is required once there are several.
  const titled = sections.map((s, i) => {
    const sectionTitle = s.title || (sections.length > 1 ? String(i + 1) : "");
    return sectionTitle ? { title: clip(sectionTitle, LIMITS.sectionTitle), rows: s.rows } : { rows: s.rows };
  });
  const footer = str(data.footer);
  return {
    type: "interactive",
    interactive: {
      type: "list",
      // With a text the title is the header; alone it is the body (a body is required).
      ...(title && text ? { header: { type: "text", text: clip(title, LIMITS.header) } } : {}),
      body: { text: clip(text || title || body.trim() || "…", LIMITS.listBody) },
      ...(footer ? { footer: { text: clip(footer, LIMITS.footer) } } : {}),
      action: { button: clip(str(data.buttonText) || "Menu", LIMITS.button), sections: titled },
    },
  };
}

export type ButtonData = {
  type?: string;
  title?: string;
  description?: string;
  buttonText?: string;
  url?: string;
  copyCode?: string;
  phoneNumber?: string;
  imageUrl?: string | null;
  value?: number;
  keyType?: string;
  key?: string;
  merchantName?: string;
};

function ctaUrlPlan(message: OutboundMessage, data: ButtonData): CloudPlan {
  const url = str(data.url);
  const text = message.body.trim() || url;
  return {
    media: mediaRef(message, data.imageUrl),
    // A header image that is gone does not stop the link from going out.
    mediaRequired: false,
    build(imageId) {
      return {
        type: "interactive",
        interactive: {
          type: "cta_url",
          ...(imageId ? { header: { type: "image", image: { id: imageId } } } : {}),
          body: { text: clip(text, LIMITS.ctaBody) },
          action: {
            name: "cta_url",
            parameters: { display_text: clip(str(data.buttonText) || "Link", LIMITS.button), url },
          },
        },
      };
    },
  };
}

/**
 * Copy-code, call-me and PIX buttons exist on the Cloud API only inside approved templates,
 * so they go as text: the readable body plus what the button carried (the code, the number,
 * the PIX key), each on its own line so the contact can copy or tap it.
 */
export function buttonText(data: ButtonData, body: string): string {
  const extra =
    data.type === "copy"
      ? [str(data.copyCode)]
      : data.type === "call"
        ? [str(data.phoneNumber)]
        : data.type === "pix"
          ? [`PIX ${str(data.keyType)}: ${str(data.key)}`.trim(), str(data.merchantName)]
          : [];
  return [body.trim(), ...extra.filter((line) => line && !body.includes(line))].filter(Boolean).join("\n\n");
}

const text = (body: string): CloudContent => ({ type: "text", text: { body } });
const fixed = (content: CloudContent): CloudPlan => ({ media: null, mediaRequired: false, build: () => content });

type TemplateData = { template?: { name?: unknown; language?: unknown; headerParams?: unknown; bodyParams?: unknown } };

const textParams = (values: unknown) =>
  (Array.isArray(values) ? values : []).map((v) => ({ type: "text", text: String(v) }));

/**
 * An approved template (core's data_json.template, contract/message-templates.ts): `type: template` with the
 * header's and the body's values as text parameters, in order ({{1}} first). Null when the payload names none.
 */
export function templateContent(data: TemplateData | null): CloudContent | null {
  const t = data?.template;
  if (!t || typeof t.name !== "string" || typeof t.language !== "string" || !t.name || !t.language) return null;
  const header = textParams(t.headerParams);
  const body = textParams(t.bodyParams);
  const components = [
    ...(header.length > 0 ? [{ type: "header", parameters: header }] : []),
    ...(body.length > 0 ? [{ type: "body", parameters: body }] : []),
  ];
  return {
    type: "template",
    template: { name: t.name, language: { code: t.language }, ...(components.length > 0 ? { components } : {}) },
  };
}

/** What the message becomes; throws a permanent SendError when the Cloud API cannot carry it. */
export function planCloudMessage(message: OutboundMessage): CloudPlan {
  const { mediaType, body } = message;
  if (mediaType === "chat") return fixed(text(body));
  if (mediaType === "template") {
    const content = templateContent(message.dataJson as TemplateData | null);
    if (!content) throw new SendError("permanent", "template message without a template name and language");
    return fixed(content);
  }
  if (mediaType === "contactMessage") {
    const card = cardOf(message);
    if (!card) throw new SendError("permanent", "contact card without a name and number");
    return fixed(contactsContent(card));
  }
  if (mediaType === "listMessage") {
    const list = listContent((message.dataJson ?? {}) as ListData, body);
    return fixed(list ?? text(body));
  }
  if (mediaType === "interactiveMessage") {
    const data = (message.dataJson ?? {}) as ButtonData;
    if (data.type === "url" && str(data.url)) return ctaUrlPlan(message, data);
    return fixed(text(buttonText(data, body) || body));
  }
  const media = mediaRef(message, message.mediaUrl);
  if (media && !STRUCTURED.has(mediaType)) return mediaPlan(message, media);
  if (FILE_TYPES.has(mediaType) || message.mediaUrl) {
    throw new SendError("permanent", `the ${mediaType} message has no stored file`, { code: "ERR_MEDIA_NOT_FOUND" });
  }
  // A forwarded copy of something only readable (a location, a reaction): its text.
  if (body.trim()) return fixed(text(body));
  throw new SendError("permanent", `media type ${mediaType} cannot be sent through the Cloud API`);
}
