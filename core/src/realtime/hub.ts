// The realtime WebSocket (/ws?token=...): pokes a company's clients when its
// data changed (LISTEN on the change channel, so every core instance pokes its
// own sockets) and sends the logout frame to sessions a newer login ended. An
// expired company gets neither the socket nor pokes (spec 1 §4: only billing
// stays open to it).

import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type pg from "pg";
import { WebSocket, WebSocketServer } from "ws";
import type { ActorCache } from "../auth/actor-cache.ts";
import { type Actor, checkToken } from "../auth/authenticate.ts";
import type { Tokens } from "../auth/tokens.ts";
import type { ServerFrame } from "../contract/sync.ts";
import {
  ANNOUNCEMENTS_CHANNEL,
  CHANGES_CHANNEL,
  PAYMENTS_CHANNEL,
  SESSIONS_CHANNEL,
  USERS_CHANNEL,
} from "../contract/topics.ts";
import { listen } from "../db/listener.ts";
import { logger } from "../kernel/logger.ts";
import { isSubscriptionExpired } from "../plans/subscription.ts";
import { refuseUpgrade } from "./upgrade-router.ts";

type Conn = { ws: WebSocket; actor: Actor };

/** How the socket of a company whose subscription ran out is closed (the PWA then asks the API why). */
export const SUBSCRIPTION_EXPIRED_CLOSE = { code: 4402, reason: "ERR_SUBSCRIPTION_EXPIRED" };

/** The close code a stopping core sends (RFC 6455 1001, going away), and how long it waits for the replies. */
export const GOING_AWAY = 1001;
const CLOSE_GRACE_MS = 1_000;

/** Pokes for one company are coalesced over this many milliseconds. */
const POKE_DELAY_MS = 15;

