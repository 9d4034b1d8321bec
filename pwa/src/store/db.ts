// The local replica in IndexedDB (Dexie): the inbox reads and writes here so it
// works with no network; the sync engine keeps it in step with core.

import type {
  ContactDTO,
  MessageDTO,
  PublicUserDTO,
  QueueDTO,
  TicketDTO,
  UserDTO,
  WhatsappDTO,
} from "@chatflow/core/contract/entities.ts";
import type { EntityName, MutationName } from "@chatflow/core/contract/sync.ts";
import { Dexie, type EntityTable } from "dexie";

/** One local change waiting to be pushed; `id` is the mutation id the server dedupes on. */
export type OutboxEntry = {
  id: number;
  name: MutationName;
  args: unknown;
  /** When it was queued (ISO), for display and debugging only. */
  queuedAt: string;
  /** The change already applied to a replicated row, undone if the server refuses (sync/optimistic.ts). */
  optimistic?: OptimisticChange;
};

/** Rows whose optimistic changes are undone on refusal and re-applied over a pull. */
export type OptimisticTable = "tickets" | "contacts";

export type OptimisticChange = {
  table: OptimisticTable;
  id: number;
  /** Fields written over the row; null removes the row (a deletion). */
  patch: Record<string, unknown> | null;
  /** The row as the server last gave it (null: none), restored if the server refuses. */
  base: TicketDTO | ContactDTO | null;
};

export type MetaEntry = { key: string; value: unknown };

/** A REST answer kept for offline reading (lists the sync does not replicate: notes, tags, ticket log). */
export type CacheEntry = { key: string; value: unknown; fetchedAt: string };

export type ChatflowDb = Dexie & {
  tickets: EntityTable<TicketDTO, "id">;
  messages: EntityTable<MessageDTO, "id">;
  contacts: EntityTable<ContactDTO, "id">;
  queues: EntityTable<QueueDTO, "id">;
  whatsapps: EntityTable<WhatsappDTO, "id">;
  /** Colleagues as core lets this user read them: whole rows for admins, PublicUserDTO for plain users. */
  users: EntityTable<UserDTO | PublicUserDTO, "id">;
  outbox: EntityTable<OutboxEntry, "id">;
  meta: EntityTable<MetaEntry, "key">;
  cache: EntityTable<CacheEntry, "key">;
};

/** The tables the server replicates into; the order matches PullResponse.put. */
export const REPLICA_TABLES = [
  "tickets",
  "messages",
  "contacts",
  "queues",
  "whatsapps",
  "users",
] as const satisfies readonly EntityName[];

export function openDb(name = "chatflow"): ChatflowDb {
  const db = new Dexie(name) as ChatflowDb;
  db.version(1).stores({
    // [status+updatedAt] serves the list tabs already sorted; uuid serves /tickets/:uuid.
    tickets: "id, uuid, [status+updatedAt], contactId",
    // createdAt is an ISO string, so the compound index sorts a conversation in time order.
    messages: "id, [ticketId+createdAt]",
    contacts: "id",
    queues: "id",
    whatsapps: "id",
    users: "id",
    // Auto-increment keys never go back, even after clear(): mutation ids keep increasing per client.
    outbox: "++id",
    meta: "key",
  });
  // Version 4 (2 and 3 are left to other work in flight): REST answers kept for offline reading.
  db.version(4).stores({ cache: "key" });
  return db;
}
