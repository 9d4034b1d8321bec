// Closes live connections whose login session was ended by a newer login: core
// NOTIFYs `userId:sessionId` on every login (the same signal its realtime hub
// uses to send the logout frame), and every sync-server instance listens.
import { SESSIONS_CHANNEL } from "@chatflow/core/auth/session.ts";
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
  // A pooled client held for the process's life: LISTEN needs one connection that stays put.
  const client = await pool.connect();
  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== SESSIONS_CHANNEL || !msg.payload) return;
    const [userId, sessionId = ""] = msg.payload.split(":");
    closeEndedSessions(hocuspocus, Number(userId), sessionId);
  };
  client.on("notification", onNotification);
  client.on("error", (err) => console.error("sync-server session listener:", err.message));
  await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
  return {
    async stop() {
      client.off("notification", onNotification);
      // Destroyed rather than returned: a pooled client must not keep listening.
      client.release(true);
    },
  };
}
