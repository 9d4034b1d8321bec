// Our outbound messages as Baileys sends them: the message content (text, media read from the media store, voice
// notes, contact cards, polls), the key id derived from messages.id (a resend after a lost answer carries the same
// id and the recipient's devices drop the copy), edits and deletes, and what a failed send means for the queue.
import { createHash } from "node:crypto";
import path from "node:path";
import type { PollPayload } from "@chatflow/core/contract/message-polls.ts";
import { SendError } from "@chatflow/core/kernel/send-error.ts";
import { readStoredBytes } from "@chatflow/core/media/file-store.ts";
import { mediaKeyOfUrl, mimeOfFileName, originalFileName } from "@chatflow/core/media/media-store.ts";
import { mediaStore } from "@chatflow/core/media/store-registry.ts";
import { type AnyMessageContent, DisconnectReason, type MiscMessageGenerationOptions } from "@whiskeysockets/baileys";
import type { Amendment, OutboundMessage, SendResult } from "./adapter.ts";
import { audioMime, isOggOpus, isRecording, toOggOpus } from "./voice-note.ts";
import { jidOfNumber } from "./whatsapp-baileys-inbound.ts";
import { type BaileysSocket, statusCodeOf } from "./whatsapp-baileys-socket.ts";

/** The key id of an outbound message: Baileys' own shape (3EB0 + 18 hex), derived from messages.id. */
export function keyIdOf(messageId: string): string {
  return `3EB0${createHash("sha256").update(messageId).digest("hex").toUpperCase().slice(0, 18)}`;
}

export type OutboundContext = {
  /** core's DATA_DIR: outbound media are read from the company's media folder. */
  dataDir: string;
  whatsappId: number;
  /** A key id we are about to send, with the message row it sends (none for edits and deletes). */
  remember(keyId: string, messageId?: string | null): void;
  log(message: string): void;
};

async function mediaOf(dataDir: string, message: OutboundMessage): Promise<Buffer> {
  const key = message.mediaUrl ? mediaKeyOfUrl(message.companyId, message.mediaUrl) : null;
  const gone = () => new SendError("permanent", "the file of this message is gone", { code: "ERR_MEDIA_NOT_FOUND" });
  if (!key) throw gone();
  const store = await mediaStore(dataDir);
  let bytes: Buffer | null;
  try {
    bytes = await readStoredBytes(store, key);
  } catch (err) {
    // A bucket that did not answer may answer later; an unreadable file (permissions) will not.
    throw new SendError(
      store.kind === "s3" ? "retryable-not-delivered" : "permanent",
      `cannot read ${path.basename(key)}: ${(err as Error).message}`,
      { code: "ERR_MEDIA_NOT_FOUND", cause: err },
    );
  }
  if (!bytes) throw gone();
  return bytes;
}

/** The name the file was uploaded with (stored as `<time>-<name>`). */
const fileNameOf = (message: OutboundMessage) =>
  message.mediaUrl ? originalFileName(path.basename(message.mediaUrl)) : "file";

