// What a Messenger or Instagram messaging event becomes in the inbox (decision 0052): messages, acks and
// deletes in core's ingest shape, the files its attachments name (downloaded before ingest, so a message
// commits once, whole), and the contact's profile name and picture from the Graph API.
import { z } from "zod";
import { logger } from "../kernel/logger.ts";
import { saveMediaStream } from "../media/media-store.ts";
import type { InboundAck, InboundMessage, InboundRevoke } from "../messages/ingest.ts";
import type { TMessagingEvent } from "../meta/messenger-payloads.ts";
import { userRefContact } from "../meta/messenger-user-ref.ts";

/** The connection a webhook entry is for. */
export type MessengerConnection = {
  id: number;
  companyId: number;
  channel: "facebook" | "instagram";
  accessToken: string | null;
};

/** A read or delivery watermark: every message we sent the contact up to `at` reached `ack`. */
export type Watermark = { companyId: number; whatsappId: number; contact: string; at: Date; ack: 2 | 3 };

/** A message and the file its attachment names, to download before ingest. */
export type PendingFile = { event: InboundMessage & { mediaUrl?: string }; url: string; type: string };

export type EventParts = {
  messages: InboundMessage[];
  acks: InboundAck[];
  revokes: InboundRevoke[];
  watermarks: Watermark[];
  files: PendingFile[];
};

/** Attachment types as the inbox's mediaType values (spec 1 §2); the others show as text with their link. */
const MEDIA_TYPES: Record<string, string> = { image: "image", audio: "audio", video: "video", file: "application" };

/** Stored-name extensions, so core serves a downloaded file back with its type. */
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "application/pdf": "pdf",
};

/** Messenger's own largest attachment. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** A profile picture larger than this is not kept. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const isUuid = (v: string | undefined) => v !== undefined && z.uuid().safeParse(v).success;

/** A party's contact number: its page-scoped id, or its user_ref (a chat or checkbox plugin's guest). */
const partyOf = (p: { id?: string; user_ref?: string } | undefined): string | null =>
  p?.id ?? userRefContact(p?.user_ref);

/** The messages, acks and deletes of one messaging event of `conn`. */
export function eventParts(conn: MessengerConnection, e: TMessagingEvent, out: EventParts): void {
  const base = { companyId: conn.companyId, whatsappId: conn.id };
  // The contact: who sent it, or for the checkbox plugin's opt-in (no sender) the user_ref it names.
  const sender = partyOf(e.sender) ?? userRefContact(e.optin?.user_ref);
  const recipient = partyOf(e.recipient);
  if (!sender || (e.message?.is_echo && !recipient)) {
    const keys = Object.keys(e).filter((k) => k !== "timestamp");
    logger.warn({ channel: conn.channel, keys }, "messenger webhook: event names no contact, skipped");
    return;
  }
  const timestamp = e.timestamp ? new Date(e.timestamp) : new Date();
  const message = (remoteId: string, from: string, body: string, mediaType: string, extra: object = {}) => {
    const m: InboundMessage = {
      kind: "message",
      ...base,
      channel: conn.channel,
      remoteId,
      from,
      body,
      mediaType,
      timestamp,
      ...extra,
    };
    out.messages.push(m);
    return m;
  };
  const m = e.message;
  if (m?.is_deleted) {
    out.revokes.push({ kind: "revoke", ...base, remoteId: m.mid });
  } else if (m?.is_echo && m.metadata?.endsWith(":caption") && isUuid(m.metadata.slice(0, -8))) {
    // The caption our adapter sent after a file: part of that message, already stored with it.
  } else if (m?.is_echo && isUuid(m.metadata)) {
    // Our own send coming back: its id and the sent mark, even when the send's answer was lost (decision 0042).
    out.acks.push({ kind: "ack", ...base, remoteId: m.mid, ack: 1, messageId: m.metadata });
  } else if (m) {
    // An echo without our id was sent from the page itself (Meta's inbox): ours too, to the recipient.
    const from = m.is_echo ? recipient! : sender;
    // Sent, since Meta echoes it: stored with the sent mark rather than the clock.
    const fromMe = m.is_echo ? { fromMe: true, ack: 1 as const } : {};
    const attachments = m.attachments ?? [];
    // A reply names the message it quotes (stored with its quote when we have it).
    const quoted = m.reply_to?.mid ? { quotedRemoteId: m.reply_to.mid } : {};
    if (attachments.length === 0) {
      message(m.mid, from, m.text ?? "", "chat", { dataJson: { ...m }, ...fromMe, ...quoted });
    }
    for (const [i, a] of attachments.entries()) {
      // One inbox message per attachment; the first keeps the channel's id, so acks and echoes find it.
      const remoteId = i === 0 ? m.mid : `${m.mid}:${i}`;
      const mediaType = MEDIA_TYPES[a.type];
      const url = a.payload?.url;
      const body = i === 0 && m.text ? m.text : "";
      const dataJson = { ...m, attachment: a };
      if (mediaType) {
        const event = message(remoteId, from, body, mediaType, { dataJson, ...fromMe, ...(i === 0 ? quoted : {}) });
        if (url) out.files.push({ event, url, type: a.type });
      } else {
        const text = [body, a.payload?.title ?? "", url ?? ""].filter(Boolean).join("\n");
        message(remoteId, from, text, "chat", { dataJson, ...fromMe });
      }
    }
  }
  if (e.reaction) {
    const r = e.reaction;
    // A reaction has no id of its own: the reacted message, who and when name it, the same on every redelivery.
    const remoteId = `${r.mid}:reaction:${sender}:${e.timestamp ?? 0}`;
    const body = r.action === "unreact" ? "" : (r.emoji ?? "");
    message(remoteId, sender, body, "reactionMessage", { dataJson: { reaction: r } });
  }
  if (e.referral) {
    // An ad or link brought the contact to a thread already open: a card in the conversation, once per event.
    const r = e.referral as { ref?: string; ads_context_data?: { ad_title?: string } };
    const remoteId = `referral:${sender}:${e.timestamp ?? 0}`;
    message(remoteId, sender, r.ads_context_data?.ad_title ?? r.ref ?? "", "referral", {
      dataJson: { referral: r },
    });
  }
  if (e.optin) {
    // A plugin's opt-in: a notice in the contact's conversation (the plugin's ref says where on the site), once per
    // event. The checkbox plugin's contact is its user_ref until the person writes from Messenger itself.
    const remoteId = `optin:${sender}:${e.timestamp ?? 0}`;
    message(remoteId, sender, "", "system", { dataJson: { optin: e.optin } });
  }
  if (!m && !e.reaction && !e.postback && !e.delivery && !e.read && !e.referral && !e.optin) {
    const keys = Object.keys(e).filter((k) => !["sender", "recipient", "timestamp"].includes(k));
    logger.warn({ channel: conn.channel, keys }, "messenger webhook: event with nothing to store");
  }
  if (e.postback) {
    const p = e.postback;
    const remoteId = p.mid ?? `postback:${sender}:${e.timestamp ?? 0}`;
    message(remoteId, sender, p.title ?? p.payload ?? "", "chat", { dataJson: { postback: p } });
  }
  for (const mid of e.delivery?.mids ?? []) out.acks.push({ kind: "ack", ...base, remoteId: mid, ack: 2 });
  if (e.delivery?.watermark) {
    out.watermarks.push({ ...base, contact: sender, at: new Date(e.delivery.watermark), ack: 2 });
  }
  if (e.read?.mid) out.acks.push({ kind: "ack", ...base, remoteId: e.read.mid, ack: 3 });
  if (e.read?.watermark) {
    out.watermarks.push({ ...base, contact: sender, at: new Date(e.read.watermark), ack: 3 });
  }
}

