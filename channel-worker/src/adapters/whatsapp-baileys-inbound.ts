// What Baileys' events become in core's ingest (decision 0049): upserted messages (notify and append alike),
// receipts and status updates as acks, edits and revokes (Baileys turns the protocol messages into
// messages.update), and calls as call-log messages. Pure functions of Baileys' own payload shapes.
import type { InboundEvent, InboundMessage } from "@chatflow/core/messages/ingest.ts";
import { buildVCard } from "@chatflow/core/messages/vcard.ts";
import {
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  isLidUser,
  isPnUser,
  jidDecode,
  type MessageUserReceiptUpdate,
  normalizeMessageContent,
  type proto,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  WAMessageStubType,
  type WAMessageUpdate,
} from "@whiskeysockets/baileys";

export type ConnectionRules = {
  companyId: number;
  whatsappId: number;
  /** whatsapps.allow_group and group_as_ticket: a group's messages make a ticket only with both on. */
  allowGroup: boolean;
  groupAsTicket: boolean;
};

/** A contact's number: the phone number's digits when known, else the LID jid itself (one contact, merged later). */
export function contactNumberOf(jid: string, alt?: string | null): string | null {
  const pn = isPnUser(jid) ? jid : alt && isPnUser(alt) ? alt : null;
  if (pn) return jidDecode(pn)!.user;
  const lid = isLidUser(jid) ? jid : alt && isLidUser(alt) ? alt : null;
  if (lid) return `${jidDecode(lid)!.user}@lid`;
  if (isJidGroup(jid)) return jid;
  return null;
}

/** The jid a contact number sends to: digits are a phone number; LID and group numbers are jids already. */
export function jidOfNumber(number: string): string {
  return number.includes("@") ? number : `${number.replace(/\D/g, "")}@s.whatsapp.net`;
}

/**
 * The stored remote id (messages.remote_id, unique per connection): the key id, scoped by the sender in a
 * group (two members' devices choose ids independently). Acks, edits and revokes find a message by it.
 */
export function remoteIdOf(key: WAMessageKey): string {
  const participant = key.participantAlt ?? key.participant;
  return isJidGroup(key.remoteJid ?? undefined) && !key.fromMe && participant ? `${key.id}:${participant}` : key.id!;
}

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const lines = (...parts: string[]) => parts.filter(Boolean).join("\n");

export type MediaPart = { kind: "image" | "video" | "audio" | "document" | "sticker"; mime: string; fileName: string };

/** The inbox's body, mediaType and payload of one message's content; `media` when a file is to be downloaded. */
export function contentOf(
  message: proto.IMessage | null | undefined,
): { body: string; mediaType: string; dataJson?: unknown; media?: MediaPart } | null {
  const inner = plainContentOf(message);
  if (!inner || !isViewOnce(message)) return inner;
  // View once (spec 1 §2 viewOnceMessage): the wrapped media is kept, marked, with its own kind for the inbox.
  const data = inner.dataJson && typeof inner.dataJson === "object" ? (inner.dataJson as object) : {};
  return { ...inner, mediaType: "viewOnceMessage", dataJson: { ...data, mediaType: inner.mediaType, viewOnce: true } };
}

/**
 * Whether the message is to be seen once: wrapped in viewOnceMessage (V2, V2Extension), as Baileys' own
 * normalizeMessageContent unwraps, or a media message flagged viewOnce (the newer form).
 */
export function isViewOnce(message: proto.IMessage | null | undefined): boolean {
  if (!message) return false;
  if (message.viewOnceMessage || message.viewOnceMessageV2 || message.viewOnceMessageV2Extension) return true;
  const content = normalizeMessageContent(message);
  const media = content?.imageMessage ?? content?.videoMessage ?? content?.audioMessage;
  return media?.viewOnce === true;
}

/** A poll's options as the inbox stores them (pollCreationMessageV3's shape, whichever version came). */
function pollOf(content: proto.IMessage) {
  const poll = content.pollCreationMessageV3 ?? content.pollCreationMessageV2 ?? content.pollCreationMessage;
  const secret = content.messageContextInfo?.messageSecret;
  return {
    name: str(poll?.name),
    options: (poll?.options ?? []).map((o) => ({ optionName: o.optionName ?? "" })),
    selectableOptionsCount: poll?.selectableOptionsCount ?? 0,
    // The poll's key: votes arrive encrypted with it (Baileys 7 no longer decrypts them itself).
    secret: secret && secret.length > 0 ? Buffer.from(secret).toString("base64") : null,
  };
}