async function contentFor(c: OutboundContext, message: OutboundMessage): Promise<AnyMessageContent> {
  const caption = message.body || undefined;
  switch (message.mediaType) {
    case "image":
      return { image: await mediaOf(c.dataDir, message), caption };
    case "video":
      return { video: await mediaOf(c.dataDir, message), caption };
    case "audio": {
      const bytes = await mediaOf(c.dataDir, message);
      // A voice note is Ogg/Opus with ptt: the composer's recordings are converted (voice-note.ts); any other
      // audio file goes as it is. A recording that cannot be converted still goes, as a plain audio file.
      if (isOggOpus(bytes) || isRecording(fileNameOf(message))) {
        try {
          return { audio: await toOggOpus(bytes), mimetype: "audio/ogg; codecs=opus", ptt: true };
        } catch (err) {
          c.log(
            `connection ${c.whatsappId}: voice note ${message.id} sent as a plain file (${(err as Error).message})`,
          );
        }
      }
      return { audio: bytes, mimetype: audioMime(bytes) };
    }
    case "application": {
      const name = fileNameOf(message);
      return { document: await mediaOf(c.dataDir, message), fileName: name, mimetype: mimeOfFileName(name), caption };
    }
    case "contactMessage": {
      const card = (message.dataJson as { vCard?: { name?: string } } | null)?.vCard;
      return { contacts: { displayName: card?.name ?? "", contacts: [{ vcard: message.body }] } };
    }
    case "pollCreationMessageV3": {
      // An agent's poll (decision 0062): sent with the secret core made, which the contacts' votes are
      // encrypted with, so they are decrypted and counted on the stored poll like an incoming one's.
      const d = message.dataJson as Partial<PollPayload> | null;
      const poll = d?.pollCreationMessageV3;
      if (!poll || !d?.pollSecret) {
        throw new SendError("permanent", "the poll has no question or secret", { code: "ERR_WRONG_STATE" });
      }
      return {
        poll: {
          name: poll.name,
          values: poll.options.map((o) => o.optionName),
          selectableCount: poll.selectableOptionsCount,
          messageSecret: Buffer.from(d.pollSecret, "base64"),
        },
      };
    }
    default:
      return { text: message.body };
  }
}

/** What a failed send means for the queue. */
function sendErrorOf(err: unknown): SendError {
  const code = statusCodeOf(err);
  const text = (err as Error).message ?? String(err);
  if (code === 429 || /rate-overlimit/i.test(text)) {
    // Throttled: the queue waits (the sender's backoff), never a burst of retries; the admin is told.
    return new SendError("retryable-not-delivered", `WhatsApp rate limit: ${text}`, {
      cause: err,
      hold: "rate-limited",
    });
  }
  if (code === 463 || /reachout|timelock|restrict/i.test(text)) {
    // The account may not message (new) contacts for now: sending on would only deepen the restriction.
    return new SendError("retryable-not-delivered", `WhatsApp restricted the account: ${text}`, {
      cause: err,
      hold: "restricted",
    });
  }
  if (code === DisconnectReason.connectionClosed || code === DisconnectReason.connectionLost) {
    return new SendError("retryable-maybe-delivered", `connection dropped while sending: ${text}`, { cause: err });
  }
  return new SendError("retryable-maybe-delivered", text, { cause: err });
}

/** Sends one queued message on a connected socket. */
export async function sendMessage(c: OutboundContext, s: BaileysSocket, message: OutboundMessage): Promise<SendResult> {
  const jid = jidOfNumber(message.to);
  const options: MiscMessageGenerationOptions = { messageId: keyIdOf(message.id) };
  if (message.quotedRemoteId) {
    // Baileys quotes from a message object: the key is what WhatsApp needs to link the reply.
    options.quoted = {
      key: { remoteJid: jid, id: message.quotedRemoteId.split(":")[0] },
      message: { conversation: "" },
    };
  }
  const content = await contentFor(c, message);
  c.remember(options.messageId!, message.id);
  try {
    const sent = await s.sendMessage(jid, content, options);
    return { remoteId: sent?.key.id ?? options.messageId! };
  } catch (err) {
    throw sendErrorOf(err);
  }
}

/** Tells the channel of an edit or a delete of a sent message, on a connected socket. */
export async function amendMessage(c: OutboundContext, s: BaileysSocket, a: Amendment): Promise<void> {
  const jid = jidOfNumber(a.to);
  const key = { remoteJid: jid, id: a.remoteId, fromMe: true };
  // Its own id, derived like a send's, so its echo is known as ours.
  const messageId = keyIdOf(`${a.id}:${a.delete ? "delete" : `edit:${a.body}`}`);
  c.remember(messageId);
  try {
    // A delete wins over an edit: the message is gone for everyone either way.
    await s.sendMessage(jid, a.delete ? { delete: key } : { text: a.body, edit: key }, { messageId });
  } catch (err) {
    throw new SendError("retryable-not-delivered", (err as Error).message ?? String(err), { cause: err });
  }
}
