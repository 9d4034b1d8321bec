// The Baileys session's lifecycle (decision 0049): opening a socket on the stored auth state, the QR code or pairing
// code, what each close reason calls for (a new QR, a reconnection now or after a backoff, a stop), and the admin's
// session requests (start, new-qr, logout, restart). The inbound events are wired by the caller.

import type { ConnectionProblemReason } from "@chatflow/core/contract/connection-state.ts";
import { backoffDelay as exponentialDelay } from "@chatflow/core/kernel/backoff.ts";
import { DisconnectReason, jidDecode } from "@whiskeysockets/baileys";
import { type PostgresAuthState, postgresAuthState } from "./baileys-auth.ts";
import { type BaileysSocket, type Guard, type SocketFactory, statusCodeOf } from "./whatsapp-baileys-socket.ts";
import { type Fence, holdLease, type StatusWriter } from "./whatsapp-baileys-status.ts";

/** What a closed socket calls for (decision 0049). */
export type CloseAction = "new-qr" | "reconnect-now" | "replaced" | "qr-timeout" | "stop" | "backoff";

/** Baileys' words when it stops rotating QR codes nobody scanned (Socket/socket.js). */
const QR_ENDED = /QR refs attempts ended/i;

export function closeAction(code: number | undefined, registered: boolean, message = ""): CloseAction {
  switch (code) {
    case DisconnectReason.loggedOut:
      return "new-qr";
    case DisconnectReason.restartRequired:
      return "reconnect-now";
    case DisconnectReason.connectionReplaced:
      return "replaced";
    case DisconnectReason.forbidden:
      // The account is banned or restricted: reconnecting again and again is what gets numbers banned.
      return "stop";
    case DisconnectReason.timedOut:
      // 408 is also connectionLost (a network failure, before or after pairing): only the end of the QR
      // rotation, before pairing, is a TIMEOUT.
      return !registered && QR_ENDED.test(message) ? "qr-timeout" : "backoff";
    default:
      return "backoff";
  }
}

/**
 * Why a closed socket leaves the session down, in the admin's terms (decision 0093). Baileys maps a WebSocket
 * error to 408 with the socket's error as its data (Utils/generics.js getCodeFromWSError): a code like ENOTFOUND or
 * ECONNREFUSED means WhatsApp cannot be reached, a 408 without one that it did not answer in time.
 */
export function closeProblem(code: number | undefined, error: unknown): ConnectionProblemReason {
  if (code === DisconnectReason.loggedOut) return "logged-out";
  if (code === DisconnectReason.forbidden) return "banned";
  const socketCode = (error as { data?: { code?: unknown } } | undefined)?.data?.code;
  if (typeof socketCode === "string" && socketCode.startsWith("E")) return "whatsapp-unreachable";
  if (code === DisconnectReason.timedOut) return "whatsapp-timeout";
  return "whatsapp-unreachable";
}

/** The reconnection wait: exponential with equal jitter, so many connections do not retry in step. */
export function backoffDelay(attempt: number, b: { minMs: number; maxMs: number }, random: () => number): number {
  return exponentialDelay(attempt, { baseMs: b.minMs, maxMs: b.maxMs, jitter: "equal" }, random);
}

export type SessionAction = "start" | "new-qr" | "logout" | "restart";

export type LifecycleOptions = {
  fence: Fence;
  status: StatusWriter;
  makeSocket: SocketFactory;
  backoff: { minMs: number; maxMs: number };
  random: () => number;
  /** Runs before each socket opens (the connection's rules are read again). */
  beforeOpen(): Promise<void>;
  /** Listens to a new socket's inbound events. */
  wire(s: BaileysSocket, guard: Guard): void;
};

export type BaileysLifecycle = {
  /** The socket open now, if any. */
  socket(): BaileysSocket | null;
  start(): Promise<void>;
  stop(): Promise<void>;
  request(action: SessionAction, pairingPhoneNumber?: string): Promise<void>;
};

