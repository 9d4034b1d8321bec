import type { ChatDTO, ChatMessageDTO } from "@chatflow/core/contract/chats.ts";
import { describe, expect, it } from "vitest";
import { canSaveChat, canSendChatMessage, mergeMessages, unreadsOf } from "./chat-rules.ts";

const message = (id: number, text = `m${id}`): ChatMessageDTO => ({
  id,
  chatId: 1,
  message: text,
  senderId: 1,
  sender: { id: 1, name: "Ana" },
  createdAt: new Date(2026, 0, 1, 0, id).toISOString(),
});

describe("#chat rules (spec 3 §5)", () => {
  it("saves a chat only with a title and at least one user", () => {
    expect(canSaveChat("", [2])).toBe(false);
    expect(canSaveChat("   ", [2])).toBe(false);
    expect(canSaveChat("Plantão", [])).toBe(false);
    expect(canSaveChat("Plantão", [2])).toBe(true);
  });

  it("does not send empty or whitespace-only messages", () => {
    expect(canSendChatMessage("")).toBe(false);
    expect(canSendChatMessage(" \n\t ")).toBe(false);
    expect(canSendChatMessage(" oi ")).toBe(true);
  });

  it("merges an older page and a reloaded newest page by id, oldest first, without duplicates", () => {
    const shown = [message(3), message(4)];
    const older = [message(1), message(2), message(3)];
    const newest = [message(4, "m4 again"), message(5)];
    const merged = mergeMessages(mergeMessages(shown, older), newest);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(merged[3]!.message).toBe("m4 again");
  });

  it("reads the caller's unread count, zero when not a member", () => {
    const chat = {
      users: [
        { userId: 1, unreads: 0, user: { id: 1, name: "Ana" } },
        { userId: 2, unreads: 3, user: { id: 2, name: "Bruno" } },
      ],
    } as ChatDTO;
    expect(unreadsOf(chat, 2)).toBe(3);
    expect(unreadsOf(chat, 1)).toBe(0);
    expect(unreadsOf(chat, 9)).toBe(0);
  });
});