/** A file name for a download: the URL's own name when it has one with an extension, else type.ext. */
function fileNameOf(url: string, type: string, mime: string): string {
  const own = decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  if (/^[^/\\]{1,100}\.[A-Za-z0-9]{1,5}$/.test(own)) return own;
  const ext = EXTENSIONS[mime.split(";")[0]!.trim().toLowerCase()];
  return ext ? `${type}.${ext}` : type;
}

/**
 * Downloads a file an attachment or a profile names into the company's media store; answers its mediaUrl.
 * The URL comes from Meta (a signed delivery, or the Graph API's answer) and is fetched without our token.
 * A declared size over the limit is refused unread, an undeclared one cut at the limit.
 */
export async function downloadToStore(
  dataDir: string,
  companyId: number,
  url: string,
  type: string,
  signal: AbortSignal,
  maxBytes = MAX_ATTACHMENT_BYTES,
): Promise<string> {
  const protocol = new URL(url).protocol;
  if (protocol !== "https:" && protocol !== "http:") throw new Error(`cannot download a ${protocol} URL`);
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`download answered ${res.status}`);
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new Error(`file of ${declared} bytes is over the limit`);
  }
  const name = fileNameOf(url, type, res.headers.get("content-type") ?? "");
  const saved = await saveMediaStream(dataDir, companyId, name, res.body ?? [], { maxBytes, signal });
  return saved.url;
}

/** A contact's profile as the Graph API tells it. */
export type Profile = { name: string | null; picture: string | null };

/**
 * GET /{psid} with the page's token: Messenger tells first and last name, Instagram name and username; both
 * a profile picture URL. Null when it cannot be read (Meta refuses profiles of users who never allowed it).
 */
export async function fetchProfile(
  graph: { url: string; version: string },
  conn: MessengerConnection,
  id: string,
  signal: AbortSignal,
): Promise<Profile | null> {
  if (!conn.accessToken) return null;
  const fields = conn.channel === "instagram" ? "name,username,profile_pic" : "first_name,last_name,profile_pic";
  const url = `${graph.url.replace(/\/+$/, "")}/${graph.version}/${id}?fields=${fields}`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${conn.accessToken}` }, signal });
  if (!res.ok) return null;
  const p = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const str = (k: string) => (typeof p?.[k] === "string" ? (p[k] as string).trim().slice(0, 200) : "");
  const name = [str("first_name"), str("last_name")].filter(Boolean).join(" ") || str("name") || str("username");
  const picture = typeof p?.profile_pic === "string" ? p.profile_pic : null;
  return { name: name || null, picture };
}
