// Messages of one ticket in time order, split by day ('HOJE' for today), kept scrolled to the
// newest. Only the newest window of the replica is rendered (a 5,000-message conversation opens
// at once); scrolling within 50 px of the top shows older ones after 500 ms (spec 1 §2, §9):
// the replica's first, then core's pages of 20 when online, keeping the scroll position.
// The message menu's actions and dialogs live here, once for the whole list.

import { ZCreateContactRequestSchema } from "@chatflow/core/contract/contacts.ts";
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useSetAtom } from "jotai";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import type { ContactRow } from "../contacts/contact-list.ts";
import { useCreateContact } from "../contacts/contacts-data.ts";
import { StartTicketDialog } from "../contacts/start-ticket-dialog.tsx";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { requestSync } from "../sync/app-sync.ts";
import { IconButton } from "../ui/button.tsx";
import { DownloadIcon } from "../ui/icons.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { dayLabel, groupByDay } from "./format.ts";
import { appMediaSource } from "./message-view/app-media-source.ts";
import { quotedMessageAtom } from "./message-view/conversation-atoms.ts";
import { MediaSourceContext } from "./message-view/media-source.tsx";
import {
  canDeleteMessage,
  canEditMessage,
  canForwardMessage,
  canRetryMessage,
  copyableText,
} from "./message-view/message-actions.ts";
import { MessageBubble } from "./message-view/message-bubble.tsx";
import { DeleteMessageDialog, EditMessageDialog, ForwardMessageDialog } from "./message-view/message-dialogs.tsx";
import type { MessageAction } from "./message-view/message-menu.tsx";
import { splitReactions } from "./message-view/message-state.ts";
import { MESSAGE_PAGE } from "./message-view/older-messages.ts";
import { printConversation } from "./message-view/print-conversation.ts";
import "./message-view/messages.css";
import { useReplicaQueue } from "../queues/queues-data.ts";
import {
  contactOfCard,
  fetchOlderTicketMessages,
  findContactByNumber,
  findQuotedMessage,
  useMessagesById,
  useMessageWindow,
  useMessageWrites,
  useQueuedMessageIds,
} from "./tickets-data.ts";

/** Messages rendered when a conversation opens. */
export const FIRST_WINDOW = 30;
/** spec 1 §9: older messages load within 50 px of the top, after 500 ms. */
const TOP_PX = 50;
const TOP_DELAY_MS = 500;

type Dialog =
  | { kind: "edit" | "delete" | "forward"; message: MessageDTO }
  | { kind: "start"; contact: ContactRow }
  | null;

function contactRow(c: { id: number; name: string; number: string; channel: ContactRow["channel"] }): ContactRow {
  return {
    key: `c${c.id}`,
    id: c.id,
    name: c.name,
    number: c.number,
    email: "",
    urlPicture: null,
    active: true,
    isGroup: false,
    channel: c.channel,
    whatsappId: null,
    connectionName: null,
    tags: null,
    state: "synced",
    source: null,
  };
}

