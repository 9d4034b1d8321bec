// @vitest-environment jsdom
// The internal chat's sound (decision 0119): news in one of the caller's chats chimes once, what waited when the app
// opened does not, nor a chat open and in view, nor a message the caller sent, nor a chat read.
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chatInView, hasNewChatMessages, useChatChime } from "./chat-chime.ts";

const ME = 7;
const chat = (uuid: string, mine: number, theirs = 0) => ({
  uuid,
  users: [
    { userId: ME, unreads: mine, user: { id: ME, name: "Eu" } },
    { userId: 8, unreads: theirs, user: { id: 8, name: "Outra" } },
  ],
});

describe("#chat chime", () => {
  it("tells news for the caller only, outside the chat in view", () => {
    const before = new Map([
      ["a", 0],
      ["b", 2],
    ]);
    expect(hasNewChatMessages(before, [chat("a", 0), chat("b", 2)], ME, null)).toBe(false);
    expect(hasNewChatMessages(before, [chat("a", 1), chat("b", 2)], ME, null)).toBe(true);
    // A chat new to the replica with unread messages is news.
    expect(hasNewChatMessages(before, [chat("c", 1)], ME, null)).toBe(true);
    // The other member's unreads (the caller wrote) are not the caller's news.
    expect(hasNewChatMessages(before, [chat("a", 0, 3)], ME, null)).toBe(false);
    // Read (fewer) is not news; the chat in view is not either.
    expect(hasNewChatMessages(before, [chat("b", 0)], ME, null)).toBe(false);
    expect(hasNewChatMessages(before, [chat("a", 1)], ME, "a")).toBe(false);
    expect(chatInView("/chats/a-b", true)).toBe("a-b");
    expect(chatInView("/chats/a-b", false)).toBeNull();
    expect(chatInView("/chats", true)).toBeNull();
    expect(chatInView("/tickets/a-b", true)).toBeNull();
  });

  it("chimes on news after the first read of the replica, once per change", () => {
    let chimes = 0;
    const chime = () => chimes++;
    const { rerender } = renderHook(({ chats, path }) => useChatChime(chats, ME, path, chime), {
      initialProps: { chats: undefined as ReturnType<typeof chat>[] | undefined, path: "/tickets" },
    });
    // The first read: chats already waiting are not news.
    rerender({ chats: [chat("a", 2), chat("b", 0)], path: "/tickets" });
    expect(chimes).toBe(0);
    rerender({ chats: [chat("a", 3), chat("b", 0)], path: "/tickets" });
    expect(chimes).toBe(1);
    // The same counts again (another render, a volume change) make no sound.
    rerender({ chats: [chat("a", 3), chat("b", 0)], path: "/chats" });
    expect(chimes).toBe(1);
    // News in the chat open and in view is read there: silent; in another chat it chimes.
    rerender({ chats: [chat("a", 3), chat("b", 1)], path: "/chats/b" });
    expect(chimes).toBe(1);
    rerender({ chats: [chat("a", 4), chat("b", 0)], path: "/chats/b" });
    expect(chimes).toBe(2);
  });
});
