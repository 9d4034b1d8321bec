// How each mutation's optimistic change is undone when the server refuses it.
// The server is the authority: a refused change must not linger as if it went through.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationName, TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { chatRollbacks } from "../chats/chat-writes.ts";
import { contactRollbacks } from "../contacts/contact-rollbacks.ts";
import type { ChatflowDb } from "../store/db.ts";
import { rememberRefusal } from "./refusal-store.ts";

type Rollback = (db: ChatflowDb, args: unknown, error: ErrorBody) => Promise<void>;

const noLocalChange: Rollback = async () => {};

/** An optimistic outgoing message stays visible, marked failed with the refusal's code. */
const markFailed: Rollback = async (db, args, error) => {
  const { id } = args as { id: string };
  await db.messages.update(id, { ack: -1, errorCode: error.error });
};

export const ROLLBACKS: Record<MutationName, Rollback> = {
  // The message stays visible, marked failed, so the agent sees what did not go out and why.
  // The server stored nothing: the refused send is kept on the row so that 'Tentar novamente'
  // can queue the same send again (tickets/message-view/message-actions.ts).
  sendMessage: async (db, args, error) => {
    const send = args as TSendMessageArgs;
    await db.messages.update(send.id, { ack: -1, errorCode: error.error, dataJson: { refusedSend: send } });
  },
  // Contact cards and interactive messages are written to the replica at once too (tickets/send-contact.ts,
  // send-interactive.ts): a refusal marks them failed the same way.
  sendContact: markFailed,
  sendInteractiveMessage: markFailed,
  sendTemplate: markFailed,
  sendPoll: markFailed,
  // Ticket transitions, ticket deletion and the contact's own fields (edit, block, the two
  // switches) are applied to the replica at once and carry their undo with the outbox entry
  // (sync/optimistic.ts), which push runs before these; nothing more to do here.
  acceptTicket: noLocalChange,
  returnTicket: noLocalChange,
  transferTicket: noLocalChange,
  resolveTicket: noLocalChange,
  ignoreTicket: noLocalChange,
  reopenTicket: noLocalChange,
  deleteTicket: noLocalChange,
  toggleAcceptAudio: noLocalChange,
  toggleDisableBot: noLocalChange,
  // The contact drawer shows its tags and notes as the cached REST answer with the waiting
  // entries laid over it (tickets/contact-drawer-data.ts): an answered entry leaves the outbox,
  // and with it its local effect.
  syncContactTags: noLocalChange,
  createTicketNote: noLocalChange,
  deleteTicketNote: noLocalChange,
  // Edits, deletions and retries of the agent's own messages are applied to the replica at
  // once and carry their undo with the outbox entry (sync/optimistic.ts): the server checks the
  // author and the 15-minute window, and a refusal puts the message back as it was.
  editMessage: noLocalChange,
  deleteMessage: noLocalChange,
  retryMessage: noLocalChange,
  // The other inbox mutations are not applied to the replica ahead of the server either:
  // their result arrives with the next pull, so a refusal leaves nothing to undo.
  // The screen that started the ticket reads the refusal back (the open-ticket notice names the holder).
  createTicket: rememberRefusal("createTicket"),
  closeAllTickets: noLocalChange,
  forwardMessage: noLocalChange,
  createTag: noLocalChange,
  // The tag dialog and the tags screen read these back to show why (tags/tags-data.ts).
  updateTag: rememberRefusal("updateTag"),
  deleteTag: rememberRefusal("deleteTag"),
  addTicketTag: noLocalChange,
  removeTicketTags: noLocalChange,
  removeContactTag: noLocalChange,
  // The board writes the ticket's new tagIds to the replica at once and carries the undo with the outbox entry
  // (sync/optimistic.ts), which push runs first.
  moveTicketLane: noLocalChange,
  // The contacts screen marks its writes on the contact row (contacts/contact-writes.ts); these undo them.
  // The drawer's edits carry their own undo (sync/optimistic.ts), which runs first; a row with no
  // mark from the contacts screen is left as that undo made it.
  ...contactRollbacks,
  // The internal chat (chats/chat-writes.ts, decision 0111): a refused message is marked failed, a refused chat goes.
  ...chatRollbacks,
};

/** Tables a rollback (or an optimistic change's undo, sync/optimistic.ts) may touch; the push transaction includes them. */
export const ROLLBACK_TABLES = ["messages", "tickets", "contacts", "refusals", "chats", "chatMessages"] as const;
