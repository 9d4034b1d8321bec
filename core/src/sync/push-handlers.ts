// What each sync push mutation runs: its args parsed with the contract's schema, then
// the same use-case function the REST route calls (permissions and company scoping live there).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { memberChatIdByUuid } from "../chats/chat-queries.ts";
import { readChat } from "../chats/read-chat.ts";
import { blockContact } from "../contacts/block-contact.ts";
import { createContact } from "../contacts/create-contact.ts";
import { deleteContact } from "../contacts/delete-contact.ts";
import { toggleAcceptAudio, toggleDisableBot } from "../contacts/toggle-contact-flag.ts";
import { updateContact } from "../contacts/update-contact.ts";
import { MUTATIONS, type MutationName } from "../contract/sync.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { moveTicketLane } from "../kanban/move-ticket-lane.ts";
import { parse, planFeatureMissing } from "../kernel/errors.ts";
import { deleteMessage } from "../messages/delete-message.ts";
import { editMessage } from "../messages/edit-message.ts";
import { forwardMessage } from "../messages/forward-message.ts";
import { retryMessage } from "../messages/retry-message.ts";
import { sendContactCard } from "../messages/send-contact-card.ts";
import { sendInteractiveMessage } from "../messages/send-interactive-message.ts";
import { sendPollMessage } from "../messages/send-poll-message.ts";
import { sendTemplateMessage } from "../messages/send-template-message.ts";
import { loadPlanFlags } from "../plans/company-access.ts";
import { addTicketTag } from "../tags/add-ticket-tag.ts";
import { removeContactTag } from "../tags/remove-contact-tag.ts";
import { removeTicketTags } from "../tags/remove-ticket-tags.ts";
import { syncContactTags } from "../tags/sync-contact-tags.ts";
import { createTicketNote } from "../ticket-notes/create-ticket-note.ts";
import { deleteTicketNote } from "../ticket-notes/delete-ticket-note.ts";
import { acceptTicket } from "../tickets/accept-ticket.ts";
import { closeAllTickets } from "../tickets/close-all-tickets.ts";
import { resolveTicket } from "../tickets/close-ticket.ts";
import { createTicket } from "../tickets/create-ticket.ts";
import { deleteTicket } from "../tickets/delete-ticket.ts";
import { ignoreTicket } from "../tickets/ignore-ticket.ts";
import { reopenTicket } from "../tickets/reopen-ticket.ts";
import { returnTicket } from "../tickets/return-ticket.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { transferTicket } from "../tickets/transfer-ticket.ts";

/** Runs one mutation inside the push's transaction; what it answers is not sent back (the pull carries it). */
export type Handler = (client: pg.ClientBase, actor: Actor, args: unknown) => Promise<unknown>;

const m = MUTATIONS;

// On the company EntityManager: loaded with MikroORM on the first call (decision 0039).
const createTag = lazyUseCase(async () => (await import("../tags/create-tag.ts")).createTag);
const updateTag = lazyUseCase(async () => (await import("../tags/update-tag.ts")).updateTag);
const deleteTag = lazyUseCase(async () => (await import("../tags/delete-tag.ts")).deleteTag);
const createChat = lazyUseCase(async () => (await import("../chats/create-chat.ts")).createChat);
const sendChatMessage = lazyUseCase(async () => (await import("../chats/send-chat-message.ts")).sendChatMessage);

/** ERR_NO_PERMISSION for a company whose plan has useInternalChat off (chat-routes.ts refuses its REST calls so). */
async function requireInternalChat(client: pg.ClientBase, actor: Actor): Promise<void> {
  const flags = await loadPlanFlags(client, actor.companyId);
  if (flags && !flags.useInternalChat) throw planFeatureMissing();
}

