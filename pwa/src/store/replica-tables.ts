// The tables the server replicates into, apart from db.ts so that code on the first screen (the session's start)
// names them without carrying Dexie (decision 0081).
import type { EntityName } from "@chatflow/core/contract/sync.ts";

/** The tables the server replicates into; the order matches PullResponse.put. */
export const REPLICA_TABLES = [
  "tickets",
  "messages",
  "contacts",
  "queues",
  "whatsapps",
  "users",
  "schedules",
  "chats",
  "chatMessages",
] as const satisfies readonly EntityName[];
