// Messages of one ticket in time order, split by day ('HOJE' for today), kept
// scrolled to the newest.
import { useLiveQuery } from "dexie-react-hooks";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { db } from "../app-services.ts";
import { dayLabel, groupByDay } from "./format.ts";
import { MessageBubble } from "./message-bubble.tsx";
import { messagesOfTicket } from "./queries.ts";

export function MessageList({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const messages = useLiveQuery(() => messagesOfTicket(db, ticketId), [ticketId]);
  const listRef = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the number of messages changes
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  return (
    <div className="message-list" ref={listRef} role="log" aria-label={t("messages.listLabel")}>
      {messages?.length === 0 && <p className="message-empty">{t("messages.empty")}</p>}
      {groupByDay(messages ?? []).map((group) => (
        <section key={group.day} className="message-day">
          <div className="day-separator">
            <span>{dayLabel(group.date, t("messages.today"))}</span>
          </div>
          {group.items.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </section>
      ))}
    </div>
  );
}