export function MessageList({ ticket, canReply }: { ticket: TicketDTO; canReply: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const online = useOnline();
  const setQuoted = useSetAtom(quotedMessageAtom);
  const [limit, setLimit] = useState(FIRST_WINDOW);
  const [serverHasMore, setServerHasMore] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
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
  }, [ticket.id]);

  const page = useMessageWindow(ticket.id, exporting ? Number.MAX_SAFE_INTEGER : limit);
  const queuedIds = useQueuedMessageIds();
  const queue = useReplicaQueue(ticket.queueId || null);
  const writes = useMessageWrites();
  const createContact = useCreateContact();
  const messages = page?.messages;
  const { shown, reactions } = useMemo(() => splitReactions(messages ?? []), [messages]);
  const byId = useMemo(() => new Map((messages ?? []).map((m) => [m.id, m])), [messages]);
  const missingQuoted = useMemo(
    () => [...new Set(shown.flatMap((m) => (m.quotedMsgId && !byId.has(m.quotedMsgId) ? [m.quotedMsgId] : [])))],
    [shown, byId],
  );
  const farQuoted = useMessagesById(missingQuoted);

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
      const { added, hasMore } = await fetchOlderTicketMessages(ticket.id, page.messages[0] ?? null);
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
  }, [page, loadingOlder, online, serverHasMore, ticket.id]);

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
      const quoted = await findQuotedMessage(id, ticket.id);
      if (!quoted) return showToast(t("messageView.quotedMissing"));
      pendingScroll.current = id;
      setLimit((l) => Math.max(l, quoted.newer + 5));
    },
    [ticket.id, t],
  );

  const onAction = useCallback(
    async (action: MessageAction | "retry" | "quote", message: MessageDTO) => {
      switch (action) {
        case "reply":
          setQuoted({ ticketId: message.ticketId, message });
          document
            .querySelector<HTMLTextAreaElement>(
              "[data-testid='message-input'] textarea, textarea[data-testid='message-input']",
            )
            ?.focus();
          return;
        case "quote":
          if (message.quotedMsgId) await goToQuoted(message.quotedMsgId);
          return;
        case "copy":
          try {
            await navigator.clipboard.writeText(copyableText(message));
            showToast(t("messageView.copied"), "info");
          } catch {
            showToast(t("messageView.buttons.nothingToCopy"));
          }
          return;
        case "retry":
          await writes.retry(message);
          requestSync();
          return;
        default:
          setDialog({ kind: action, message });
      }
    },
    [setQuoted, goToQuoted, t, writes],
  );

  // 'Conversar' opens a ticket with the card's contact by its id: online core finds or adds it from the stored
  // card (a masked user never holds the whole number); offline only a whole number can be looked up here.
  const onStartConversation = useCallback(
    async (card: { name: string; number: string }, message: MessageDTO) => {
      if (online && message.id) {
        try {
          const contact = await contactOfCard(message.id);
          return setDialog({ kind: "start", contact: contactRow(contact) });
        } catch (err) {
          return showToast(errorText(err));
        }
      }
      if (card.number.includes("*")) return showToast(t("messageView.contact.needsConnection"));
      const known = await findContactByNumber(card.number);
      if (known) return setDialog({ kind: "start", contact: contactRow(known) });
      const parsed = ZCreateContactRequestSchema.safeParse({ name: card.name, number: card.number });
      if (!parsed.success) return showToast(parsed.error.issues[0]?.message ?? "");
      await createContact(parsed.data);
      requestSync();
      showToast(t("messageView.contact.added"), "info");
    },
    [t, online, createContact],
  );

  const exportPdf = () => {
    if (!listRef.current) return showToast(t("messageView.exportMissing"));
    setExporting(true);
  };
  useEffect(() => {
    if (!exporting || !page) return;
    const list = listRef.current;
    if (!list) {
      setExporting(false);
      showToast(t("messageView.exportMissing"));
      return;
    }
    // Every message of the replica is on the page now: the print stylesheet keeps only the conversation.
    void printConversation(list).finally(() => setExporting(false));
  }, [exporting, page, t]);

  const userId = user?.id ?? null;
  const actionsOf = (m: MessageDTO): MessageAction[] => {
    const out: MessageAction[] = [];
    if (canReply && !m.isDeleted && m.ack !== -1) out.push("reply");
    if (canEditMessage(m, userId)) out.push("edit");
    if (canForwardMessage(m)) out.push("forward");
    if (copyableText(m)) out.push("copy");
    if (canDeleteMessage(m, userId)) out.push("delete");
    return out;
  };

  return (
    <MediaSourceContext.Provider value={appMediaSource}>
      <div className="message-list-frame">
        <IconButton
          label={t("messageView.exportPdf")}
          className="message-export"
          onPress={exportPdf}
          isDisabled={exporting}
          data-testid="export-pdf"
        >
          <DownloadIcon size={18} />
        </IconButton>
        <div
          className="message-list"
          ref={listRef}
          role="log"
          aria-label={t("messages.listLabel")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable to scroll it with the keyboard
          tabIndex={0}
          onScroll={onScroll}
          data-testid="message-list"
        >
          {loadingOlder && <Spinner label={t("messageView.loadingOlder")} />}
          {page && !page.olderInReplica && !(online && serverHasMore && shown.length >= FIRST_WINDOW) && (
            <div className={`ticket-banner${queue ? "" : " no-queue"}`} data-testid="ticket-banner">
              <span style={queue ? { borderColor: queue.color } : undefined}>
                {t("messageView.ticketBanner", { id: ticket.id, queue: queue?.name ?? t("messageView.noQueue") })}
              </span>
            </div>
          )}
          {page && shown.length === 0 && <p className="message-empty">{t("messages.empty")}</p>}
          {groupByDay(shown).map((group) => (
            <section key={group.day} className="message-day">
              <div className="day-separator">
                <span>{dayLabel(group.date, t("messages.today"))}</span>
              </div>
              {group.items.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  quoted={
                    message.quotedMsgId
                      ? (byId.get(message.quotedMsgId) ?? farQuoted?.get(message.quotedMsgId) ?? null)
                      : undefined
                  }
                  reactions={reactions.get(message.id)}
                  queued={queuedIds.has(message.id)}
                  actions={actionsOf(message)}
                  canRetry={canRetryMessage(message, userId)}
                  onAction={onAction}
                  onStartConversation={onStartConversation}
                />
              ))}
            </section>
          ))}
        </div>
      </div>
      {dialog?.kind === "edit" && (
        <EditMessageDialog
          message={dialog.message}
          onClose={() => setDialog(null)}
          onSave={async (body) => {
            await writes.edit(dialog.message, body);
            requestSync();
          }}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteMessageDialog
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await writes.remove(dialog.message);
            requestSync();
          }}
        />
      )}
      {dialog?.kind === "forward" && (
        <ForwardMessageDialog
          onClose={() => setDialog(null)}
          onForward={async (contactIds) => {
            await writes.forward(dialog.message, contactIds);
            requestSync();
            showToast(t("messageView.forwardDialog.done"), "info");
          }}
        />
      )}
      {dialog?.kind === "start" && (
        <StartTicketDialog contact={dialog.contact} online={online} onClose={() => setDialog(null)} />
      )}
    </MediaSourceContext.Provider>
  );
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
