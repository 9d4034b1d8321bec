// How each mutation's optimistic change is undone when the server refuses it.
// The server is the authority: a refused change must not linger as if it went through.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationName, TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import type { ChatflowDb } from "../store/db.ts";

type Rollback = (db: ChatflowDb, args: unknown, error: ErrorBody) => Promise<void>;

export const ROLLBACKS: Record<MutationName, Rollback> = {
  // The message stays visible, marked failed, so the agent sees what did not go out and why.
  sendMessage: async (db, args, error) => {
    const { id } = args as TSendMessageArgs;
    await db.messages.update(id, { ack: -1, errorCode: error.error });
  },
};

/** Tables a rollback may touch; the push transaction must include them. */
export const ROLLBACK_TABLES = ["messages", "tickets"] as const;
