// Messages of one ticket in time order, split by day ('HOJE' for today), kept scrolled to the
// newest. Only the newest window of the replica is rendered (a 5,000-message conversation opens
// at once); scrolling within 50 px of the top shows older ones after 500 ms (spec 1 §2, §9):
// the replica's first, then core's pages of 20 when online, keeping the scroll position.
// The message menu's actions and dialogs live here, once for the whole list (use-message-actions.ts).

import { capabilitiesOf } from "@chatflow/core/contract/channel-capabilities.ts";
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { memo, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import { useReplicaQueue } from "../queues/queues-data.ts";
import { IconButton } from "../ui/button.tsx";
import { DownloadIcon } from "../ui/icons.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { MessageDays } from "./message-days.tsx";
import { MessageListDialogs } from "./message-list-dialogs.tsx";
import { appMediaSource } from "./message-view/app-media-source.ts";
import { MediaSourceContext } from "./message-view/media-source.tsx";
import {
  canDeleteMessage,
  canEditMessage,
  canForwardMessage,
  canRetryMessage,
  copyableText,
} from "./message-view/message-actions.ts";
import type { MessageAction } from "./message-view/message-menu.tsx";
import "./message-view/messages.css";
import { useOpenAtMatch } from "./message-search-data.ts";
import { ChannelCapabilitiesContext } from "./message-view/channel-capabilities-context.ts";
import { TicketBanner } from "./ticket-banner.tsx";
import { useMessagesById, useQueuedMessageIds } from "./tickets-data.ts";
import { useMessageActions } from "./use-message-actions.ts";
import { usePrintExport } from "./use-print-export.ts";
import { FIRST_WINDOW, useScrollKeeper } from "./use-scroll-keeper.ts";

/**
 * Memoised: the conversation renders again when its frame is measured or the drawer opens, and the messages only
 * when their ticket (a new object from the replica on any change) or the reply rule changes.
 */
export const MessageList = memo(function MessageList({ ticket, canReply }: { ticket: TicketDTO; canReply: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const online = useOnline();
  const [exporting, setExporting] = useState(false);
  const { listRef, page, messages, shown, reactions, serverHasMore, loadingOlder, onScroll, goToQuoted } =
    useScrollKeeper({ ticketId: ticket.id, online, exporting, t });
  // A search match opens the conversation at its message (issue 21).
  useOpenAtMatch(ticket.id, goToQuoted);
  const queuedIds = useQueuedMessageIds();
  const queue = useReplicaQueue(ticket.queueId || null);
  const byId = useMemo(() => new Map((messages ?? []).map((m) => [m.id, m])), [messages]);
  const missingQuoted = useMemo(
    () => [...new Set(shown.flatMap((m) => (m.quotedMsgId && !byId.has(m.quotedMsgId) ? [m.quotedMsgId] : [])))],
    [shown, byId],
  );
  const farQuoted = useMessagesById(missingQuoted);
  const { dialog, closeDialog, onAction, onStartConversation } = useMessageActions({ online, goToQuoted, t });
  const exportPdf = usePrintExport({ listRef, exporting, setExporting, page, t });

  const userId = user?.id ?? null;
  // What the channel carries of an edit or a delete (decision 0093): the dialogs warn, the bubbles say it after.
  const capabilities = capabilitiesOf(ticket.channel);
  const actionsOf = (m: MessageDTO): MessageAction[] => {
    const out: MessageAction[] = [];
    if (canReply && !m.isDeleted && m.ack !== -1) out.push("reply");
    if (canEditMessage(m, userId)) out.push("edit");
    if (canForwardMessage(m)) out.push("forward");
    if (copyableText(m)) out.push("copy");
    if (canDeleteMessage(m, userId)) out.push("delete");
    return out;
  };
  const quotedOf = (message: MessageDTO) =>
    message.quotedMsgId ? (byId.get(message.quotedMsgId) ?? farQuoted?.get(message.quotedMsgId) ?? null) : undefined;

  return (
    <MediaSourceContext.Provider value={appMediaSource}>
      <ChannelCapabilitiesContext.Provider value={capabilities}>
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
            {/* The conversation's start is shown once nothing older is left to load. */}
            {page && !page.olderInReplica && !(online && serverHasMore && shown.length >= FIRST_WINDOW) && (
              <TicketBanner ticket={ticket} queue={queue} />
            )}
            {page && shown.length === 0 && <p className="message-empty">{t("messages.empty")}</p>}
            <MessageDays
              shown={shown}
              quotedOf={quotedOf}
              reactions={reactions}
              queuedIds={queuedIds}
              actionsOf={actionsOf}
              canRetry={(message) => canRetryMessage(message, userId)}
              onAction={onAction}
              onStartConversation={onStartConversation}
            />
          </div>
        </div>
        <MessageListDialogs dialog={dialog} online={online} capabilities={capabilities} onClose={closeDialog} />
      </ChannelCapabilitiesContext.Provider>
    </MediaSourceContext.Provider>
  );
});
