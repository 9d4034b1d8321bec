// Closes live connections whose login session was ended by a newer login: core
// NOTIFYs `userId:sessionId` on every login (the same signal its realtime hub
// uses to send the logout frame), and every sync-server instance listens.
import { SESSIONS_CHANNEL } from "@chatflow/core/auth/session.ts";
import { listen } from "@chatflow/core/db/listener.ts";
import type { Hocuspocus } from "@hocuspocus/server";
import type pg from "pg";
import type { SyncContext } from "./authenticate-connection.ts";

export type SessionWatch = { stop(): Promise<void> };

/** Close code and reason the provider sees when its session ended elsewhere. */
export const SESSION_ENDED = { code: 4401, reason: "ERR_SESSION_EXPIRED" };

export function closeEndedSessions(hocuspocus: Hocuspocus, userId: number, liveSessionId: string): void {
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) {
      const actor = (connection.context as SyncContext | undefined)?.actor;
      if (actor?.id === userId && actor.claims.sessionId !== liveSessionId) connection.close(SESSION_ENDED);
    }
  }
}

export async function watchSessions(pool: pg.Pool, hocuspocus: Hocuspocus): Promise<SessionWatch> {
  // Its own connection (not a pooled one), which comes back after a database restart.
  const listener = await listen({
    databaseUrl: String(pool.options.connectionString),
    channels: [SESSIONS_CHANNEL],
    name: "chatflow-sync-sessions",
    onNotification: (_channel, payload) => {
      if (!payload) return;
      const [userId, sessionId = ""] = payload.split(":");
      closeEndedSessions(hocuspocus, Number(userId), sessionId);
    },
  });
  return { stop: () => listener.close() };
}
