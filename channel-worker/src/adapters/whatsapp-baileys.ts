// The WhatsApp adapter through Baileys (channel whatsapp; decision 0049): one socket per connection, opened only
// by the worker holding the connection's lease (decision 0042). Its parts: the auth state in PostgreSQL
// (baileys-auth.ts), the session's lifecycle and its fenced writes to whatsapps (whatsapp-baileys-lifecycle.ts,
// whatsapp-baileys-status.ts), Baileys' events turned into core's ingest events (whatsapp-baileys-ingest.ts over
// whatsapp-baileys-inbound.ts) and our messages turned into Baileys' (whatsapp-baileys-outbound.ts).

import { SendError } from "@chatflow/core/kernel/send-error.ts";
import type { WAMessage } from "@whiskeysockets/baileys";
import type pg from "pg";
import type { AdapterEvents, ChannelAdapter, ChannelConnection } from "./adapter.ts";
import { campaignNumberCheck, type NumberCheckPace } from "./baileys-number-check.ts";
import { baileysIngest } from "./whatsapp-baileys-ingest.ts";
import { baileysLifecycle, type SessionAction } from "./whatsapp-baileys-lifecycle.ts";
import { amendMessage, type OutboundContext, sendMessage } from "./whatsapp-baileys-outbound.ts";
import { type BaileysSocket, baileysSocket, type SocketFactory } from "./whatsapp-baileys-socket.ts";
import { type Fence, statusWriter } from "./whatsapp-baileys-status.ts";

export { backoffDelay, type CloseAction, closeAction } from "./whatsapp-baileys-lifecycle.ts";
export { keyIdOf } from "./whatsapp-baileys-outbound.ts";
export { type BaileysSocket, baileysSocket, type SocketFactory } from "./whatsapp-baileys-socket.ts";

export type BaileysOptions = {
  pool: pg.Pool;
  /** The lease this adapter runs under: every write to whatsapps names it (fencing, decision 0042). */
  lease: { workerId: string; generation: number };
  /** core's DATA_DIR: inbound media are stored in, outbound read from, the company's media folder. */
  dataDir: string;
  makeSocket?: SocketFactory;
  /** Downloads an inbound message's media (Baileys' downloadMediaMessage by default). */
  download?: (m: WAMessage, socket: BaileysSocket) => Promise<Buffer>;
  /** Reconnect backoff for the disconnect reasons that call for it. */
  backoff?: { minMs: number; maxMs: number };
  random?: () => number;
  /** The campaigns' number check's pace (baileys-number-check.ts; decision 0120). */
  numberCheck?: NumberCheckPace;
  log?: (message: string) => void;
};

export function whatsappBaileysAdapter(
  connection: ChannelConnection,
  events: AdapterEvents,
  o: BaileysOptions,
): ChannelAdapter & {
  /** Acts on an admin's session request (start, new-qr, logout, restart). */
  request(action: SessionAction, pairingPhoneNumber?: string): Promise<void>;
} {
  const fence: Fence = {
    pool: o.pool,
    owner: { companyId: connection.companyId, whatsappId: connection.id },
    lease: o.lease,
    log: o.log ?? (() => {}),
  };
  const status = statusWriter(fence, events);
  const ingest = baileysIngest({ ...fence, events, dataDir: o.dataDir, download: o.download });
  const lifecycle = baileysLifecycle({
    fence,
    status,
    makeSocket: o.makeSocket ?? baileysSocket,
    backoff: o.backoff ?? { minMs: 2000, maxMs: 120_000 },
    random: o.random ?? Math.random,
    beforeOpen: ingest.loadRules,
    wire: ingest.wire,
  });
  const outbound: OutboundContext = {
    dataDir: o.dataDir,
    whatsappId: connection.id,
    remember: ingest.remember,
    log: fence.log,
  };
  /** The socket, when the session is connected; a send on any other is refused before it leaves. */
  const connected = (): BaileysSocket => {
    const s = lifecycle.socket();
    if (!s || status.status() !== "CONNECTED")
      throw new SendError("retryable-not-delivered", "the WhatsApp session is not connected");
    return s;
  };

  // Before a campaign sends to a list's numbers, WhatsApp is asked which are on it (decision 0120).
  const numberCheck = campaignNumberCheck({
    pool: o.pool,
    owner: fence.owner,
    socket: () => (status.status() === "CONNECTED" ? lifecycle.socket() : null),
    ...(o.numberCheck ? { pace: o.numberCheck } : {}),
    log: fence.log,
  });

  return {
    connectionId: connection.id,
    // The key id comes from messages.id: a resend carries the same id, which WhatsApp's devices dedupe.
    idempotentSend: true,
    start: async () => {
      await lifecycle.start();
      numberCheck.start();
    },
    stop: async () => {
      await numberCheck.stop();
      await lifecycle.stop();
    },
    status: status.status,
    request: lifecycle.request,
    amend: async (a) => amendMessage(outbound, connected(), a),
    send: async (message) => sendMessage(outbound, connected(), message),
  };
}
