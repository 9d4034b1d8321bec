// The sync protocol between the PWA and core (docs/architecture.md "Sync protocol"):
// pull with a cursor, push with client mutation ids, poke over a WebSocket.

import { z } from "zod";
import {
  type ChatDTO,
  type ChatMessageDTO,
  ZCreateChatArgsSchema,
  ZReadChatArgsSchema,
  ZSendChatMessageArgsSchema,
} from "./chats.ts";
import {
  ZCreateContactRequestSchema,
  ZCreateTagRequestSchema,
  ZCreateTicketNoteRequestSchema,
  ZSyncTagsRequestSchema,
  ZUpdateContactRequestSchema,
  ZUpdateTagRequestSchema,
} from "./contacts.ts";
import type { ContactDTO, MessageDTO, PublicUserDTO, QueueDTO, TicketDTO, UserDTO, WhatsappDTO } from "./entities.ts";
import type { ErrorBody } from "./errors.ts";
import { zId } from "./ids.ts";
import type { PaymentFrame } from "./invoices.ts";
import { ZMoveTicketLaneArgsSchema } from "./kanban.ts";
import { ZSendPollArgsSchema } from "./message-polls.ts";
import { ZSendTemplateArgsSchema } from "./message-templates.ts";
import {
  ZCallMessageRequestSchema,
  ZCopyMessageRequestSchema,
  ZDeleteMessageArgsSchema,
  ZEditMessageArgsSchema,
  ZForwardMessageRequestSchema,
  ZListMessageRequestSchema,
  ZPixMessageRequestSchema,
  ZRetryMessageArgsSchema,
  ZUrlMessageRequestSchema,
} from "./messages.ts";
import type { ScheduleDTO } from "./schedules.ts";
import {
  ZAcceptTicketArgsSchema,
  ZCloseAllTicketsRequestSchema,
  ZCreateTicketRequestSchema,
  ZIgnoreTicketArgsSchema,
  ZReopenTicketArgsSchema,
  ZResolveTicketArgsSchema,
  ZReturnTicketArgsSchema,
  ZTransferTicketArgsSchema,
} from "./tickets.ts";

export const ZSendMessageArgsSchema = z.object({
  /** UUIDv7 made by the client; the server stores the message under this id. */
  id: z.uuid(),
  /** The ticket the reply belongs to. */
  ticketId: zId,
  /** Text of the message; whitespace-only text is refused (spec 1 §4 Messages). */
  body: z.string().trim().min(1, "Empty message").max(65536),
  /** An internal note that never leaves the inbox. */
  isPrivate: z.boolean().optional(),
  /** Id of the message this one replies to. */
  quotedMsgId: z.uuid().nullable().optional(),
  /** When the person wrote it (client clock), ISO string. */
  createdAt: z.iso.datetime().optional(),
});
export type TSendMessageArgs = z.infer<typeof ZSendMessageArgsSchema>;

// The other inbox mutations (issue 3): each takes its REST request's fields plus the ids
// the REST path carries. Ids are JSON numbers here (no query-string coercion needed).

export const ZDeleteTicketArgsSchema = z.object({
  /** The ticket to delete with its messages, notes and log (admins only). */
  ticketId: zId,
});

export const ZForwardMessageArgsSchema = ZForwardMessageRequestSchema.extend({
  /** UUIDv7 made by the client for the copy, as sendMessage's id. */
  id: z.uuid(),
});
export type TForwardMessageArgs = z.infer<typeof ZForwardMessageArgsSchema>;

// A header image is an upload: interactive messages that carry one go through REST, so the
// push refuses the field rather than dropping it silently (.strict()).
const noImage = { image: true } as const;

export const ZSendInteractiveMessageArgsSchema = z.object({
  /** UUIDv7 made by the client; the server stores the message under this id. */
  id: z.uuid(),
  /** The ticket the message is sent on. */
  ticketId: zId,
  /** Which interactive message, with the fields of its REST request (without image). */
  message: z.discriminatedUnion("type", [
    z.object({ type: z.literal("list"), request: ZListMessageRequestSchema }),
    z.object({ type: z.literal("copy"), request: ZCopyMessageRequestSchema.omit(noImage).strict() }),
    z.object({ type: z.literal("call"), request: ZCallMessageRequestSchema.omit(noImage).strict() }),
    z.object({ type: z.literal("url"), request: ZUrlMessageRequestSchema.omit(noImage).strict() }),
    z.object({ type: z.literal("pix"), request: ZPixMessageRequestSchema }),
  ]),
});
export type TSendInteractiveMessageArgs = z.infer<typeof ZSendInteractiveMessageArgsSchema>;

export const ZSendContactArgsSchema = z.object({
  /** UUIDv7 made by the client; the server stores the card under this id. */
  id: z.uuid(),
  /** The ticket the card is sent on. */
  ticketId: zId,
  /** The company's contact whose card is sent; core builds the vCard from its stored name and number. */
  contactId: zId,
  /** An internal note that never leaves the inbox. */
  isPrivate: z.boolean().optional(),
  /** Id of the message this one replies to. */
  quotedMsgId: z.uuid().nullable().optional(),
  /** When the person sent it (client clock), ISO string. */
  createdAt: z.iso.datetime().optional(),
});
export type TSendContactArgs = z.infer<typeof ZSendContactArgsSchema>;

