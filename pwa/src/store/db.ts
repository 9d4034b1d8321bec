// The local replica in IndexedDB (Dexie): the inbox reads and writes here so it
// works with no network; the sync engine keeps it in step with core.

import type { ChatDTO, ChatMessageDTO } from "@chatflow/core/contract/chats.ts";
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
import type { ScheduleDTO } from "@chatflow/core/contract/schedules.ts";
import type { MutationName, TSendInteractiveMessageArgs } from "@chatflow/core/contract/sync.ts";
import { Dexie, type EntityTable } from "dexie";
import { REPLICA_TABLES } from "./replica-tables.ts";

/**
 * A media message written on this device, waiting to be uploaded (POST /messages/{ticketId}, multipart):
 * the file itself is kept here as a Blob until the server has stored the message under `id`.
 */
export type MediaUploadArgs = {
  kind?: "media";
  /** The message's UUIDv7: the optimistic row's id and the server's idempotency key. */
  id: string;
  ticketId: number;
  file: Blob;
  fileName: string;
  caption: string;
  isPrivate: boolean;
  quotedMsgId: string | null;
};

/** A button message with a header image (POST /messages/copy|call|URL/{ticketId}, the image in base64). */
export type InteractiveUploadArgs = {
  kind: "interactive";
  /** The message's UUIDv7, sent as the REST body's `id` (core's idempotency key). */
  id: string;
  ticketId: number;
  /** The header image. */
  file: Blob;
  fileName: string;
  /** Already checked with core's schema (send-interactive.ts). */
  message: HeaderedInteractive;
};

/** The interactive kinds that carry a header image. */
export type HeaderedInteractive = Extract<TSendInteractiveMessageArgs["message"], { type: "copy" | "call" | "url" }>;

export type UploadArgs = MediaUploadArgs | InteractiveUploadArgs;

type OutboxBase = {
  /** The mutation id the server dedupes on (uploads are deduped by their message id instead). */
  id: number;
  /** When it was queued (ISO), for display and debugging only. */
  queuedAt: string;
  /** The change already applied to a replicated row, undone if the server refuses (sync/optimistic.ts). */
  optimistic?: OptimisticChange;
};

/** Rows whose optimistic changes are undone on refusal and re-applied over a pull. */
export type OptimisticTable = "tickets" | "contacts" | "messages";

export type OptimisticChange = {
  table: OptimisticTable;
  /** The row's key: a number for tickets and contacts, the UUIDv7 of a message. */
  id: number | string;
  /** Fields written over the row; null removes the row (a deletion). */
  patch: Record<string, unknown> | null;
  /** The row as the server last gave it (null: none), restored if the server refuses. */
  base: TicketDTO | ContactDTO | MessageDTO | null;
};

/** One local change waiting to go to the server, in the order it was made. */
export type OutboxEntry = OutboxBase &
  ({ name: MutationName; args: unknown } | { name: typeof UPLOAD_ENTRY; args: UploadArgs });

/** The outbox entry kind of a media upload (not a push mutation: a file does not fit /sync/push). */
export const UPLOAD_ENTRY = "upload";

/** A closed ticket whose messages were evicted to keep the replica within its budget (sync/evict.ts). */
export type EvictionEntry = { ticketId: number; evictedAt: string };

export type MetaEntry = { key: string; value: unknown };

/** A REST answer kept for offline reading (lists the sync does not replicate: notes, tags, ticket log). */
export type CacheEntry = { key: string; value: unknown; fetchedAt: string };
/**
 * The company's tags as GET /tags and /tags/list last answered them (tags are not
 * replicated): pickers, the tags screen and the contacts' tag filter read them offline.
 */
export type CachedTag = TagDTO & { contactsCount?: number; ticketsCount?: number };

/** A mutation the server refused, kept so the screen that made it can say what happened (sync/refusal-store.ts). */
export type RefusalEntry = { id: number; name: MutationName; args: unknown; error: ErrorBody; at: string };

/** An internal chat in the replica (decision 0111): the server's row, or one made here whose create waits (no id). */
export type LocalChat = Omit<ChatDTO, "id"> & { id?: number };

/**
 * A chat message in the replica: the server's row, or one written here whose send waits in the outbox (no id yet:
 * 'pending'); `failed` holds the refusal's code when core refused it.
 */
export type LocalChatMessage = Omit<ChatMessageDTO, "id" | "chatId"> & {
  id?: number;
  chatId?: number;
  failed?: string;
};

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
  evictions: EntityTable<EvictionEntry, "ticketId">;
  cache: EntityTable<CacheEntry, "key">;
  tags: EntityTable<CachedTag, "id">;
  refusals: EntityTable<RefusalEntry, "id">;
  /** The company's scheduled messages (replicated: the /schedules calendar reads them, offline too). */
  schedules: EntityTable<ScheduleDTO, "id">;
  /** The internal chats this user is a member of, by uuid (a chat made offline has no id yet). */
  chats: EntityTable<LocalChat, "uuid">;
  /** Their messages, by uuid (the device's for one it wrote): the newest of each, and older ones once read. */
  chatMessages: EntityTable<LocalChatMessage, "uuid">;
};

export { REPLICA_TABLES };

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
  db.version(2).stores({ evictions: "ticketId" });
  // Version 4: REST answers kept for offline reading (the contact drawer's notes, tags, log).
  db.version(4).stores({ cache: "key" });
  // Version 6 (the admin screens): the tags cache and the refusals the screens read back.
  db.version(6).stores({ tags: "id", refusals: "++id, name" });
  // Version 7 (the ticket list): updatedAt orders the search tab across statuses. Ticket rows
  // now carry tagIds and rating; older rows lack them, so the tickets and the pull cursor go
  // and the next pull is a first pull that brings every ticket back whole.
  db.version(7)
    .stores({ tickets: "id, uuid, [status+updatedAt], contactId, updatedAt" })
    .upgrade(async (tx) => {
      await tx.table("tickets").clear();
      await tx.table("meta").delete("cursor");
    });
  // Version 9 (schedules): the replicated scheduled messages; sendAt (ISO) orders the calendar's range reads.
  // The cursor goes, so the next pull is a first one and brings the schedules made before this version.
  db.version(9)
    .stores({ schedules: "id, sendAt, contactId" })
    .upgrade((tx) => tx.table("meta").delete("cursor"));
  // Version 10 (the internal chat offline, decision 0111): chats by uuid (id for the pull's removals, updatedAt for
  // the list's order) and their messages in time order per chat. The cursor goes: the next pull brings the chats.
  db.version(10)
    .stores({ chats: "uuid, id, updatedAt", chatMessages: "uuid, id, [chatUuid+createdAt]" })
    .upgrade((tx) => tx.table("meta").delete("cursor"));
  return db;
}
