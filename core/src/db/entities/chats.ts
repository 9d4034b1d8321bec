// The internal chat (spec 3 §3 Chat, Chat message; decision 0073): a chat of one company, its members with their
// unread counts, and its messages. Replicated to each member's device and written through the outbox (decision 0111).
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, parentKey, timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";
import { User } from "./users.ts";

export const Chat = defineEntity({
  name: "Chat",
  tableName: "chats",
  uniques: [{ name: "chats_uuid_key", properties: ["uuid"] }],
  indexes: [{ name: "chats_company_updated", properties: ["companyId", "updatedAt"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    /** What the route /chats/{uuid} names. */
    uuid: p.uuid().defaultRaw("gen_random_uuid()"),
    title: p.text(),
    /** The user who made it: the only one who edits or deletes it (spec 3 §6). */
    ownerId: p.manyToOne(User).mapToPk().joinColumn("owner_id").deleteRule("set null").nullable(),
    lastMessage: p.text().default(""),
    ...timestamps(),
  },
});
export type IChat = InferEntity<typeof Chat>;

/** A member of a chat and how many of its messages they have not read. */
export const ChatUser = defineEntity({
  name: "ChatUser",
  tableName: "chat_users",
  indexes: [{ name: "chat_users_user", properties: ["companyId", "userId"] }],
  properties: {
    chatId: parentKey(Chat, "chat_id"),
    userId: parentKey(User, "user_id"),
    companyId: p.integer(),
    unreads: p.integer().default(0),
    createdAt: createdAt(),
  },
});
export type IChatUser = InferEntity<typeof ChatUser>;

export const ChatMessage = defineEntity({
  name: "ChatMessage",
  tableName: "chat_messages",
  uniques: [{ name: "chat_messages_uuid_key", properties: ["uuid"] }],
  indexes: [{ name: "chat_messages_chat", properties: ["chatId", "id"] }],
  properties: {
    id: p.integer().primary(),
    /** Chosen by the device that wrote it (the outbox's idempotency key and the replica's key; migration 0111). */
    uuid: p.uuid().defaultRaw("gen_random_uuid()"),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    chatId: p.manyToOne(Chat).mapToPk().joinColumn("chat_id").deleteRule("cascade"),
    senderId: p.manyToOne(User).mapToPk().joinColumn("sender_id").deleteRule("set null").nullable(),
    message: p.text(),
    createdAt: createdAt(),
  },
});
export type IChatMessage = InferEntity<typeof ChatMessage>;