export const ZTicketTagArgsSchema = z.object({
  /** The ticket that gets the tag. */
  ticketId: zId,
  /** A tag of the company. */
  tagId: zId,
});

export const ZRemoveTicketTagsArgsSchema = z.object({
  /** The ticket whose tags all come off. */
  ticketId: zId,
});

export const ZUpdateTagArgsSchema = ZUpdateTagRequestSchema.extend({
  /** The company's tag to rename, recolour or make a lane (PUT /tags/{id} over the outbox). */
  tagId: zId,
});

export const ZDeleteTagArgsSchema = z.object({
  /** The company's tag to remove (DELETE /tags/{id} over the outbox). */
  tagId: zId,
});

export const ZRemoveContactTagArgsSchema = z.object({
  /** The tag the contact leaves. */
  tagId: zId,
  /** The contact that loses it. */
  contactId: zId,
});

export const ZDeleteTicketNoteArgsSchema = z.object({
  /** The note to remove (the author's own, or any for an admin). */
  noteId: zId,
});

const contactRef = {
  /** The contact the change applies to. */
  contactId: zId,
};

export const ZUpdateContactArgsSchema = ZUpdateContactRequestSchema.extend(contactRef);
export const ZContactArgsSchema = z.object(contactRef);
export const ZBlockContactArgsSchema = z.object({
  ...contactRef,
  /** false blocks the contact, true unblocks it. */
  active: z.boolean(),
});

/** Every mutation name the push accepts, with its argument schema. */
export const MUTATIONS = {
  sendMessage: ZSendMessageArgsSchema,
  // The agent's own messages (spec 1 §4 Messages; contract/messages.ts).
  editMessage: ZEditMessageArgsSchema,
  deleteMessage: ZDeleteMessageArgsSchema,
  retryMessage: ZRetryMessageArgsSchema,
  // Ticket transitions an agent may make offline (spec 1 §4; contract/tickets.ts).
  acceptTicket: ZAcceptTicketArgsSchema,
  returnTicket: ZReturnTicketArgsSchema,
  transferTicket: ZTransferTicketArgsSchema,
  resolveTicket: ZResolveTicketArgsSchema,
  ignoreTicket: ZIgnoreTicketArgsSchema,
  reopenTicket: ZReopenTicketArgsSchema,
  // Tickets beyond the transitions (spec 1 §7 Tickets). The created ticket reaches the
  // client through the pull; a contact has one ticket in progress per connection.
  createTicket: ZCreateTicketRequestSchema.omit({ companyId: true }),
  deleteTicket: ZDeleteTicketArgsSchema,
  closeAllTickets: ZCloseAllTicketsRequestSchema,
  // Messages beside the plain reply; media uploads (multipart) stay REST-only.
  forwardMessage: ZForwardMessageArgsSchema,
  sendInteractiveMessage: ZSendInteractiveMessageArgsSchema,
  // A contact card of one of the company's contacts (REST sends one with POST /messages/{ticketId} vCard).
  sendContact: ZSendContactArgsSchema,
  // An approved Cloud API template with its values (contract/message-templates.ts; decision 0053).
  sendTemplate: ZSendTemplateArgsSchema,
  // A poll on a WhatsApp (QR code) ticket (contract/message-polls.ts; decisions 0062, 0067).
  sendPoll: ZSendPollArgsSchema,
  // Tags (spec 1 §7, spec 2 §7). Tags are not replicated: the tags lists read them over REST.
  createTag: ZCreateTagRequestSchema,
  updateTag: ZUpdateTagArgsSchema,
  deleteTag: ZDeleteTagArgsSchema,
  syncContactTags: ZSyncTagsRequestSchema,
  addTicketTag: ZTicketTagArgsSchema,
  removeTicketTags: ZRemoveTicketTagsArgsSchema,
  removeContactTag: ZRemoveContactTagArgsSchema,
  // A kanban card moved to another lane (spec 2 §4 Kanban; contract/kanban.ts): one mutation, so the lane change
  // is applied, or refused, whole.
  moveTicketLane: ZMoveTicketLaneArgsSchema,
  // Ticket notes (spec 1 §7 Notes); not replicated either.
  createTicketNote: ZCreateTicketNoteRequestSchema,
  deleteTicketNote: ZDeleteTicketNoteArgsSchema,
  // Contacts (spec 1 §7 Contacts); the spreadsheet imports stay REST-only.
  createContact: ZCreateContactRequestSchema,
  updateContact: ZUpdateContactArgsSchema,
  deleteContact: ZContactArgsSchema,
  blockContact: ZBlockContactArgsSchema,
  toggleAcceptAudio: ZContactArgsSchema,
  toggleDisableBot: ZContactArgsSchema,
  // The internal chat (spec 3 §7 "Internal chat"; decision 0111): write, start a chat, read. Edit and delete stay
  // REST-only (the owner's, online).
  createChat: ZCreateChatArgsSchema,
  sendChatMessage: ZSendChatMessageArgsSchema,
  readChat: ZReadChatArgsSchema,
} as const;
export type MutationName = keyof typeof MUTATIONS;