export const HANDLERS: Record<MutationName, Handler> = {
  sendMessage: (client, actor, args) => sendMessage(client, actor, parse(m.sendMessage, args)),
  editMessage: (client, actor, args) => editMessage(client, actor, parse(m.editMessage, args)),
  deleteMessage: (client, actor, args) => deleteMessage(client, actor, parse(m.deleteMessage, args)),
  retryMessage: (client, actor, args) => retryMessage(client, actor, parse(m.retryMessage, args)),
  acceptTicket: (client, actor, args) => acceptTicket(client, actor, parse(m.acceptTicket, args)),
  returnTicket: (client, actor, args) => returnTicket(client, actor, parse(m.returnTicket, args)),
  transferTicket: (client, actor, args) => transferTicket(client, actor, parse(m.transferTicket, args)),
  resolveTicket: (client, actor, args) => resolveTicket(client, actor, parse(m.resolveTicket, args)),
  ignoreTicket: (client, actor, args) => ignoreTicket(client, actor, parse(m.ignoreTicket, args)),
  reopenTicket: (client, actor, args) => reopenTicket(client, actor, parse(m.reopenTicket, args)),

  createTicket: (client, actor, args) => {
    const input = parse(m.createTicket, args);
    return createTicket(client, actor, { ...input, userId: input.userId ?? null });
  },
  deleteTicket: (client, actor, args) => deleteTicket(client, actor, parse(m.deleteTicket, args)),
  closeAllTickets: (client, actor, args) => closeAllTickets(client, actor, parse(m.closeAllTickets, args)),

  forwardMessage: (client, actor, args) => forwardMessage(client, actor, parse(m.forwardMessage, args)),
  sendInteractiveMessage: (client, actor, args) =>
    sendInteractiveMessage(client, actor, parse(m.sendInteractiveMessage, args)),
  sendContact: (client, actor, args) => sendContactCard(client, actor, parse(m.sendContact, args)),
  sendTemplate: (client, actor, args) => sendTemplateMessage(client, actor, parse(m.sendTemplate, args)),
  sendPoll: (client, actor, args) => sendPollMessage(client, actor, parse(m.sendPoll, args)),

  createTag: (client, actor, args) => createTag(client, actor, parse(m.createTag, args)),
  updateTag: (client, actor, args) => {
    const { tagId, ...input } = parse(m.updateTag, args);
    return updateTag(client, actor, tagId, input);
  },
  deleteTag: (client, actor, args) => deleteTag(client, actor, parse(m.deleteTag, args).tagId),
  syncContactTags: (client, actor, args) => syncContactTags(client, actor, parse(m.syncContactTags, args)),
  addTicketTag: (client, actor, args) => {
    const { ticketId, tagId } = parse(m.addTicketTag, args);
    return addTicketTag(client, actor, ticketId, tagId);
  },
  removeTicketTags: (client, actor, args) => removeTicketTags(client, actor, parse(m.removeTicketTags, args).ticketId),
  removeContactTag: (client, actor, args) => {
    const { tagId, contactId } = parse(m.removeContactTag, args);
    return removeContactTag(client, actor, tagId, contactId);
  },

  moveTicketLane: (client, actor, args) => moveTicketLane(client, actor, parse(m.moveTicketLane, args)),

  createTicketNote: (client, actor, args) => createTicketNote(client, actor, parse(m.createTicketNote, args)),
  deleteTicketNote: (client, actor, args) => deleteTicketNote(client, actor, parse(m.deleteTicketNote, args).noteId),

  createContact: (client, actor, args) => createContact(client, actor, parse(m.createContact, args)),
  updateContact: (client, actor, args) => {
    const { contactId, ...input } = parse(m.updateContact, args);
    return updateContact(client, actor, contactId, input);
  },
  deleteContact: (client, actor, args) => deleteContact(client, actor, parse(m.deleteContact, args).contactId),
  blockContact: (client, actor, args) => {
    const { contactId, active } = parse(m.blockContact, args);
    return blockContact(client, actor, contactId, active);
  },
  toggleAcceptAudio: (client, actor, args) =>
    toggleAcceptAudio(client, actor, parse(m.toggleAcceptAudio, args).contactId),
  toggleDisableBot: (client, actor, args) => toggleDisableBot(client, actor, parse(m.toggleDisableBot, args).contactId),

  // The internal chat (decision 0111): a chat named by its uuid, members only (another's answers ERR_NOT_FOUND), and
  // the plan's useInternalChat as for the REST routes.
  createChat: async (client, actor, args) => {
    await requireInternalChat(client, actor);
    return createChat(client, actor, parse(m.createChat, args));
  },
  sendChatMessage: async (client, actor, args) => {
    await requireInternalChat(client, actor);
    const { chatUuid, ...input } = parse(m.sendChatMessage, args);
    const chatId = await memberChatIdByUuid(client, actor.companyId, actor.id, chatUuid);
    return sendChatMessage(client, actor, chatId, input);
  },
  readChat: async (client, actor, args) => {
    await requireInternalChat(client, actor);
    const chatId = await memberChatIdByUuid(client, actor.companyId, actor.id, parse(m.readChat, args).chatUuid);
    return readChat(client, actor, chatId);
  },
};
