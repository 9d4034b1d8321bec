// What a Cloud API webhook message becomes in the inbox (body, mediaType,
// dataJson), and the download of its media into the company's media store
// (GET /{media_id} for a short-lived URL, then that URL, both with the
// connection's token), done before ingest so the message commits once, whole.

import { logger } from "../kernel/logger.ts";
import { saveMediaStream } from "../media/media-store.ts";
import { buildVCard } from "../messages/vcard.ts";
import { GRAPH_API_URL, GRAPH_API_VERSION } from "../meta/graph-api.ts";

export type CloudMessage = {
  from: string;
  id: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  [k: string]: unknown;
};

/** The inbox's view of a message, and the media to fetch for it. */
export type InboundContent = {
  body: string;
  mediaType: string;
  dataJson?: Record<string, unknown>;
  media?: { id: string; mime: string; fileName: string };
};

export type CloudMediaOptions = {
  /** core's DATA_DIR: files go to its media store, as an agent's uploads do. */
  dataDir: string;
  graphApiUrl: string;
  graphApiVersion: string;
  /** For all the downloads of one delivery together: the webhook answers Meta only after them. */
  timeoutMs: number;
};

export const DEFAULT_CLOUD_MEDIA = { graphApiUrl: GRAPH_API_URL, graphApiVersion: GRAPH_API_VERSION };

/** Meta retries a delivery not answered within seconds; a download slower than this is given up. */
export const DOWNLOAD_TIMEOUT_MS = 8000;
/** WhatsApp's own largest media (documents). */
const MAX_BYTES = 100 * 1024 * 1024;

/** Stored-name extensions, so core serves the file back with its type (media-store.ts mimeOfFileName). */
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/amr": "amr",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "application/pdf": "pdf",
  "text/plain": "txt",
};

/** Webhook media types as the inbox's mediaType values (spec 1 §2): a sticker shows as an image, a document as application. */
const MEDIA_TYPES: Record<string, string> = {
  image: "image",
  audio: "audio",
  video: "video",
  document: "application",
  sticker: "image",
};

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const lines = (...parts: string[]) => parts.filter(Boolean).join("\n");

type MediaObject = { id?: string; mime_type?: string; caption?: string; filename?: string };
type Location = { latitude?: number; longitude?: number; name?: string; address?: string };
type CloudContact = { name?: { formatted_name?: string }; phones?: { phone?: string; wa_id?: string }[] };

function fileNameOf(type: string, media: MediaObject, mime: string): string {
  if (type === "document" && str(media.filename)) return str(media.filename);
  const ext = EXTENSIONS[mime.split(";")[0]!.trim().toLowerCase()];
  return ext ? `${type}.${ext}` : type;
}

/** What a message's type is shown as when the inbox cannot show it as its own (decision 0092). */
export const UNSUPPORTED = "unsupported";

type OrderItem = {
  product_retailer_id?: string;
  quantity?: string | number;
  item_price?: string | number;
  currency?: string;
};

/** An order's lines as text ("2 × sku-123 (49.9 BRL)"), its note last: what the agent reads and answers. */
function orderBody(order: { product_items?: OrderItem[]; text?: string } | undefined): string {
  const items = (Array.isArray(order?.product_items) ? order.product_items : []).map((i) =>
    `${i.quantity ?? 1} × ${str(i.product_retailer_id)} (${i.item_price ?? ""} ${str(i.currency)})`.replace(" ( )", ""),
  );
  return lines(...items, str(order?.text));
}