export const ZMutationSchema = z.object({
  /** Per-client increasing number; (clientId, id) is applied once. */
  id: z.number().int().nonnegative(),
  /** Which use case to run. */
  name: z.string(),
  /** The use case's arguments, checked against MUTATIONS[name]. */
  args: z.unknown(),
});

export const ZPushRequestSchema = z.object({
  /** Stable id of one browser install (kept in IndexedDB). */
  clientId: z.string().min(8).max(64),
  /** Mutations in the order they were made. */
  mutations: z.array(ZMutationSchema).max(500),
});
export type TPushRequest = z.infer<typeof ZPushRequestSchema>;

export type MutationResult = { id: number; ok: true } | { id: number; ok: false; error: ErrorBody };
export type PushResponse = { results: MutationResult[] };

export type Entities = {
  tickets: TicketDTO;
  messages: MessageDTO;
  contacts: ContactDTO;
  queues: QueueDTO;
  whatsapps: WhatsappDTO;
  /** The whole row for admins and for the user themself; PublicUserDTO for a plain user's colleagues. */
  users: UserDTO | PublicUserDTO;
  /** Scheduled messages (spec 2 §4 live updates): every user of the company sees them all. */
  schedules: ScheduleDTO;
  /** The internal chats this user is a member of, each with its members' unread counts (decision 0111). */
  chats: ChatDTO;
  /** Messages of those chats: their newest on a first pull, each new one after (older ones over REST). */
  chatMessages: ChatMessageDTO;
};
export type EntityName = keyof Entities;
/** The chat's rows, optional in a pull (a core before decision 0111 sends none); the inbox's always there. */
export type ChatEntityName = "chats" | "chatMessages";
export type InboxEntityName = Exclude<EntityName, ChatEntityName>;

/**
 * Admin lists that are not replicated (read over REST, page by page). A change to one is logged as entity
 * "lists" with the list's name, and the next pull names it in `lists`, so a screen showing it asks again
 * (spec 2 §4 live updates; decision 0063). "chats" is logged per member (`chats:<userId>`) and named only to that
 * member's pulls (decision 0073).
 */
export const LIST_NAMES = [
  "files",
  "tags",
  "queueIntegrations",
  "prompts",
  "companies",
  "chats",
  "invoices",
  "contactLists",
  "contactListItems",
  "campaigns",
  "campaignSettings",
] as const;
export type ListName = (typeof LIST_NAMES)[number];

/**
 * What a first pull carries at most (decision 0040): the latest tickets in progress and the latest closed
 * ones. Past a limit the replica holds only the newest; GET /tickets serves the rest.
 */
export const REPLICA_BOOT_LIMITS = { inProgress: 10_000, closed: 2_000 } as const;

export type PullResponse = {
  /** Pass it back as ?cursor= on the next pull (a first pull sends none). Opaque decimal string. */
  cursor: string;
  /** True when the client must drop its replica and take this as the whole state. */
  reset: boolean;
  /** Rows to insert or replace. */
  put: { [K in InboxEntityName]: Entities[K][] } & { [K in ChatEntityName]?: Entities[K][] };
  /** Ids of rows that are gone or no longer visible to this user. */
  del: { [K in InboxEntityName]: Entities[K]["id"][] } & { [K in ChatEntityName]?: Entities[K]["id"][] };
  /** True when more changes wait: pull again at once. */
  more: boolean;
  /** Admin lists changed since the cursor that this user may read (absent when none, and on a first pull). */
  lists?: ListName[];
  /**
   * A first pull in pages (decision 0040): tickets put by this page whose latest messages come in a later
   * page. Until then the device does not hold their conversations.
   */
  pendingConversations?: number[];
  /** Tickets whose latest messages this page of a first pull carries: their conversations are held now. */
  heldConversations?: number[];
  /**
   * On the page of a first pull that brings its last ticket: whether the replica now holds every ticket in
   * progress, and every closed ticket, this user may see (false: REPLICA_BOOT_LIMITS cut them short).
   */
  ticketsComplete?: { inProgress: boolean; closed: boolean };
};

/**
 * Frames core sends on the realtime WebSocket (/ws?token=...). A logout tells why the
 * session ended: ERR_SESSION_EXPIRED when the account signed in elsewhere (the PWA says
 * 'Sua conta foi acessada em outro computador.'), LOGGED_OUT when it signed out (another tab).
 */
export type ServerFrame =
  | { type: "poke" }
  | { type: "logout"; reason: "ERR_SESSION_EXPIRED" | "LOGGED_OUT" }
  /** The platform's announcements changed (spec 3 §7 'company-announcement'): top bars ask again (decision 0072). */
  | { type: "announcements" }
  /** The company's invoice was paid (spec 3 §7 'company-{id}-payment'; decision 0079). */
  | PaymentFrame;
