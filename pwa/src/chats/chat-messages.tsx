// One chat's messages (spec 3 §2 "Internal chat"): sender name and time on each, the caller's own on the other side;
// older messages load when scrolled within 600 px of the top, 300 ms after the scroll (spec 3 §9); the composer
// refuses blank text (§5). Opening a chat with unread messages marks it read. Offline the kept messages show and
// the composer says the chat needs a connection (decision 0073).
import type { ChatDTO, ChatMessageDTO } from "@chatflow/core/contract/chats.ts";
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatTime, listTime } from "../tickets/format.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { SendIcon } from "../ui/icons.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { canSendChatMessage, unreadsOf } from "./chat-rules.ts";
import { useChatMessages, useMarkChatRead, useSendChatMessage } from "./chats-data.ts";

/** Older messages load when the view is this close to the top (spec 3 §9), this long after the scroll. */
export const OLDER_WITHIN_PX = 600;
export const OLDER_SCROLL_DELAY_MS = 300;

export function ChatMessages({ chat, meId, online }: { chat: ChatDTO; meId: number; online: boolean }) {
  const { t } = useTranslation();
  const messages = useChatMessages(chat.id, online);
  const markRead = useMarkChatRead();
  const scroller = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What the view showed before a change: to keep the place when older messages arrive above, and to follow new ones.
  const shown = useRef<{ first?: number; last?: number; fromBottom: number }>({ fromBottom: 0 });
  const records = messages.records;

  // Reading: the caller's unread count goes to zero while the chat is open (failures are ignored, spec 3 §7).
  const unreads = unreadsOf(chat, meId);
  useEffect(() => {
    if (online && unreads > 0) markRead(chat.id);
  }, [chat.id, unreads, online, markRead]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !records) return;
    const first = records[0]?.id;
    const last = records.at(-1)?.id;
    const before = shown.current;
    if (before.first !== undefined && first !== before.first && last === before.last) {
      // Older messages came in above: stay on the same message.
      el.scrollTop = el.scrollHeight - before.fromBottom;
    } else if (last !== before.last && (before.last === undefined || before.fromBottom - el.clientHeight < 120)) {
      // The first load, or a new message while at the bottom: follow it.
      el.scrollTop = el.scrollHeight;
    }
    shown.current = { first, last, fromBottom: el.scrollHeight - el.scrollTop };
  }, [records]);

  const nearTopCheck = () => {
    const el = scroller.current;
    if (el) shown.current = { ...shown.current, fromBottom: el.scrollHeight - el.scrollTop };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const now = scroller.current;
      if (now && now.scrollTop < OLDER_WITHIN_PX && messages.hasMore) messages.loadOlder();
    }, OLDER_SCROLL_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="chat-messages" data-testid="chat-messages">
      <header className="chat-messages-header">
        <h2 className="chat-messages-title">{chat.title}</h2>
        <p className="chat-messages-members">{chat.users.map((u) => u.user.name).join(", ")}</p>
      </header>
      <section
        ref={scroller}
        className="chat-messages-scroll"
        aria-label={t("chatsPage.messagesLabel")}
        onScroll={nearTopCheck}
        // A focusable region: keyboard users scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        data-testid="chat-messages-scroll"
      >
        {messages.loadingOlder && <Spinner label={t("chatsPage.loadingOlder")} />}
        {records === null ? (
          online ? (
            <Spinner />
          ) : null
        ) : records.length === 0 ? (
          <p className="chat-messages-empty">{t("chatsPage.noMessages")}</p>
        ) : (
          <ol className="chat-message-list">
            {records.map((m) => (
              <ChatMessageRow key={m.id} message={m} mine={m.senderId === meId} />
            ))}
          </ol>
        )}
      </section>
      <Composer chat={chat} online={online} onSent={messages.add} />
    </div>
  );
}

function ChatMessageRow({ message, mine }: { message: ChatMessageDTO; mine: boolean }) {
  const at = new Date(message.createdAt);
  return (
    <li className="chat-message" data-mine={mine ? "true" : undefined} data-testid="chat-message">
      <span className="chat-message-sender">{message.sender?.name ?? "—"}</span>
      <p className="chat-message-text">{message.message}</p>
      <time className="chat-message-time" dateTime={message.createdAt} title={`${formatDate(at)} ${formatTime(at)}`}>
        {listTime(message.createdAt)}
      </time>
    </li>
  );
}

function Composer({ chat, online, onSent }: { chat: ChatDTO; online: boolean; onSent: (m: ChatMessageDTO) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const sendMessage = useSendChatMessage();
  const blank = !canSendChatMessage(text);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    // Blank (only whitespace) is not sent (spec 3 §5).
    if (blank || sending || !online) return;
    setSending(true);
    try {
      const sent = await sendMessage(chat.id, text);
      setText("");
      onSent(sent);
    } catch {
      // Chat failures are silently ignored (spec 3 §7): the text stays to send again.
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="chat-composer" onSubmit={(e) => void send(e)} data-testid="chat-composer">
      <TextField
        label={t("chatsPage.composer")}
        hideLabel
        placeholder={t("chatsPage.composerPlaceholder")}
        value={text}
        onChange={setText}
        isDisabled={!online}
        className="chat-composer-field"
        description={online ? undefined : t("chatsPage.needsConnection")}
        data-testid="chat-composer-input"
      />
      <Button
        type="submit"
        variant="primary"
        icon={<SendIcon />}
        isDisabled={blank || !online}
        isPending={sending}
        data-testid="chat-send"
      >
        {t("chatsPage.send")}
      </Button>
    </form>
  );
}
