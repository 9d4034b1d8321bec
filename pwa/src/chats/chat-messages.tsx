// One chat's messages (spec 3 §2 "Internal chat"): sender name and time on each, the caller's own on the other side;
// older messages load when scrolled within 600 px of the top, 300 ms after the scroll (spec 3 §9); the composer
// refuses blank text (§5). Opening a chat with unread messages marks it read. Offline as online (decision 0111): the
// replica's messages show, and what is written waits in the outbox, marked pending, until core has it (then sent).
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import type { LocalChat, LocalChatMessage } from "../store/db.ts";
import { formatDate, formatTime, listTime } from "../tickets/format.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { CheckIcon, ClockIcon, ErrorIcon, SendIcon } from "../ui/icons.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { type ChatMessageState, canSendChatMessage, chatMessageState, unreadsOf } from "./chat-rules.ts";
import type { Me } from "./chat-writes.ts";
import { useChatMessages, useMarkChatRead, useSendChatMessage } from "./chats-data.ts";

/** Older messages load when the view is this close to the top (spec 3 §9), this long after the scroll. */
export const OLDER_WITHIN_PX = 600;
export const OLDER_SCROLL_DELAY_MS = 300;

export function ChatMessages({ chat, me, online }: { chat: LocalChat; me: Me; online: boolean }) {
  const { t } = useTranslation();
  const meId = me.id;
  const messages = useChatMessages(chat, online);
  const markRead = useMarkChatRead(meId);
  const scroller = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What the view showed before a change: to keep the place when older messages arrive above, and to follow new ones.
  const shown = useRef<{ first?: string; last?: string; fromBottom: number }>({ fromBottom: 0 });
  const records = messages.records;

  // Reading: the caller's unread count goes to zero while the chat is open, offline too (through the outbox).
  const unreads = unreadsOf(chat, meId);
  useEffect(() => {
    if (unreads > 0) markRead(chat.uuid);
  }, [chat.uuid, unreads, markRead]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !records) return;
    const first = records[0]?.uuid;
    const last = records.at(-1)?.uuid;
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
          <Spinner />
        ) : records.length === 0 ? (
          <p className="chat-messages-empty">{t("chatsPage.noMessages")}</p>
        ) : (
          <ol className="chat-message-list">
            {records.map((m) => (
              <ChatMessageRow key={m.uuid} message={m} mine={m.senderId === meId} />
            ))}
          </ol>
        )}
      </section>
      <Composer chat={chat} me={me} online={online} />
    </div>
  );
}

function ChatMessageRow({ message, mine }: { message: LocalChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  const at = new Date(message.createdAt);
  // Only the writer's own messages have a state worth telling: theirs reached this device from core.
  const state = mine ? chatMessageState(message) : "sent";
  return (
    <li className="chat-message" data-mine={mine ? "true" : undefined} data-state={state} data-testid="chat-message">
      <span className="chat-message-sender">{message.sender?.name ?? "—"}</span>
      <p className="chat-message-text">{message.message}</p>
      <span className="chat-message-meta">
        <time className="chat-message-time" dateTime={message.createdAt} title={`${formatDate(at)} ${formatTime(at)}`}>
          {listTime(message.createdAt)}
        </time>
        {mine && <ChatMessageStateMark state={state} />}
      </span>
      {state === "failed" && message.failed && (
        <span className="chat-message-error" data-testid="chat-message-error">
          {t("chatsPage.state.failedWhy", { reason: errorText({ error: message.failed, message: "" }) })}
        </span>
      )}
    </li>
  );
}

/** Pending (in the outbox), sent (core has it) or failed (core refused it), told in words to assistive tech. */
function ChatMessageStateMark({ state }: { state: ChatMessageState }) {
  const { t } = useTranslation();
  const label = t(`chatsPage.state.${state}`);
  const icon = state === "pending" ? <ClockIcon /> : state === "failed" ? <ErrorIcon /> : <CheckIcon />;
  return (
    <span className="chat-message-state" data-testid="chat-message-state" title={label}>
      <span aria-hidden="true">{icon}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function Composer({ chat, me, online }: { chat: LocalChat; me: Me; online: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const sendMessage = useSendChatMessage(me);
  const blank = !canSendChatMessage(text);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    // Blank (only whitespace) is not sent (spec 3 §5).
    if (blank || sending) return;
    setSending(true);
    try {
      // Into the replica and the outbox: shown at once, sent now if online, when the network is back if not.
      await sendMessage(chat, text);
      setText("");
    } catch {
      // Not even stored on this device (the text stays to send again).
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
        className="chat-composer-field"
        description={online ? undefined : t("chatsPage.sendsLater")}
        data-testid="chat-composer-input"
      />
      <Button
        type="submit"
        variant="primary"
        icon={<SendIcon />}
        isDisabled={blank}
        isPending={sending}
        data-testid="chat-send"
      >
        {t("chatsPage.send")}
      </Button>
    </form>
  );
}
