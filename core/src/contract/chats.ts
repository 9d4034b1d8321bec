// The internal chat (spec 3 §2 "Internal chat", §3 Chat and Chat message, §5, §6, §7; decision 0073): chats between
// users of one company. The request schemas carry the spec's messages; the PWA's dialog and composer use them too.
import { z } from "zod";
import { zId } from "./ids.ts";

/** Chats per page of GET /chats, messages per page of GET /chats/{id}/messages. */
export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
/** Longest title and message a chat keeps; most members one chat holds. */
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 4096;
export const CHAT_USERS_MAX = 500;

const required = "Obrigatório";
const isAbsent = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? required : undefined);

/** The text of a chat message as the REST route and the outbox take it. */
const chatMessageText = z.string({ error: isAbsent }).trim().min(1, required).max(CHAT_MESSAGE_MAX, "Muito longo!");

/** A member of a chat as the calls answer it. */
export type ChatUserDTO = { userId: number; unreads: number; user: { id: number; name: string } };

export type ChatDTO = {
  id: number;
  uuid: string;
  title: string;
  /** The user who made it; null once that user is gone (then nobody edits or deletes it). */
  ownerId: number | null;
  users: ChatUserDTO[];
  lastMessage: string;
  updatedAt: string;
};

export type ChatMessageDTO = {
  id: number;
  /** Chosen by the device that wrote it (decision 0111): the replica's key for a message still in the outbox too. */
  uuid: string;
  chatId: number;
  /** The chat's uuid: a message written offline names its chat by it (the chat may be new on that device). */
  chatUuid: string;
  message: string;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  createdAt: string;
};

/** GET /chats: the caller's chats, most recently active first. */
export type ChatsPage = { records: ChatDTO[]; hasMore: boolean; count: number };
/** GET /chats/{id}/messages: page 1 is the newest messages; each page's records are oldest first. */
export type ChatMessagesPage = { records: ChatMessageDTO[]; hasMore: boolean; count: number };

export const ZChatRequestSchema = z.object({
  /** The chat's title (spec 3 §5: save is disabled while it is empty). */
  title: z.string({ error: isAbsent }).trim().min(1, required).max(CHAT_TITLE_MAX, "Muito longo!"),
  /** The members besides the owner, users of the caller's company (spec 3 §5: at least one). */
  users: z.array(zId, { error: isAbsent }).min(1, required).max(CHAT_USERS_MAX),
});
export type TChatRequest = z.infer<typeof ZChatRequestSchema>;

export const ZChatMessageRequestSchema = z.object({
  /** The text; blank (only whitespace) is not sent (spec 3 §5). */
  message: chatMessageText,
});
export type TChatMessageRequest = z.infer<typeof ZChatMessageRequestSchema>;

// The chat's writes through the outbox (decision 0111): each names its rows by a uuid the device chose, so the row
// the device shows at once and the server's are one, and a mutation pushed again changes nothing.

export const ZCreateChatArgsSchema = ZChatRequestSchema.extend({
  /** UUIDv7 made by the device: the chat's uuid (the route /chats/{uuid}). */
  uuid: z.uuid(),
});
export type TCreateChatArgs = z.infer<typeof ZCreateChatArgsSchema>;

export const ZSendChatMessageArgsSchema = z.object({
  /** UUIDv7 made by the device: the message's uuid. */
  uuid: z.uuid(),
  /** The chat written in, by its uuid (it may have been made on this device, offline). */
  chatUuid: z.uuid(),
  /** The text; blank (only whitespace) is not sent (spec 3 §5). */
  message: chatMessageText,
});
export type TSendChatMessageArgs = z.infer<typeof ZSendChatMessageArgsSchema>;

export const ZReadChatArgsSchema = z.object({
  /** The chat the caller read: their own unread count goes to zero. */
  chatUuid: z.uuid(),
});

export const ZListChatsQuerySchema = z.object({
  searchParam: z.string().trim().toLowerCase().max(200).optional(),
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
  /** Only this chat (the route /chats/{uuid} opened directly). */
  uuid: z.uuid().optional(),
});

export const ZListChatMessagesQuerySchema = z.object({
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
});
