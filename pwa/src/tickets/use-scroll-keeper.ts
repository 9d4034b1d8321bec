// Keeps a conversation's scroll where the agent expects it: at the newest message while they
// are there (also when the list shrinks under an on-screen keyboard), still when older messages are laid above, and on a quoted message they asked to
// see. It also owns which window of the replica is rendered: scrolling within 50 px of the top
// shows older ones after 500 ms (spec 1 §2, §9), the replica's first, then core's pages of 20
// when online.
import type { TFunction } from "i18next";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { showToast } from "../ui/toasts.ts";
import { splitReactions } from "./message-view/message-state.ts";
import { MESSAGE_PAGE } from "./message-view/older-messages.ts";
import { FIRST_WINDOW } from "./read-ahead.ts";
import { fetchOlderTicketMessages, findQuotedMessage, useMessageWindow } from "./tickets-data.ts";

export { FIRST_WINDOW } from "./read-ahead.ts";

/** spec 1 §9: older messages load within 50 px of the top, after 500 ms. */
const TOP_PX = 50;
const TOP_DELAY_MS = 500;

export function useScrollKeeper({
  ticketId,
  online,
  exporting,
  t,
}: {
  ticketId: number;
  online: boolean;
  /** The whole replica is rendered for printing. */
  exporting: boolean;
  t: TFunction;
}) {
  const [limit, setLimit] = useState(FIRST_WINDOW);
  const [serverHasMore, setServerHasMore] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  /** Distance from the bottom to restore after older messages are laid above. */
  const restore = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  const pendingScroll = useRef<string | null>(null);
  const topTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new ticket starts with its newest window at the bottom
  useEffect(() => {
    setLimit(FIRST_WINDOW);
    setServerHasMore(true);
    stickToBottom.current = true;
  }, [ticketId]);

  const page = useMessageWindow(ticketId, exporting ? Number.MAX_SAFE_INTEGER : limit);
  const messages = page?.messages;
  const { shown, reactions } = useMemo(() => splitReactions(messages ?? []), [messages]);

  const lastId = shown.at(-1)?.id;
  const firstId = shown[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the window's ends move
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (pendingScroll.current && scrollToRow(list, pendingScroll.current)) {
      pendingScroll.current = null;
      return;
    }
    if (restore.current !== null) {
      list.scrollTop = list.scrollHeight - restore.current;
      restore.current = null;
    } else if (stickToBottom.current) {
      list.scrollTop = list.scrollHeight;
    }
  }, [firstId, lastId, shown.length]);

  // The list shrinks when an on-screen keyboard opens (or the composer grows): whoever was at the newest
  // message stays there (decision 0088).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const keep = new ResizeObserver(() => {
      if (stickToBottom.current) list.scrollTop = list.scrollHeight;
    });
    keep.observe(list);
    return () => keep.disconnect();
  }, []);

  const loadOlder = useCallback(async () => {
    const list = listRef.current;
    if (!page || loadingOlder || !list) return;
    if (page.olderInReplica) {
      restore.current = list.scrollHeight - list.scrollTop;
      setLimit((l) => l + MESSAGE_PAGE);
      return;
    }
    if (!online || !serverHasMore) return;
    setLoadingOlder(true);
    try {
      const { added, hasMore } = await fetchOlderTicketMessages(ticketId, page.messages[0] ?? null);
      setServerHasMore(hasMore);
      if (added > 0) {
        restore.current = list.scrollHeight - list.scrollTop;
        setLimit((l) => l + added);
      }
    } catch {
      // Offline meanwhile or refused: the next scroll to the top tries again.
    } finally {
      setLoadingOlder(false);
    }
  }, [page, loadingOlder, online, serverHasMore, ticketId]);

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
    if (list.scrollTop <= TOP_PX) {
      topTimer.current ??= setTimeout(() => {
        topTimer.current = null;
        if ((listRef.current?.scrollTop ?? TOP_PX + 1) <= TOP_PX) void loadOlder();
      }, TOP_DELAY_MS);
    }
  };
  useEffect(
    () => () => {
      if (topTimer.current) clearTimeout(topTimer.current);
    },
    [],
  );

  const goToQuoted = useCallback(
    async (id: string) => {
      const list = listRef.current;
      if (list && scrollToRow(list, id)) return;
      const quoted = await findQuotedMessage(id, ticketId);
      if (!quoted) return showToast(t("messageView.quotedMissing"));
      pendingScroll.current = id;
      setLimit((l) => Math.max(l, quoted.newer + 5));
    },
    [ticketId, t],
  );

  return { listRef, page, messages, shown, reactions, serverHasMore, loadingOlder, onScroll, goToQuoted };
}

/** Scrolls the message's row into view and puts focus on it; false when it is not rendered. */
function scrollToRow(list: HTMLElement, id: string): boolean {
  const row = list.querySelector<HTMLElement>(`[data-message-row="${CSS.escape(id)}"]`);
  if (!row) return false;
  row.scrollIntoView({ block: "center" });
  const bubble = row.querySelector<HTMLElement>(".message-bubble");
  if (bubble) {
    bubble.tabIndex = -1;
    bubble.focus({ preventScroll: true });
    bubble.classList.add("highlight");
    setTimeout(() => bubble.classList.remove("highlight"), 1600);
  }
  return true;
}
