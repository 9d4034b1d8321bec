// The internal chat's small rules, apart from the screens (spec 3 §5): who has unread messages, the order a chat's
// messages show in and what each one's state is (decision 0111), when the chat dialog may save.
import type { ChatDTO } from "@chatflow/core/contract/chats.ts";
import type { LocalChat, LocalChatMessage } from "../store/db.ts";

/** The caller's unread count in a chat. */
export const unreadsOf = (chat: Pick<ChatDTO, "users">, userId: number | undefined): number =>
  chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

/** The chats with messages the caller has not read (the popover's and the side menu's count). */
export const unreadChats = <C extends LocalChat>(chats: C[], userId: number | undefined): C[] =>
  chats.filter((c) => unreadsOf(c, userId) > 0);

/**
 * A chat's messages in the order they show: those core has stored in its order (their ids), then the ones written
 * here that wait in the outbox, in the order they were written (core gives them their place when it stores them).
 */
export function chatOrder<M extends LocalChatMessage>(messages: M[]): M[] {
  const stored = messages.filter((m) => m.id !== undefined).sort((a, b) => a.id! - b.id!);
  const waiting = messages.filter((m) => m.id === undefined).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return [...stored, ...waiting];
}

/** What the app says of a message: core has it ('sent'), it waits to be pushed ('pending'), core refused it. */
export type ChatMessageState = "sent" | "pending" | "failed";
export const chatMessageState = (m: LocalChatMessage): ChatMessageState =>
  m.failed ? "failed" : m.id === undefined ? "pending" : "sent";

/** Whether save may be pressed (spec 3 §5: not without users or title). */
export const canSaveChat = (title: string, users: number[]) => title.trim() !== "" && users.length > 0;

/** Whether a composer text may be sent (spec 3 §5: empty or whitespace-only messages are not sent). */
export const canSendChatMessage = (text: string) => text.trim() !== "";
