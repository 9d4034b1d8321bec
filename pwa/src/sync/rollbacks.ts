// How each mutation's optimistic change is undone when the server refuses it.
// The server is the authority: a refused change must not linger as if it went through.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationName, TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { contactRollbacks } from "../contacts/contact-rollbacks.ts";
import type { ChatflowDb } from "../store/db.ts";
import { rememberRefusal } from "./refusals.ts";

type Rollback = (db: ChatflowDb, args: unknown, error: ErrorBody) => Promise<void>;

const noLocalChange: Rollback = async () => {};

export const ROLLBACKS: Record<MutationName, Rollback> = {
  // The message stays visible, marked failed, so the agent sees what did not go out and why.
  sendMessage: async (db, args, error) => {
    const { id } = args as TSendMessageArgs;
    await db.messages.update(id, { ack: -1, errorCode: error.error });
  },
  // Ticket transitions are not applied to the replica before the server answers
  // (the server decides owner, status and notices), so a refusal has nothing to undo;
  // the person is told why through onRejected.
  acceptTicket: noLocalChange,
  returnTicket: noLocalChange,
  transferTicket: noLocalChange,
  resolveTicket: noLocalChange,
  ignoreTicket: noLocalChange,
  reopenTicket: noLocalChange,
  // Edits and deletions of the agent's own messages wait for the server too (it checks
  // the author and the 15-minute window); the pulled row then replaces the local one.
  editMessage: noLocalChange,
  deleteMessage: noLocalChange,
  // The other inbox mutations are not applied to the replica ahead of the server either:
  // their result arrives with the next pull, so a refusal leaves nothing to undo.
  // The screen that started the ticket reads the refusal back (the open-ticket notice names the holder).
  createTicket: rememberRefusal("createTicket"),
  deleteTicket: noLocalChange,
  closeAllTickets: noLocalChange,
  forwardMessage: noLocalChange,
  sendInteractiveMessage: noLocalChange,
  createTag: noLocalChange,
  syncContactTags: noLocalChange,
  addTicketTag: noLocalChange,
  removeTicketTags: noLocalChange,
  removeContactTag: noLocalChange,
  createTicketNote: noLocalChange,
  deleteTicketNote: noLocalChange,
  // The contacts screen's writes change the replica at once; these undo them (contacts/contact-rollbacks.ts).
  ...contactRollbacks,
  toggleAcceptAudio: noLocalChange,
  toggleDisableBot: noLocalChange,
};

/** Tables a rollback may touch; the push transaction must include them. */
export const ROLLBACK_TABLES = ["messages", "tickets", "contacts", "refusals"] as const;
