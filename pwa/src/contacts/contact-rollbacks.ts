// How a refused contact change is undone (the push runs these inside its transaction,
// sync/rollbacks.ts). Kept apart from contact-writes.ts so the sync code loads no schemas.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { ChatflowDb } from "../store/db.ts";
import type { BlockArgs, ContactRef, LocalContact, UpdateArgs } from "./contact-writes.ts";

/** Puts back what a refused change replaced. */
async function restoreBefore(db: ChatflowDb, contactId: number): Promise<void> {
  const row = (await db.contacts.get(contactId)) as LocalContact | undefined;
  if (!row?.local?.before) return;
  const { local, ...rest } = row;
  const { before, ...still } = local;
  await db.contacts.put({ ...rest, ...before, ...(Object.keys(still).length > 0 ? { local: still } : {}) });
}

async function undoDelete(db: ChatflowDb, contactId: number): Promise<void> {
  const row = (await db.contacts.get(contactId)) as LocalContact | undefined;
  if (!row?.local?.deleting) return;
  const { deleting: _, ...still } = row.local;
  const { local: _old, ...rest } = row;
  await db.contacts.put({ ...rest, ...(Object.keys(still).length > 0 ? { local: still } : {}) });
}

type Rollback = (db: ChatflowDb, args: unknown, error: ErrorBody) => Promise<void>;

/** The push's rollbacks of the contact mutations (sync/rollbacks.ts). */
export const contactRollbacks = {
  // Nothing was written to the replica: the pending row was the outbox entry, now gone.
  createContact: async () => {},
  updateContact: (db, args) => restoreBefore(db, (args as UpdateArgs).contactId as number),
  blockContact: (db, args) => restoreBefore(db, (args as BlockArgs).contactId as number),
  deleteContact: (db, args) => undoDelete(db, (args as ContactRef).contactId as number),
} satisfies Record<string, Rollback>;
