// A stand-in for Baileys' socket: no WhatsApp server is reachable in tests, so a test emits Baileys' own event
// payloads (typed by its BaileysEventMap) through this and sees what the adapter sends, rejects and ends.
import { EventEmitter } from "node:events";
import {
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventEmitter,
  type BaileysEventMap,
  generateMessageIDV2,
  generateWAMessage,
  type MiscMessageGenerationOptions,
  type WAMessage,
} from "@whiskeysockets/baileys";
import type { BaileysSocket, SocketFactory } from "../adapters/whatsapp-baileys.ts";

export type Sent = { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions };

export class StandInSocket implements BaileysSocket {
  readonly ev: BaileysEventEmitter = new EventEmitter() as unknown as BaileysEventEmitter;
  user: { id: string } | undefined;
  readonly sent: Sent[] = [];
  readonly rejected: { id: string; from: string }[] = [];
  readonly pairingRequests: string[] = [];
  ended = false;
  loggedOut = false;
  /** Echo each send as an "append" upsert on the next tick, as Baileys does with emitOwnEvents. */
  emitOwnEvents = false;
  /** Replaces the answer of sendMessage (throw to refuse). */
  onSend: ((s: Sent) => Promise<WAMessage | undefined>) | null = null;
  readonly auth: AuthenticationState;
  constructor(auth: AuthenticationState) {
    this.auth = auth;
  }

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.ev.emit(event, arg);
  }

  /** The socket opens as `user` (a phone jid). */
  open(user = "5511999990000:3@s.whatsapp.net"): void {
    this.user = { id: user };
    this.emit("connection.update", { connection: "open" });
  }

  /**
   * The socket closes with one of Baileys' DisconnectReason codes. `data`: what Baileys puts on the Boom beside it; a
   * WebSocket error carries the socket's own error (Socket/socket.js mapWebSocketError: `{ code: "ENOTFOUND" }`).
   */
  close(statusCode: number, message = "closed", data?: { code?: string }): void {
    this.emit("connection.update", {
      connection: "close",
      // The shape of Baileys' Boom errors (output.statusCode, data), which is all a close handler reads.
      lastDisconnect: {
        error: Object.assign(new Error(message), { output: { statusCode }, ...(data ? { data } : {}) }),
        date: new Date(),
      },
    });
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
    const s = { jid, content, ...(options ? { options } : {}) };
    this.sent.push(s);
    if (this.onSend) return this.onSend(s);
    // As Baileys' sendMessage answers (Socket/messages-send.js): the message its own generateWAMessage builds, under
    // the id asked for or one made as Baileys makes them (generateMessageIDV2: 3EB0 and 18 hex digits). Media would
    // need an upload: those answer the key and an empty message.
    const messageId = options?.messageId ?? generateMessageIDV2(this.user?.id);
    // A copy: Baileys' generator fills defaults into the content it is given, and `sent` keeps what the adapter passed.
    const sent = await generateWAMessage(jid, structuredClone(content), {
      userJid: this.user?.id ?? "",
      messageId,
      upload: async () => {
        throw new Error("the stand-in uploads no media");
      },
    } as never).catch(
      () =>
        ({
          key: { remoteJid: jid, id: messageId, fromMe: true },
          message: {},
          messageTimestamp: Math.floor(Date.now() / 1000),
        }) as WAMessage,
    );
    if (this.emitOwnEvents) process.nextTick(() => this.emit("messages.upsert", { messages: [sent], type: "append" }));
    return sent;
  }
  async requestPairingCode(phoneNumber: string) {
    this.pairingRequests.push(phoneNumber);
    return "ABCD1234";
  }
  async rejectCall(id: string, from: string) {
    this.rejected.push({ id, from });
  }
  async logout() {
    this.loggedOut = true;
  }
  async end() {
    this.ended = true;
  }
}

/** A socket factory handing out stand-ins; `sockets` lists every one made, the last is the live one. */
export function standInSockets(): { factory: SocketFactory; sockets: StandInSocket[]; last(): StandInSocket } {
  const sockets: StandInSocket[] = [];
  return {
    sockets,
    factory: (auth) => {
      const s = new StandInSocket(auth);
      sockets.push(s);
      return s;
    },
    last: () => {
      const s = sockets.at(-1);
      if (!s) throw new Error("no socket was opened");
      return s;
    },
  };
}

/** A stand-in that opens as soon as the adapter has wired it (for a worker run as its own process). */
export const openingStandIn: SocketFactory = (auth) => {
  const s = new StandInSocket(auth);
  setTimeout(() => s.open(), 0);
  return s;
};