export function inboundContent(m: CloudMessage): InboundContent {
  if (m.type === "text") {
    // A plain text keeps no copy (the hot path); a reply (context) or an ad's message (referral) keeps its fields.
    if (m.context === undefined && m.referral === undefined) return { body: m.text?.body ?? "", mediaType: "chat" };
    return { body: m.text?.body ?? "", mediaType: "chat", dataJson: { ...m } };
  }
  const type = m.type ?? "";
  const mediaType = MEDIA_TYPES[type];
  if (mediaType) {
    const media = (m[type] ?? {}) as MediaObject;
    const mime = str(media.mime_type) || "application/octet-stream";
    return {
      // Like an agent's upload without caption, a document shows its name.
      body: str(media.caption) || (type === "document" ? str(media.filename) : ""),
      mediaType,
      dataJson: { ...m },
      ...(str(media.id) ? { media: { id: str(media.id), mime, fileName: fileNameOf(type, media, mime) } } : {}),
    };
  }
  if (type === "location") {
    const l = (m.location ?? {}) as Location;
    const at = `${l.latitude},${l.longitude}`;
    return {
      body: lines(str(l.name), str(l.address), `https://maps.google.com/maps?q=${at}`),
      mediaType: "locationMessage",
      dataJson: { ...m },
    };
  }
  if (type === "contacts") {
    const first = ((m.contacts ?? []) as CloudContact[])[0];
    const name = str(first?.name?.formatted_name);
    const number = (str(first?.phones?.[0]?.wa_id) || str(first?.phones?.[0]?.phone)).replace(/\D/g, "");
    // The same vCard text and payload as a card an agent sends, so the inbox shows both alike.
    return {
      body: name && number ? buildVCard({ name, number }) : name,
      mediaType: "contactMessage",
      dataJson: { ...m, ...(name && number ? { vCard: { name, number } } : {}) },
    };
  }
  if (type === "reaction") {
    // An emoji left out (or empty) withdraws the contact's reaction.
    const r = (m.reaction ?? {}) as { emoji?: string; message_id?: string };
    return { body: str(r.emoji), mediaType: "reactionMessage", dataJson: { ...m } };
  }
  if (type === "interactive") {
    // The contact picked a row of our list or a reply button (its title is what they said), or answered a flow.
    const i = (m.interactive ?? {}) as Record<
      string,
      { id?: string; title?: string; body?: string } | string | undefined
    >;
    const reply = (i.list_reply ?? i.button_reply ?? i.nfm_reply) as { title?: string; body?: string } | undefined;
    return { body: str(reply?.title) || str(reply?.body), mediaType: "chat", dataJson: { ...m } };
  }
  if (type === "button") {
    return { body: str((m.button as { text?: string } | undefined)?.text), mediaType: "chat", dataJson: { ...m } };
  }
  if (type === "order") {
    return {
      body: orderBody(m.order as Parameters<typeof orderBody>[0]),
      mediaType: "orderMessage",
      dataJson: { ...m },
    };
  }
  if (type === "system" || type === "request_welcome") {
    // "Kerry changed their phone number to ...": a notice in the conversation, not the contact's words.
    return { body: str((m.system as { body?: string } | undefined)?.body), mediaType: "system", dataJson: { ...m } };
  }
  // unknown, unsupported, or a type Meta added since: kept, shown with its raw type, and logged.
  logger.warn({ remoteId: m.id, type: m.type ?? null }, "whatsapp webhook: message stored as unsupported");
  // A message its schema refused arrives here already cut down, its raw type kept (receive-cloud-delivery.ts).
  return {
    body: "",
    mediaType: UNSUPPORTED,
    dataJson: { ...m, rawType: "rawType" in m ? m.rawType : (m.type ?? null) },
  };
}

async function graphGet(url: string, token: string, signal: AbortSignal): Promise<Response> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!res.ok) throw new Error(`Graph API ${res.status} for ${new URL(url).pathname}`);
  return res;
}

/**
 * Downloads one media into the company's store and answers its mediaUrl. The lookup's URL
 * comes from the Graph API and, as Meta documents, is fetched with the same token. The body
 * goes straight to disk (core serves the inbox: a 100 MB document must not sit in its memory);
 * a size declared over the limit is refused unread, an undeclared one is cut at the limit.
 */
export async function downloadCloudMedia(
  o: CloudMediaOptions,
  conn: { companyId: number; accessToken: string },
  media: { id: string; fileName: string },
  signal: AbortSignal,
): Promise<string> {
  const base = o.graphApiUrl.replace(/\/+$/, "");
  const lookup = await graphGet(
    `${base}/${o.graphApiVersion}/${encodeURIComponent(media.id)}`,
    conn.accessToken,
    signal,
  );
  const info = (await lookup.json()) as { url?: string; file_size?: number };
  if (!info.url) throw new Error("Graph API media lookup without a url");
  if ((info.file_size ?? 0) > MAX_BYTES) throw new Error(`media of ${info.file_size} bytes is over the limit`);
  const res = await graphGet(info.url, conn.accessToken, signal);
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_BYTES) {
    await res.body?.cancel();
    throw new Error(`media of ${declared} bytes is over the limit`);
  }
  const saved = await saveMediaStream(o.dataDir, conn.companyId, media.fileName, res.body ?? [], {
    maxBytes: MAX_BYTES,
    signal,
  });
  return saved.url;
}
