// A stand-in for Baileys' socket: no WhatsApp server is reachable in tests, so a test emits Baileys' own event
// payloads (typed by its BaileysEventMap) through this and sees what the adapter sends, rejects and ends.
import { EventEmitter } from "node:events";
import {
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventEmitter,
  type BaileysEventMap,
  type BinaryNode,
  decodeBinaryNode,
  encodeBinaryNode,
  generateMessageIDV2,
  generateWAMessage,
  type MiscMessageGenerationOptions,
  USyncQuery,
  USyncUser,
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
  /** The numbers on WhatsApp (digits) and the jid's digits WhatsApp answers for each; every other number is not. */
  readonly onWhatsappNumbers = new Map<string, string>();
  /** Each onWhatsApp call's numbers, in order. */
  readonly numberQueries: string[][] = [];
  /** Replaces the answer of onWhatsApp (throw: WhatsApp refused the query). */
  onNumberQuery: ((numbers: string[]) => Promise<void>) | null = null;
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
  /**
   * As Baileys' onWhatsApp (Socket/socket.js): the USync query built with Baileys' own classes, WhatsApp's answer
   * as the binary node its server sends (an iq result whose usync list has one user per number asked, its contact
   * node typed "in" when the number is on WhatsApp and "out" when not, as whatsmeow and Baileys read it), encoded
   * and decoded by Baileys' own WABinary coder and parsed by the query's own parser; then filtered as onWhatsApp
   * filters (numbers not on WhatsApp are left out of its answer).
   */
  async onWhatsApp(...phoneNumbers: string[]) {
    this.numberQueries.push(phoneNumbers);
    if (this.onNumberQuery) await this.onNumberQuery(phoneNumbers);
    const query = new USyncQuery().withContactProtocol();
    for (const jid of phoneNumbers) {
      query.withUser(new USyncUser().withPhone(`+${jid.replace("+", "").split("@")[0]?.split(":")[0]}`));
    }
    const users: BinaryNode[] = query.users.map((u) => {
      const digits = (u.phone ?? "").slice(1);
      const answered = this.onWhatsappNumbers.get(digits);
      return {
        tag: "user",
        attrs: { jid: `${answered ?? digits}@s.whatsapp.net` },
        content: [{ tag: "contact", attrs: { type: answered ? "in" : "out" }, content: u.phone ?? "" }],
      };
    });
    const reply: BinaryNode = {
      tag: "iq",
      attrs: { from: "s.whatsapp.net", type: "result", id: "stand-in-usync" },
      content: [
        {
          tag: "usync",
          attrs: { sid: "stand-in", index: "0", last: "true" },
          content: [{ tag: "list", attrs: {}, content: users }],
        },
      ],
    };
    const result = query.parseUSyncQueryResult(await decodeBinaryNode(encodeBinaryNode(reply)));
    return result?.list.filter((a) => !!a.contact).map(({ contact, id }) => ({ jid: id, exists: contact as boolean }));
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
