// Keeps open co-editing connections within their rights, without waiting for the
// next connection: a newer login or a logout closes the session's connections at
// once (core NOTIFYs chatflow_sessions); a change to a user or their company
// (chatflow_users, migration 0013: profile, deletion, due date) re-reads the rows
// and closes, downgrades or upgrades each affected connection; and a periodic
// sweep catches what no write announces, a due date passing at midnight.

import { encodeAccessChange } from "@chatflow/core/contract/documents/access-change.ts";
import { SESSIONS_CHANNEL, USERS_CHANNEL } from "@chatflow/core/contract/topics.ts";
import { listen } from "@chatflow/core/db/listener.ts";
import { logger } from "@chatflow/core/kernel/logger.ts";
import { type Connection, type Hocuspocus, OutgoingMessage } from "@hocuspocus/server";
import type pg from "pg";
import type { SyncContext } from "./authenticate-connection.ts";
import { CLOSE_SESSION_ENDED, loadAccessRows, type Rights, rightsNow } from "./connection-rights.ts";

export type AccessWatch = {
  /** Re-reads the rights of every open connection now (what the sweep does). */
  reviewAll(): Promise<void>;
  /**
   * Re-reads one connection's rights once it is set up: a change committed between its
   * authentication and the moment it joined its document found nothing to act on.
   */
  reviewConnection(connection: Connection): Promise<void>;
  stop(): Promise<void>;
};

type Live = { connection: Connection; context: SyncContext };

function liveConnections(hocuspocus: Hocuspocus, match: (c: SyncContext) => boolean): Live[] {
  const found: Live[] = [];
  for (const document of hocuspocus.documents.values()) {
    for (const connection of document.getConnections()) {
      const context = connection.context as SyncContext | undefined;
      if (context?.actor && match(context)) found.push({ connection, context });
    }
  }
  return found;
}

/** Closes the user's connections of every session but `liveSessionId` ("" after a logout: all of them). */
export function closeEndedSessions(hocuspocus: Hocuspocus, userId: number, liveSessionId: string): void {
  for (const { connection } of liveConnections(
    hocuspocus,
    (c) => c.actor.id === userId && c.actor.claims.sessionId !== liveSessionId,
  )) {
    connection.close(CLOSE_SESSION_ENDED);
  }
}

function apply(connection: Connection, rights: Rights): void {
  if ("close" in rights) {
    connection.close(rights.close);
    return;
  }
  if (connection.readOnly === rights.readOnly) return;
  // Hocuspocus checks readOnly on every incoming update, so the next one is already judged by the new rights.
  connection.readOnly = rights.readOnly;
  connection.sendStateless(encodeAccessChange(rights.readOnly ? "readonly" : "read-write"));
  if (!rights.readOnly) {
    // Edits the provider made while read-only were refused, and Yjs holds its later ones back until those
    // arrive: asking for everything the server lacks makes the provider send them again.
    const ask = new OutgoingMessage(connection.messageAddress)
      .createSyncMessage()
      .writeFirstSyncStepFor(connection.document);
    connection.send(ask.toUint8Array());
  }
}

export async function watchAccess(
  pool: pg.Pool,
  hocuspocus: Hocuspocus,
  o: { sweepMs: number; log?: (message: string) => void },
): Promise<AccessWatch> {
  const log = o.log ?? ((m: string) => logger.warn(m));
  // A review reads the rows after its trigger; a later review of the same user may
  // finish first. Only the newest review of a user applies its verdict.
  let sequence = 0;
  const newest = new Map<number, number>();

  const review = (match: (c: SyncContext) => boolean) => reviewTargets(liveConnections(hocuspocus, match));

  const reviewTargets = async (targets: Live[]): Promise<void> => {
    if (targets.length === 0) return;
    const mine = ++sequence;
    const userIds = [...new Set(targets.map((t) => t.context.actor.id))];
    for (const id of userIds) newest.set(id, mine);
    try {
      const rows = await loadAccessRows(pool, userIds);
      for (const { connection, context } of targets) {
        if (newest.get(context.actor.id) !== mine) continue;
        apply(connection, rightsNow(context.actor.claims, rows.get(context.actor.id), context.document));
      }
    } finally {
      for (const id of userIds) if (newest.get(id) === mine) newest.delete(id);
    }
  };

  const reviewLogged = (match: (c: SyncContext) => boolean) =>
    review(match).catch((err: Error) => log(`sync-server: access review failed (${err.message}); the sweep retries`));

  const listener = await listen({
    databaseUrl: String(pool.options.connectionString),
    channels: [SESSIONS_CHANNEL, USERS_CHANNEL],
    name: "chatflow-sync-access",
    onNotification: (channel, payload) => {
      if (!payload) return;
      if (channel === SESSIONS_CHANNEL) {
        // `userId:liveSessionId`: known without a read, so closed in this very tick.
        const [userId, sessionId = ""] = payload.split(":");
        closeEndedSessions(hocuspocus, Number(userId), sessionId);
        return;
      }
      const [scope, id] = payload.split(":");
      const target = Number(id);
      if (scope === "u") void reviewLogged((c) => c.actor.id === target);
      else if (scope === "c") void reviewLogged((c) => c.actor.companyId === target || c.document.companyId === target);
    },
    // Changes made while the listener was down were never announced.
    onUp: () => void reviewLogged(() => true),
  });
  const sweep = setInterval(() => void reviewLogged(() => true), o.sweepMs);
  sweep.unref();

  return {
    reviewAll: () => review(() => true),
    reviewConnection: (connection) => {
      const context = connection.context as SyncContext | undefined;
      return context?.actor ? reviewTargets([{ connection, context }]) : Promise.resolve();
    },
    async stop() {
      clearInterval(sweep);
      await listener.close();
    },
  };
}