export type Hub = {
  /** Takes an upgrade the router sent to /ws (upgrade-router.ts decides which ones). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
  connections(): number;
};

export async function startHub(opts: {
  databaseUrl: string;
  pool: pg.Pool;
  tokens: Tokens;
  actors?: ActorCache;
}): Promise<Hub> {
  const wss = new WebSocketServer({ noServer: true });
  const byCompany = new Map<number, Set<Conn>>();
  const pending = new Map<number, NodeJS.Timeout>();
  // Each connected company's due date, as of its latest connection or change NOTIFY.
  const dueDates = new Map<number, string | null>();
  const expired = (companyId: number) => isSubscriptionExpired({ id: companyId, dueDate: dueDates.get(companyId) });

  /** Closes the sockets of an expired company; the super user runs the platform and keeps its socket. */
  const closeIfExpired = (companyId: number): boolean => {
    if (!expired(companyId)) return false;
    for (const c of byCompany.get(companyId) ?? []) {
      if (!c.actor.super) c.ws.close(SUBSCRIPTION_EXPIRED_CLOSE.code, SUBSCRIPTION_EXPIRED_CLOSE.reason);
    }
    return true;
  };

  const send = (ws: WebSocket, frame: ServerFrame) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  const poke = (companyId: number) => {
    if (pending.has(companyId) || !byCompany.has(companyId)) return;
    pending.set(
      companyId,
      setTimeout(() => {
        pending.delete(companyId);
        // A due date that passed since the last check (midnight announces nothing): no more pokes.
        const over = closeIfExpired(companyId);
        for (const c of byCompany.get(companyId) ?? []) if (!over || c.actor.super) send(c.ws, { type: "poke" });
      }, POKE_DELAY_MS),
    );
  };

  /** The platform's announcements changed: every open socket of every company hears it (decision 0072). */
  const announceToAll = () => {
    for (const [companyId, conns] of byCompany) {
      const over = expired(companyId);
      for (const c of conns) if (!over || c.actor.super) send(c.ws, { type: "announcements" });
    }
  };

  /** A company's invoice was paid (spec 3 §7 'company-{id}-payment', action CONCLUIDA; decision 0079). */
  const paymentMade = (payload: string) => {
    const { companyId, dueDate, invoiceId } = JSON.parse(payload) as {
      companyId: number;
      dueDate: string;
      invoiceId: number;
    };
    dueDates.set(companyId, dueDate);
    for (const c of byCompany.get(companyId) ?? []) {
      send(c.ws, { type: "payment", action: "CONCLUIDA", dueDate, invoiceId });
    }
  };

  /** `sessionId` is the new live session after a login, "" after a logout (no session left). */
  const endOtherSessions = (userId: number, sessionId: string) => {
    const reason = sessionId === "" ? "LOGGED_OUT" : "ERR_SESSION_EXPIRED";
    for (const conns of byCompany.values()) {
      for (const c of conns) {
        if (c.actor.id === userId && c.actor.claims.sessionId !== sessionId) {
          send(c.ws, { type: "logout", reason });
          c.ws.close(4001, "session ended");
        }
      }
    }
  };

  /** A company row changed (migration 0013's NOTIFY): its due date may have moved either way. */
  const companyChanged = async (companyId: number) => {
    if (!byCompany.has(companyId)) return;
    const { rows } = await opts.pool.query<{ due: string | null }>(
      "SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM companies WHERE id = $1",
      [companyId],
    );
    dueDates.set(companyId, rows[0]?.due ?? null);
    closeIfExpired(companyId);
  };

  const listener = await listen({
    databaseUrl: opts.databaseUrl,
    channels: [CHANGES_CHANNEL, SESSIONS_CHANNEL, USERS_CHANNEL, ANNOUNCEMENTS_CHANNEL, PAYMENTS_CHANNEL],
    name: "chatflow-realtime",
    onNotification: (channel, payload) => {
      if (channel === CHANGES_CHANNEL) poke(Number(payload));
      else if (channel === ANNOUNCEMENTS_CHANNEL) announceToAll();
      else if (channel === PAYMENTS_CHANNEL) paymentMade(payload);
      else if (channel === SESSIONS_CHANNEL && payload) {
        const [userId, sessionId] = payload.split(":");
        endOtherSessions(Number(userId), sessionId ?? "");
      } else if (channel === USERS_CHANNEL && payload.startsWith("c:")) {
        companyChanged(Number(payload.slice(2))).catch((err: Error) =>
          logger.error({ companyId: payload, reason: err.message }, "realtime: company check failed"),
        );
      }
    },
    // Changes made while the listener was down were never announced: every client pulls once.
    onUp: () => {
      for (const companyId of byCompany.keys()) poke(companyId);
    },
  });

  const handleUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const check = await checkToken(
      opts.pool,
      opts.tokens,
      url.searchParams.get("token") ?? undefined,
      opts.actors,
    ).catch(() => null);
    const actor = check?.actor;
    if (!actor) {
      // The statuses of the REST API: 403 for a token to refresh, 401 for a session that
      // ended (a browser cannot read them; the PWA asks the API why, realtime-socket.ts).
      // A failed check (database unreachable) says nothing about the token: try again later.
      const status = !check
        ? "503 Service Unavailable"
        : check.refused === "ERR_INVALID_TOKEN"
          ? "403 Forbidden"
          : "401 Unauthorized";
      refuseUpgrade(socket, status);
      return;
    }
    const dueDate = actor.company?.dueDate ?? null;
    if (!actor.super && isSubscriptionExpired({ id: actor.companyId, dueDate })) {
      // The REST API's 402: the PWA asks the API why and shows the billing page.
      socket.end("HTTP/1.1 402 Payment Required\r\nConnection: close\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      dueDates.set(actor.companyId, dueDate);
      const conn: Conn = { ws, actor };
      const set = byCompany.get(actor.companyId) ?? new Set();
      set.add(conn);
      byCompany.set(actor.companyId, set);
      ws.on("close", () => {
        set.delete(conn);
        if (set.size === 0 && byCompany.get(actor.companyId) === set) {
          byCompany.delete(actor.companyId);
          dueDates.delete(actor.companyId);
        }
      });
      ws.on("message", () => {
        /* presence signals (userStatus) arrive here; nothing to do in this slice */
      });
      send(ws, { type: "poke" });
    });
  };

  return {
    handleUpgrade: (req, socket, head) => void handleUpgrade(req, socket, head),
    connections: () => [...byCompany.values()].reduce((n, s) => n + s.size, 0),
    /**
     * Says goodbye to every socket with 1001 (going away: the app reconnects, behind a balancer to another core),
     * waits a moment for the closing handshakes, then cuts the ones that did not answer.
     */
    async close() {
      for (const t of pending.values()) clearTimeout(t);
      const clients = [...wss.clients];
      const gone = Promise.all(
        clients.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.readyState === c.CLOSED) return resolve();
              c.once("close", () => resolve());
              c.close(GOING_AWAY, "server restarting");
            }),
        ),
      );
      await Promise.race([gone, new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())]);
      for (const c of wss.clients) c.terminate();
      wss.close();
      await listener.close();
    },
  };
}
