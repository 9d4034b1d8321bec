// The conversation's messages grouped by day, each day under its separator ('HOJE' for today).
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { dayLabel, groupByDay } from "./format.ts";
import { MessageBubble } from "./message-view/message-bubble.tsx";
import type { MessageAction } from "./message-view/message-menu.tsx";

type BubbleProps = Parameters<typeof MessageBubble>[0];

export function MessageDays({
  shown,
  quotedOf,
  reactions,
  queuedIds,
  actionsOf,
  canRetry,
  onAction,
  onStartConversation,
}: {
  shown: MessageDTO[];
  /** The message a reply quotes, null when it is not held, undefined when it quotes none. */
  quotedOf: (message: MessageDTO) => MessageDTO | null | undefined;
  reactions: Map<string, BubbleProps["reactions"]>;
  queuedIds: Set<string>;
  actionsOf: (message: MessageDTO) => MessageAction[];
  canRetry: (message: MessageDTO) => boolean;
  onAction: BubbleProps["onAction"];
  onStartConversation: BubbleProps["onStartConversation"];
}) {
  const { t } = useTranslation();
  return groupByDay(shown).map((group) => (
    <section key={group.day} className="message-day">
      <div className="day-separator">
        <span>{dayLabel(group.date, t("messages.today"))}</span>
      </div>
      {group.items.map((message) => (
        <MessageBubble
          key={message.id}
          message={message}
          quoted={quotedOf(message)}
          reactions={reactions.get(message.id)}
          queued={queuedIds.has(message.id)}
          actions={actionsOf(message)}
          canRetry={canRetry(message)}
          onAction={onAction}
          onStartConversation={onStartConversation}
        />
      ))}
    </section>
  ));
}