export function baileysLifecycle(o: LifecycleOptions): BaileysLifecycle {
  const { owner, pool, log } = o.fence;
  const { write } = o.status;
  let socket: BaileysSocket | null = null;
  let auth: PostgresAuthState | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let pairingPhone: string | undefined;
  /** The creds writes in flight, in order. */
  let saving: Promise<void> = Promise.resolve();

  function wire(s: BaileysSocket): void {
    const guard: Guard =
      <T>(fn: (arg: T) => Promise<void> | void) =>
      (arg: T) => {
        if (socket !== s || stopped) return;
        Promise.resolve(fn(arg)).catch((err) => log(`connection ${owner.whatsappId}: ${(err as Error).message}`));
      };
    // Saved in order, and awaited before a socket opens: after pairing Baileys saves the creds and at once asks for
    // a restart (515), which must load the paired creds, not the ones from before.
    s.ev.on("creds.update", () => {
      const a = auth;
      if (socket !== s || stopped || !a) return;
      saving = saving
        .then(() => a.saveCreds())
        .catch((err) => log(`connection ${owner.whatsappId} creds: ${(err as Error).message}`));
    });
    let pairingAsked = false;
    s.ev.on(
      "connection.update",
      guard(async (u) => {
        if (u.qr) {
          if (pairingPhone && pairingAsked) return; // one code per socket; Baileys keeps rotating QR meanwhile
          if (pairingPhone) {
            pairingAsked = true;
            const code = await s.requestPairingCode(pairingPhone);
            await write("PAIRING", { pairingCode: code, qrcode: null });
          } else {
            await write("qrcode", { qrcode: u.qr, pairingCode: null });
          }
        }
        const status = o.status.status();
        if (u.connection === "connecting" && status !== "qrcode" && status !== "PAIRING") {
          await write("OPENING", {});
        }
        if (u.connection === "open") {
          attempt = 0;
          pairingPhone = undefined;
          const number = s.user?.id ? (jidDecode(s.user.id)?.user ?? null) : null;
          await write("CONNECTED", { qrcode: null, pairingCode: null, number });
        }
        if (u.connection === "close") await closed(u.lastDisconnect?.error);
      }),
    );
    o.wire(s, guard);
  }

  async function open(): Promise<void> {
    if (stopped) return;
    await saving;
    await o.beforeOpen();
    auth = await postgresAuthState(pool, owner);
    const s = o.makeSocket(auth.state);
    socket = s;
    wire(s);
  }

  function close(s: BaileysSocket | null): void {
    if (!s) return;
    if (socket === s) socket = null;
    s.end(undefined).catch(() => {});
  }

  function schedule(ms: number): void {
    clearTimeout(retry);
    retry = setTimeout(
      () => void open().catch((err) => log(`connection ${owner.whatsappId} open: ${(err as Error).message}`)),
      ms,
    );
  }

  async function closed(error: unknown): Promise<void> {
    socket = null;
    const code = statusCodeOf(error);
    const registered = auth?.state.creds.registered === true;
    const action = closeAction(code, registered, (error as Error | undefined)?.message ?? "");
    log(`connection ${owner.whatsappId} closed (${code ?? "no code"}): ${action}`);
    switch (action) {
      case "new-qr":
        // Logged out at the phone: the stored session is worthless; a fresh one shows a new QR.
        await auth?.clear();
        await write("qrcode", { qrcode: null, pairingCode: null, number: null });
        return open();
      case "reconnect-now":
        return open();
      case "replaced":
        if (!(await holdLease(o.fence))) {
          // Another worker runs this connection now: leave its socket and its status alone.
          log(`connection ${owner.whatsappId} replaced and another worker holds the lease: stopped`);
          return;
        }
        break;
      case "qr-timeout":
        await write("TIMEOUT", { qrcode: null, pairingCode: null });
        return;
      case "stop":
        await write("DISCONNECTED", {}, `closed by WhatsApp (${code})`, {
          reason: closeProblem(code, error),
          detail: `closed by WhatsApp (${code})`,
          retryAt: null,
        });
        return;
      case "backoff":
        break;
    }
    attempt += 1;
    const delay = backoffDelay(attempt, o.backoff, o.random);
    const detail = `closed (${code ?? "no code"}): ${(error as Error | undefined)?.message ?? ""}`.slice(0, 300);
    // Why, and when the worker tries again: the QR dialog and the row say both (decision 0093).
    await write("DISCONNECTED", {}, `closed (${code ?? "no code"})`, {
      reason: closeProblem(code, error),
      detail,
      retryAt: new Date(Date.now() + delay).toISOString(),
    });
    schedule(delay);
  }

  return {
    socket: () => socket,
    async start() {
      stopped = false;
      await o.beforeOpen();
      const stored = await postgresAuthState(pool, owner);
      // Without a paired session nothing opens until an admin asks for a QR (start / new-qr).
      if (stored.hadCreds) {
        await write("OPENING", {});
        await open();
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const had = socket !== null || o.status.status() !== "DISCONNECTED";
      close(socket);
      // Truthful until another worker takes over (its writes come under a newer generation); a no-op once the
      // lease is gone.
      if (had) await write("DISCONNECTED", { qrcode: null, pairingCode: null });
      await o.status.flushed();
    },
    async request(action, pairingPhoneNumber) {
      stopped = false;
      clearTimeout(retry);
      const s = socket;
      switch (action) {
        case "logout":
          socket = null;
          await s?.logout().catch(() => {});
          close(s);
          await auth?.clear();
          await (await postgresAuthState(pool, owner)).clear();
          await write("DISCONNECTED", { qrcode: null, pairingCode: null, number: null });
          return;
        case "new-qr":
          close(s);
          await (await postgresAuthState(pool, owner)).clear();
          pairingPhone = pairingPhoneNumber;
          await write("OPENING", { qrcode: null, pairingCode: null, number: null });
          return open();
        case "restart":
          close(s);
          await write("OPENING", {});
          return open();
        case "start":
          if (s) return;
          pairingPhone = pairingPhoneNumber;
          await write("OPENING", {});
          return open();
      }
    },
  };
}
