import type { ChatDTO } from "@chatflow/core/contract/chats.ts";
import { describe, expect, it } from "vitest";
import type { LocalChatMessage } from "../store/db.ts";
import { canSaveChat, canSendChatMessage, chatMessageState, chatOrder, unreadChats, unreadsOf } from "./chat-rules.ts";

const message = (id: number | undefined, minute: number, extra: Partial<LocalChatMessage> = {}): LocalChatMessage => ({
  ...(id === undefined ? {} : { id, chatId: 1 }),
  uuid: `u-${minute}`,
  chatUuid: "c",
  message: `m${minute}`,
  senderId: 1,
  sender: { id: 1, name: "Ana" },
  createdAt: new Date(2026, 0, 1, 0, minute).toISOString(),
  ...extra,
});

const member = (userId: number, unreads: number) => ({ userId, unreads, user: { id: userId, name: `U${userId}` } });

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

  it("shows core's messages in core's order, then the waiting ones in the order they were written", () => {
    // A message written offline at minute 1 waits; core stored others at minutes 2 and 3 meanwhile.
    const shown = chatOrder([message(undefined, 5), message(11, 3), message(undefined, 1), message(10, 2)]);
    expect(shown.map((m) => m.uuid)).toEqual(["u-2", "u-3", "u-1", "u-5"]);
  });

  it("tells a message's state: sent once core has it, pending until then, failed when refused", () => {
    expect(chatMessageState(message(1, 1))).toBe("sent");
    expect(chatMessageState(message(undefined, 1))).toBe("pending");
    expect(chatMessageState(message(undefined, 1, { failed: "ERR_NOT_FOUND" }))).toBe("failed");
  });

  it("reads the caller's unread count, zero when not a member, and counts the chats with unread messages", () => {
    const chat = { users: [member(1, 0), member(2, 3)] } as ChatDTO;
    expect(unreadsOf(chat, 2)).toBe(3);
    expect(unreadsOf(chat, 1)).toBe(0);
    expect(unreadsOf(chat, 9)).toBe(0);
    const chats = [
      { ...chat, uuid: "a", title: "A", ownerId: 1, lastMessage: "", updatedAt: "" },
      { uuid: "b", title: "B", ownerId: 1, lastMessage: "", updatedAt: "", users: [member(2, 0)] },
    ];
    expect(unreadChats(chats, 2).map((c) => c.uuid)).toEqual(["a"]);
    expect(unreadChats(chats, 1)).toEqual([]);
  });
});
