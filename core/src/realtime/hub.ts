// The realtime WebSocket (/ws?token=...): pokes a company's clients when its
// data changed (LISTEN on the change channel, so every core instance pokes its
// own sockets) and sends the logout frame to sessions a newer login ended.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type pg from "pg";
import { WebSocket, WebSocketServer } from "ws";
import type { ActorCache } from "../auth/actor-cache.ts";
import { type Actor, checkToken } from "../auth/authenticate.ts";
import { SESSIONS_CHANNEL } from "../auth/session.ts";
import type { Tokens } from "../auth/tokens.ts";
import type { ServerFrame } from "../contract/sync.ts";
import { listen } from "../db/listener.ts";
import { CHANGES_CHANNEL } from "../sync/change-log.ts";
import { refuseUpgrade } from "./upgrade-router.ts";

type Conn = { ws: WebSocket; actor: Actor };

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

  const send = (ws: WebSocket, frame: ServerFrame) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  const poke = (companyId: number) => {
    if (pending.has(companyId) || !byCompany.has(companyId)) return;
    pending.set(
      companyId,
      setTimeout(() => {
        pending.delete(companyId);
        for (const c of byCompany.get(companyId) ?? []) send(c.ws, { type: "poke" });
      }, POKE_DELAY_MS),
    );
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

  const listener = await listen({
    databaseUrl: opts.databaseUrl,
    channels: [CHANGES_CHANNEL, SESSIONS_CHANNEL],
    name: "chatflow-realtime",
    onNotification: (channel, payload) => {
      if (channel === CHANGES_CHANNEL) poke(Number(payload));
      else if (channel === SESSIONS_CHANNEL && payload) {
        const [userId, sessionId] = payload.split(":");
        endOtherSessions(Number(userId), sessionId ?? "");
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
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = { ws, actor };
      const set = byCompany.get(actor.companyId) ?? new Set();
      set.add(conn);
      byCompany.set(actor.companyId, set);
      ws.on("close", () => {
        set.delete(conn);
        if (set.size === 0) byCompany.delete(actor.companyId);
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
    async close() {
      for (const t of pending.values()) clearTimeout(t);
      for (const c of wss.clients) c.terminate();
      wss.close();
      await listener.close();
    },
  };
}
