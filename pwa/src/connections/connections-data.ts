// The connections area's data (issue 20: screens call hooks; this file owns the paths and tables). Managing
// connections is admin REST (/whatsapp, /whatsappsession, ...); the replica's connections (whatsapps) are the
// reference list every screen reads and the table shown offline.
import type { WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../app-db.ts";

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