function plainContentOf(
  message: proto.IMessage | null | undefined,
): { body: string; mediaType: string; dataJson?: unknown; media?: MediaPart } | null {
  const content = normalizeMessageContent(message);
  const type = getContentType(content ?? undefined);
  if (!content || !type) return null;
  switch (type) {
    case "conversation":
      return { body: content.conversation ?? "", mediaType: "chat" };
    case "extendedTextMessage":
      return { body: content.extendedTextMessage?.text ?? "", mediaType: "chat" };
    case "imageMessage":
    case "videoMessage":
    case "audioMessage":
    case "documentMessage":
    case "stickerMessage": {
      const m = content[type] as { mimetype?: string | null; caption?: string | null; fileName?: string | null };
      const kind = type.replace("Message", "") as MediaPart["kind"];
      const mime = str(m.mimetype) || "application/octet-stream";
      const ext = mime.split(";")[0]!.split("/")[1] ?? "bin";
      const fileName = str(m.fileName) || `${kind}.${ext}`;
      const mediaType = kind === "document" ? "application" : kind === "sticker" ? "image" : kind;
      return {
        body: str(m.caption) || (kind === "document" ? fileName : ""),
        mediaType,
        media: { kind, mime, fileName },
      };
    }
    case "locationMessage":
    case "liveLocationMessage": {
      const l = content[type] as { degreesLatitude?: number | null; degreesLongitude?: number | null };
      const named = content.locationMessage;
      const at = `${l.degreesLatitude},${l.degreesLongitude}`;
      return {
        body: lines(str(named?.name), str(named?.address), `https://maps.google.com/maps?q=${at}`),
        mediaType: "locationMessage",
        dataJson: { latitude: l.degreesLatitude, longitude: l.degreesLongitude },
      };
    }
    case "contactMessage":
    case "contactsArrayMessage": {
      const cards =
        type === "contactMessage" ? [content.contactMessage!] : (content.contactsArrayMessage?.contacts ?? []);
      const first = cards[0];
      const vcard = str(first?.vcard);
      const name = str(first?.displayName);
      const number = /waid=(\d+)/.exec(vcard)?.[1] ?? /TEL[^:]*:([+\d\s-]+)/.exec(vcard)?.[1]?.replace(/\D/g, "") ?? "";
      // The same vCard text and payload as a card an agent sends, so the inbox shows both alike.
      return {
        body: name && number ? buildVCard({ name, number }) : vcard || name,
        mediaType: "contactMessage",
        dataJson: name && number ? { vCard: { name, number } } : { vcards: cards.map((c) => c.vcard) },
      };
    }
    case "pollCreationMessage":
    case "pollCreationMessageV2":
    case "pollCreationMessageV3": {
      const { secret, ...poll } = pollOf({ ...content, messageContextInfo: message?.messageContextInfo ?? null });
      return {
        body: lines(poll.name, ...poll.options.map((o) => `- ${o.optionName}`)),
        mediaType: "pollCreationMessageV3",
        dataJson: { pollCreationMessageV3: poll, ...(secret ? { pollSecret: secret } : {}), votes: {} },
      };
    }
    case "reactionMessage":
      return {
        body: content.reactionMessage?.text ?? "",
        mediaType: "reactionMessage",
        dataJson: { reactionTo: content.reactionMessage?.key?.id ?? null },
      };
    default:
      // protocol, sender-key distribution, poll updates...: nothing for the inbox here.
      return null;
  }
}

/** Where an upserted message goes: its contact's number and whether it is our own (sent from the phone). */
export function senderOf(m: WAMessage, rules: ConnectionRules): { number: string; name?: string } | null {
  const jid = m.key.remoteJid ?? "";
  if (!jid || isJidStatusBroadcast(jid) || isJidBroadcast(jid) || isJidNewsletter(jid)) return null;
  if (isJidGroup(jid)) {
    if (!rules.allowGroup || !rules.groupAsTicket) return null;
    return { number: jid };
  }
  const number = contactNumberOf(jid, m.key.remoteJidAlt);
  if (!number) return null;
  return { number, ...(!m.key.fromMe && m.pushName ? { name: m.pushName } : {}) };
}

