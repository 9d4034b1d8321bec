// The local replica in IndexedDB (Dexie): the inbox reads and writes here so it
// works with no network; the sync engine keeps it in step with core.

import type { TagDTO } from "@chatflow/core/contract/contacts.ts";
import type {
  ContactDTO,
  MessageDTO,
  PublicUserDTO,
  QueueDTO,
  TicketDTO,
  UserDTO,
  WhatsappDTO,
} from "@chatflow/core/contract/entities.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { EntityName, MutationName } from "@chatflow/core/contract/sync.ts";
import { Dexie, type EntityTable } from "dexie";

/** One local change waiting to be pushed; `id` is the mutation id the server dedupes on. */
export type OutboxEntry = {
  id: number;
  name: MutationName;
  args: unknown;
  /** When it was queued (ISO), for display and debugging only. */
  queuedAt: string;
};

export type MetaEntry = { key: string; value: unknown };

/**
 * The company's tags as GET /tags and /tags/list last answered them (tags are not
 * replicated): pickers, the tags screen and the contacts' tag filter read them offline.
 */
export type CachedTag = TagDTO & { contactsCount?: number; ticketsCount?: number };

/** A mutation the server refused, kept so the screen that made it can say what happened (sync/refusals.ts). */
export type RefusalEntry = { id: number; name: MutationName; args: unknown; error: ErrorBody; at: string };

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
  tags: EntityTable<CachedTag, "id">;
  refusals: EntityTable<RefusalEntry, "id">;
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
  // Version 6 (the admin screens): the tags cache and the refusals the screens read back.
  db.version(6).stores({ tags: "id", refusals: "++id, name" });
  return db;
}
