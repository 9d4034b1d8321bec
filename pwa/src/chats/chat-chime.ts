// The internal chat's sound (spec 3 §2 "Internal chat"; decision 0119): the tickets' chime (layout/sound.ts: the
// same tone at the volume remembered on this device, silent at 0) when one of the caller's chats gains unread
// messages after the replica's first read, so what waited when the app opened is not news. A chat open and in view
// reads its messages at once, so its own news makes no sound.
import { useEffect, useRef } from "react";
import type { LocalChat } from "../store/db.ts";
import { unreadsOf } from "./chat-rules.ts";

type ChimeChat = Pick<LocalChat, "uuid" | "users">;

/** Whether a chat other than `openUuid` has more unread messages for `meId` than `previous` knew of it. */
export function hasNewChatMessages(
  previous: ReadonlyMap<string, number>,
  chats: readonly ChimeChat[],
  meId: number,
  openUuid: string | null,
): boolean {
  return chats.some((c) => c.uuid !== openUuid && unreadsOf(c, meId) > (previous.get(c.uuid) ?? 0));
}

/** The chat open at this address (/chats/{uuid}) while the page is in view, else null. */
export function chatInView(pathname: string, visible: boolean): string | null {
  const m = /^\/chats\/([^/]+)$/.exec(pathname);
  return m && visible ? decodeURIComponent(m[1]!) : null;
}

/** Calls `chime` when the replica's chats (undefined while reading) bring news for `meId`. */
export function useChatChime(
  chats: readonly ChimeChat[] | undefined,
  meId: number,
  pathname: string,
  chime: () => void,
): void {
  const seen = useRef<Map<string, number> | null>(null);
  const chimeRef = useRef(chime);
  chimeRef.current = chime;
  useEffect(() => {
    if (!chats) return;
    const open = chatInView(pathname, typeof document === "undefined" || document.visibilityState === "visible");
    if (seen.current && hasNewChatMessages(seen.current, chats, meId, open)) chimeRef.current();
    seen.current = new Map(chats.map((c) => [c.uuid, unreadsOf(c, meId)]));
  }, [chats, meId, pathname]);
}
