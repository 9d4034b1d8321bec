// The part of Baileys' socket the adapter uses, and Baileys' own socket behind it; tests hand in a stand-in with
// the same shapes (testing/baileys-stand-in.ts).
import makeWASocket, {
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventEmitter,
  DEFAULT_CONNECTION_CONFIG,
  type MiscMessageGenerationOptions,
  makeCacheableSignalKeyStore,
  type WAMessage,
} from "@whiskeysockets/baileys";

export type BaileysSocket = {
  ev: BaileysEventEmitter;
  user?: { id: string; lid?: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  /** Which of the numbers are on WhatsApp (a USync contact query); undefined when WhatsApp gave no result. */
  onWhatsApp(...phoneNumbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): Promise<void>;
};

export type SocketFactory = (auth: AuthenticationState) => BaileysSocket;

/** A socket event handler that runs only while its socket is the current one, its failures logged. */
export type Guard = <T>(fn: (arg: T) => Promise<void> | void) => (arg: T) => void;

/** Baileys' own socket, quiet logs, our auth state behind its key cache. */
export const baileysSocket: SocketFactory = (auth) => baileysSocketAt(undefined)(auth);

/**
 * Baileys' own socket to another WebSocket address than WhatsApp's (tests: a closed port on loopback, so the real
 * socket meets a network failure and reports it as it would in production; decision 0093).
 */
export const baileysSocketAt =
  (waWebSocketUrl: string | undefined): SocketFactory =>
  (auth) => {
    const logger = DEFAULT_CONNECTION_CONFIG.logger.child({ class: "chatflow" });
    logger.level = process.env.BAILEYS_LOG_LEVEL ?? "warn";
    return makeWASocket({
      auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
      logger,
      markOnlineOnConnect: false,
      // Our sends are rows already: Baileys would echo each as an "append" upsert (Socket/messages-send.js) racing
      // the sender's markSent for the same remote id.
      emitOwnEvents: false,
      // Baileys' default, said out loud: history chunks come, the adapter keeps those inside the import window.
      syncFullHistory: true,
      ...(waWebSocketUrl ? { waWebSocketUrl } : {}),
    }) as unknown as BaileysSocket;
  };

/** The HTTP-like status code Baileys puts on its errors (a Boom's output.statusCode). */
export const statusCodeOf = (err: unknown): number | undefined =>
  (err as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
