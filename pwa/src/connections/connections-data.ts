// The connections area's data (issue 20: screens call hooks; this file owns the paths and tables). Managing
// connections is admin REST (/whatsapp, /whatsappsession, ...); the replica's connections (whatsapps) are the
// reference list every screen reads and the table shown offline.
import type { WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import type {
  AllConnectionsRow,
  ConnectionDialogReferences,
  WhatsappAnswer,
} from "@chatflow/core/contract/whatsapps.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useRestQuery } from "../api/use-rest-query.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useQueuesByName } from "../queues/queues-data.ts";
import { useCompanySettings } from "../settings/settings-data.ts";
import { type ConnectionForm, saveConnection } from "./connection-form.ts";
import { connectFacebook, type FacebookForm } from "./facebook-connect.ts";

/** The replica's connections; undefined while the store opens. */
export function useReplicaWhatsapps(): WhatsappDTO[] | undefined {
  return useLiveQuery(() => db.whatsapps.toArray(), []);
}

/** The replica's connections in id order, [] until the store opens. */
export function useWhatsappsById(): WhatsappDTO[] {
  return useLiveQuery(() => db.whatsapps.orderBy("id").toArray(), [], []);
}

/** One connection of the replica; null for no id or none found, undefined while reading. */
export function useReplicaWhatsapp(id: number | null): WhatsappDTO | null | undefined {
  return useLiveQuery(async () => (id === null ? null : ((await db.whatsapps.get(id)) ?? null)), [id]);
}

/** Calls `reload` each time `cue` changes after its first value (a replica row written elsewhere). */
function useReloadOnChange(cue: unknown, reload: () => Promise<void>): void {
  const seen = useRef<{ cue: unknown } | null>(null);
  useEffect(() => {
    if (cue === undefined) return;
    if (seen.current !== null && seen.current.cue !== cue) void reload();
    seen.current = { cue };
  }, [cue, reload]);
}

export type ConnectionSession = Pick<WhatsappAnswer, "qrcode" | "pairingCode" | "status" | "statusReason">;

/** How often another company's connection is asked again: the super user's replica does not hold it. */
export const OTHER_COMPANY_POLL_MS = 2000;

/**
 * A connection's QR code or pairing code and status (GET /whatsapp/{id}); any write to the replica's row
 * (status, or a change recorded with a new code) is the cue to ask again. Another company's connection (the super
 * user's /allConnections) has no replica row: it is asked again every OTHER_COMPANY_POLL_MS. null until the first
 * answer.
 */
export function useConnectionSession(id: number, otherCompany = false): ConnectionSession | null {
  const row = useLiveQuery(() => db.whatsapps.get(id), [id]);
  const query = useRestQuery<WhatsappAnswer>(`/whatsapp/${id}`);
  useReloadOnChange(row, query.reload);
  const { reload } = query;
  useEffect(() => {
    if (!otherCompany) return;
    const timer = setInterval(() => void reload(), OTHER_COMPANY_POLL_MS);
    return () => clearInterval(timer);
  }, [otherCompany, reload]);
  const w = query.data;
  return useMemo(
    () =>
      w
        ? {
            qrcode: w.qrcode ?? null,
            pairingCode: w.pairingCode ?? null,
            status: w.status,
            statusReason: w.statusReason ?? null,
          }
        : null,
    [w],
  );
}

/** Asks core for a pairing code for a phone number instead of a QR code. */
export function useAskPairingCode() {
  return useCallback(async (id: number, phoneNumber: string) => {
    await api.post(`/whatsappsession/${id}`, { phoneNumber });
  }, []);
}

/** Every company's connections for the super user (GET /whatsapp/all), while online. */
export function useAllConnections(online: boolean) {
  return useRestQuery<AllConnectionsRow[]>(online ? "/whatsapp/all" : null);
}

/**
 * Another company's connection and what its dialog reads from that company (GET /whatsapp-admin/{id} and
 * GET /whatsapp-admin/{id}/references; the super user's, decision 0105), while `id` is set and online.
 */
export function useCompanyConnection(id: number | null, online: boolean) {
  const connection = useRestQuery<WhatsappAnswer>(id !== null && online ? `/whatsapp-admin/${id}` : null);
  const references = useRestQuery<ConnectionDialogReferences>(
    id !== null && online ? `/whatsapp-admin/${id}/references` : null,
  );
  return {
    connection: connection.data ?? null,
    references: references.data ?? null,
    failed: connection.error !== null || references.error !== null,
  };
}

/** The super user ends another company's connection session. */
export function useAdminDisconnect() {
  return useCallback(async (id: number) => {
    await api.delete(`/whatsappsession/admin/${id}`);
  }, []);
}

const SETTING_COLUMNS = ["scheduleType", "userRating"] as const;

/**
 * The connections table: core's rows (GET /whatsapp) when online, asked again whenever the replica's
 * whatsapps rows are written (every session change the worker or an admin makes records one); `replica` is
 * the copy shown offline. With the queues for the modal and the company settings the modal depends on.
 */
export function useConnectionTable(online: boolean) {
  const replica = useReplicaWhatsapps();
  const queues = useQueuesByName();
  const server = useRestQuery<WhatsappAnswer[]>(online ? "/whatsapp" : null);
  useReloadOnChange(replica, server.reload);
  const answered = useCompanySettings(SETTING_COLUMNS, online);
  const settings = useMemo(
    () => ({ scheduleType: answered?.scheduleType ?? "disabled", userRating: answered?.userRating === "enabled" }),
    [answered],
  );
  return {
    replica,
    queues,
    server: server.data ?? null,
    loadError: server.error !== null,
    reload: server.reload,
    settings,
  };
}

/** The session and connection actions of the table (REST; each answers when core has taken it). */
export function useConnectionActions() {
  return useMemo(
    () => ({
      restartAll: () => api.post("/whatsapp-restart/", {}),
      retry: (id: number) => api.post(`/whatsappsession/${id}`, {}),
      /** Asks for a new QR code; it arrives through the replica's row. */
      newQr: (id: number) => api.put(`/whatsappsession/${id}`, {}),
      remove: (id: number) => api.delete(`/whatsapp/${id}`),
      disconnect: (id: number) => api.delete(`/whatsappsession/${id}`),
      closeImported: (id: number) => api.post(`/closedimported/${id}`, {}),
    }),
    [],
  );
}

export function useSaveConnection() {
  return useCallback(
    (form: ConnectionForm, existing: { id: number } | null, o: { withHours: boolean }) =>
      saveConnection(api, form, existing, o),
    [],
  );
}

/** Connects the Facebook pages or Instagram accounts of a social login (POST /facebook). */
export function useConnectFacebook() {
  return useCallback((form: FacebookForm) => connectFacebook(api, form), []);
}

/** The greeting's media of a saved connection (POST/DELETE /whatsapp/{id}/media-upload): each answers the connection. */
export function useGreetingMedia() {
  return useMemo(
    () => ({
      upload(id: number, file: File) {
        const form = new FormData();
        form.append("file", file, file.name);
        return api.postForm<WhatsappAnswer>(`/whatsapp/${id}/media-upload`, form);
      },
      remove: (id: number) => api.delete<WhatsappAnswer>(`/whatsapp/${id}/media-upload`),
    }),
    [],
  );
}
