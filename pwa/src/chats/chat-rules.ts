// The internal chat's small rules, apart from the screens (spec 3 §5): who has unread messages, how pages of
// messages merge, when the chat dialog may save.
import type { ChatDTO, ChatMessageDTO } from "@chatflow/core/contract/chats.ts";

/** The caller's unread count in a chat. */
export const unreadsOf = (chat: ChatDTO, userId: number | undefined): number =>
  chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

/** Merges messages by id, oldest first (a page fetched again overlaps what is shown). */
export function mergeMessages(shown: ChatMessageDTO[], fetched: ChatMessageDTO[]): ChatMessageDTO[] {
  const byId = new Map(shown.map((m) => [m.id, m]));
  for (const m of fetched) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Whether save may be pressed (spec 3 §5: not without users or title). */
export const canSaveChat = (title: string, users: number[]) => title.trim() !== "" && users.length > 0;

/** Whether a composer text may be sent (spec 3 §5: empty or whitespace-only messages are not sent). */
export const canSendChatMessage = (text: string) => text.trim() !== "";
