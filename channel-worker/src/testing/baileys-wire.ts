// WhatsApp-by-QR messages as Baileys itself hands them to the adapter (issue 22; decision 0093), for tests: a message's
// protobuf (built with Baileys' own `proto`) is encoded as it travels and decoded as Baileys' socket decodes it
// (Utils/decode-wa-message.js: proto.Message.decode of the decrypted bytes, a device-sent copy unwrapped), put in the
// WebMessageInfo shape of messages-recv.js, cleaned by Baileys' own cleanMessage, emitted as messages.upsert (Socket/
// chats.js upsertMessage) and run through Baileys' own processMessage, which turns an edit or a revoke into the
// messages.update it emits. Only the transport (the Noise socket, the Signal decryption) is left out.
import {
  type BaileysEventEmitter,
  cleanMessage,
  generateMessageIDV2,
  proto,
  type WAMessage,
  type WAMessageKey,
} from "@whiskeysockets/baileys";
import processMessage from "@whiskeysockets/baileys/lib/Utils/process-message.js";

/** The bytes a message travels as (before Signal's padding and encryption), decoded as Baileys decodes them. */
export function overTheWire(content: proto.IMessage): proto.IMessage {
  const bytes = proto.Message.encode(proto.Message.fromObject(content)).finish();
  const decoded = proto.Message.decode(bytes);
  return decoded.deviceSentMessage?.message ?? decoded;
}

export type Incoming = {
  /** The chat: the contact's jid (5511...@s.whatsapp.net) or a group's. */
  remoteJid: string;
  /** A message we sent from another device (the phone): key.fromMe. */
  fromMe?: boolean;
  /** In a group, who wrote it. */
  participant?: string;
  pushName?: string;
  /** Baileys' id; by default one made as Baileys makes ids (generateMessageIDV2: 3EB0 and 18 hex digits). */
  id?: string;
  /** Seconds since the epoch, as the stanza's `t`. */
  timestamp?: number;
  content: proto.IMessage;
};

/** The WAMessage Baileys' socket makes of a received message (messages-recv.js handleMessage), cleaned as it does. */
export function receivedMessage(m: Incoming, me: { id: string; lid?: string }): WAMessage {
  const key: WAMessageKey = {
    remoteJid: m.remoteJid,
    fromMe: m.fromMe === true,
    id: m.id ?? generateMessageIDV2(m.fromMe ? me.id : m.remoteJid),
    ...(m.participant ? { participant: m.participant } : {}),
  };
  const msg = {
    key,
    messageTimestamp: m.timestamp ?? Math.floor(Date.now() / 1000),
    ...(m.pushName ? { pushName: m.pushName } : {}),
    message: overTheWire(m.content),
  } as WAMessage;
  cleanMessage(msg, me.id, me.lid ?? "");
  return msg;
}

/**
 * Delivers `msg` on `ev` as Baileys' socket does: messages.upsert ('notify', or 'append' for an offline one), then its
 * own processMessage, which emits messages.update for an edit or a revoke.
 */
export async function deliver(
  ev: BaileysEventEmitter,
  msg: WAMessage,
  me: { id: string },
  type: "notify" | "append" = "notify",
): Promise<void> {
  ev.emit("messages.upsert", { messages: [msg], type });
  await processMessage(msg, {
    shouldProcessHistoryMsg: false,
    ev,
    creds: { me: { id: me.id, name: "Chat-flow" }, accountSettings: { unarchiveChats: false } } as never,
    keyStore: { get: async () => ({}), set: async () => {} } as never,
    signalRepository: {} as never,
    logger: undefined,
    options: {} as never,
    getMessage: async () => undefined,
  } as never);
}
