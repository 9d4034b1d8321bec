// Every message type the Baileys adapter handles, as protobuf contents built with Baileys' own `proto` (issue 22;
// decision 0093), each with what the inbox must make of it. Where each comes from: the field names and types are
// WhatsApp's protobuf schema as Baileys ships it (WAProto/WAProto.proto, @whiskeysockets/baileys 7.0.0-rc14: Message,
// ImageMessage, AudioMessage, LocationMessage, ContactMessage, PollCreationMessage, ReactionMessage,
// ProtocolMessage...); the shapes follow what Baileys' own generateWAMessageContent builds for each kind
// (Utils/messages.js: a caption on the media message, `ptt` on a voice note, a poll's secret in messageContextInfo,
// a reaction's key naming the message, an edit as protocolMessage MESSAGE_EDIT with editedMessage, a delete as
// protocolMessage REVOKE). The media fields a download needs (url, mediaKey, directPath) are left out: the tests
// download through the adapter's `download` seam, the network's edge.
import { proto } from "@whiskeysockets/baileys";

export type BaileysFixture = {
  name: string;
  content: proto.IMessage;
  /** What the stored message must read (messages.media_type, body, part of data_json). */
  expect: { mediaType: string; body?: string | RegExp; dataJson?: Record<string, unknown>; hasMedia?: boolean };
};

const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nTEL;type=CELL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD";

export const BAILEYS_FIXTURES: BaileysFixture[] = [
  {
    name: "conversation",
    content: { conversation: "Oi, tudo bem?" },
    expect: { mediaType: "chat", body: "Oi, tudo bem?" },
  },
  {
    name: "extendedTextMessage (a link with its preview)",
    content: {
      extendedTextMessage: {
        text: "Veja https://exemplo.com.br/produto",
        matchedText: "https://exemplo.com.br/produto",
        title: "Produto",
        previewType: proto.Message.ExtendedTextMessage.PreviewType.NONE,
      },
    },
    expect: { mediaType: "chat", body: "Veja https://exemplo.com.br/produto" },
  },
  {
    name: "imageMessage with a caption",
    content: {
      imageMessage: { mimetype: "image/jpeg", caption: "A foto do pedido", fileLength: 15, height: 2, width: 2 },
    },
    expect: { mediaType: "image", body: "A foto do pedido", hasMedia: true },
  },
  {
    name: "videoMessage",
    content: { videoMessage: { mimetype: "video/mp4", seconds: 3, caption: "" } },
    expect: { mediaType: "video", hasMedia: true },
  },
  {
    name: "audioMessage as a voice note (ptt)",
    content: { audioMessage: { mimetype: "audio/ogg; codecs=opus", seconds: 4, ptt: true } },
    expect: { mediaType: "audio", hasMedia: true },
  },
  {
    name: "documentMessage",
    content: { documentMessage: { mimetype: "application/pdf", fileName: "boleto.pdf", pageCount: 1 } },
    expect: { mediaType: "application", body: "boleto.pdf", hasMedia: true },
  },
  {
    name: "stickerMessage",
    content: { stickerMessage: { mimetype: "image/webp", isAnimated: false } },
    expect: { mediaType: "image", hasMedia: true },
  },
  {
    name: "locationMessage",
    content: {
      locationMessage: {
        degreesLatitude: -23.5505,
        degreesLongitude: -46.6333,
        name: "Loja Centro",
        address: "Praça da Sé",
      },
    },
    expect: {
      mediaType: "locationMessage",
      body: /Loja Centro\nPraça da Sé\nhttps:\/\/maps\.google\.com\/maps\?q=-23\.5505,-46\.6333/,
    },
  },
  {
    name: "liveLocationMessage",
    content: { liveLocationMessage: { degreesLatitude: -22.9068, degreesLongitude: -43.1729, sequenceNumber: 1 } },
    expect: { mediaType: "locationMessage", dataJson: { latitude: -22.9068, longitude: -43.1729 } },
  },
  {
    name: "contactMessage",
    content: { contactMessage: { displayName: "Maria Souza", vcard } },
    expect: { mediaType: "contactMessage", dataJson: { vCard: { name: "Maria Souza", number: "5511977776666" } } },
  },
  {
    name: "contactsArrayMessage",
    content: { contactsArrayMessage: { displayName: "2 contatos", contacts: [{ displayName: "Maria Souza", vcard }] } },
    expect: { mediaType: "contactMessage", dataJson: { vCard: { name: "Maria Souza", number: "5511977776666" } } },
  },
  {
    name: "pollCreationMessageV3 with its secret",
    content: {
      pollCreationMessageV3: {
        name: "Qual horário?",
        options: [{ optionName: "Manhã" }, { optionName: "Tarde" }],
        selectableOptionsCount: 1,
      },
      messageContextInfo: { messageSecret: new Uint8Array(32).fill(7) },
    },
    expect: { mediaType: "pollCreationMessageV3", body: "Qual horário?\n- Manhã\n- Tarde" },
  },
  {
    name: "viewOnceMessageV2 wrapping an image",
    content: { viewOnceMessageV2: { message: { imageMessage: { mimetype: "image/jpeg", viewOnce: true } } } },
    expect: { mediaType: "viewOnceMessage", hasMedia: true },
  },
  {
    name: "ephemeralMessage wrapping a text (disappearing messages on)",
    content: { ephemeralMessage: { message: { extendedTextMessage: { text: "Some em 7 dias" } } } },
    expect: { mediaType: "chat", body: "Some em 7 dias" },
  },
];

/** A reaction to the message `id` of the chat `remoteJid` (ReactionMessage: key, text, senderTimestampMs). */
export const reactionTo = (remoteJid: string, id: string, fromMe: boolean, text = "👍"): proto.IMessage => ({
  reactionMessage: { key: { remoteJid, fromMe, id }, text, senderTimestampMs: Date.now() },
});

/** An edit of the message `id` (ProtocolMessage MESSAGE_EDIT carrying the new content). */
export const editOf = (remoteJid: string, id: string, fromMe: boolean, text: string): proto.IMessage => ({
  protocolMessage: {
    key: { remoteJid, fromMe, id },
    type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
    editedMessage: { conversation: text },
    timestampMs: Date.now(),
  },
});

/** A delete for everyone of the message `id` (ProtocolMessage REVOKE). */
export const revokeOf = (remoteJid: string, id: string, fromMe: boolean): proto.IMessage => ({
  protocolMessage: { key: { remoteJid, fromMe, id }, type: proto.Message.ProtocolMessage.Type.REVOKE },
});