const toDate = (ts: WAMessage["messageTimestamp"]): Date => {
  const n = typeof ts === "number" ? ts : ts ? Number(ts.toString()) : 0;
  return n > 0 ? new Date(n * 1000) : new Date();
};

/** An upserted message as core's InboundMessage, without its media (the adapter downloads it first). */
export function inboundMessageOf(
  m: WAMessage,
  rules: ConnectionRules,
): { event: InboundMessage; media?: MediaPart } | null {
  if (!m.key.id) return null;
  const to = senderOf(m, rules);
  if (!to) return null;
  const content = contentOf(m.message);
  if (!content) return null;
  return {
    event: {
      kind: "message",
      companyId: rules.companyId,
      whatsappId: rules.whatsappId,
      channel: "whatsapp",
      remoteId: remoteIdOf(m.key),
      from: to.number,
      ...(to.name ? { name: to.name } : {}),
      fromMe: m.key.fromMe === true,
      body: content.body,
      mediaType: content.mediaType,
      ...(content.dataJson !== undefined ? { dataJson: content.dataJson } : {}),
      timestamp: toDate(m.messageTimestamp),
    },
    ...(content.media ? { media: content.media } : {}),
  };
}

/** messages.update: status changes (acks of our messages), edits and revokes. */
export function updateEvents(updates: WAMessageUpdate[], rules: ConnectionRules): InboundEvent[] {
  const out: InboundEvent[] = [];
  const base = { companyId: rules.companyId, whatsappId: rules.whatsappId };
  for (const { key, update } of updates) {
    if (!key.id) continue;
    const remoteId = remoteIdOf(key);
    if (typeof update.status === "number" && key.fromMe) {
      // proto.WebMessageInfo.Status: ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5 (ingest only raises).
      out.push({ kind: "ack", ...base, remoteId, ack: Math.max(0, Math.min(5, update.status)) as 0 });
    }
    const edited = update.message?.editedMessage?.message;
    if (edited) {
      const content = contentOf(edited);
      if (content) out.push({ kind: "edit", ...base, remoteId, body: content.body });
    }
    if (update.message === null && update.messageStubType === WAMessageStubType.REVOKE) {
      out.push({ kind: "revoke", ...base, remoteId });
    }
  }
  return out;
}

/** message-receipt.update: a read or played receipt raises the ack (4 read, 5 played, 3 delivered). */
export function receiptEvents(receipts: MessageUserReceiptUpdate[], rules: ConnectionRules): InboundEvent[] {
  const out: InboundEvent[] = [];
  for (const { key, receipt } of receipts) {
    if (!key.id || !key.fromMe) continue;
    const ack = receipt.playedTimestamp ? 5 : receipt.readTimestamp ? 4 : receipt.receiptTimestamp ? 3 : null;
    if (ack === null) continue;
    out.push({
      kind: "ack",
      companyId: rules.companyId,
      whatsappId: rules.whatsappId,
      remoteId: remoteIdOf(key),
      ack: ack as 3,
    });
  }
  return out;
}

/** A call offer as a call-log message in the caller's ticket. */
export function callLogOf(call: WACallEvent, rules: ConnectionRules): InboundMessage | null {
  if (call.status !== "offer" || call.isGroup) return null;
  const number = contactNumberOf(call.from, call.callerPn);
  if (!number) return null;
  const hhmm = call.date.toISOString().slice(11, 16);
  return {
    kind: "message",
    companyId: rules.companyId,
    whatsappId: rules.whatsappId,
    channel: "whatsapp",
    remoteId: `call:${call.id}`,
    from: number,
    body: `${call.isVideo ? "Chamada de vídeo" : "Chamada de voz"} às ${hhmm} (UTC)`,
    mediaType: "call_log",
    dataJson: { callId: call.id, isVideo: call.isVideo ?? false },
    timestamp: call.date,
  };
}
