// One message of the conversation (spec 1 §2 "Message rendering"): private notes apart from
// sent bubbles, the forwarded and edited markers, the quoted message (pressing it scrolls to
// it), the content by type, reactions, the time and the delivery state, and for a failed
// message its reason with 'Tentar novamente'. The options menu sits beside the bubble.
import { deliveryFailureOf } from "@chatflow/core/contract/delivery-failure.ts";
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { memo, useContext } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../i18n/translate-error.ts";
import { Button } from "../../ui/button.tsx";
import { ForwardIcon, LockIcon, RefreshIcon } from "../../ui/icons.tsx";
import { AckMark } from "../ack-mark.tsx";
import { formatTime } from "../format.ts";
import { ChannelCapabilitiesContext } from "./channel-capabilities-context.ts";
import { MessageContent } from "./message-content.tsx";
import { type MessageAction, MessageMenu } from "./message-menu.tsx";
import type { Reaction } from "./message-state.ts";
import { DeliveryFailureReason, retryMakesSense, SystemNotice } from "./meta-messages.tsx";

export type BubbleProps = {
  message: MessageDTO;
  /** The quoted message when the replica holds it; undefined when it is not loaded. */
  quoted?: MessageDTO | null;
  reactions?: Reaction[];
  /** Still in this device's outbox. */
  queued: boolean;
  /** The actions this user may take on it (the menu lists only these). */
  actions: MessageAction[];
  canRetry: boolean;
  onAction: (action: MessageAction | "retry" | "quote", message: MessageDTO) => void;
  onStartConversation?: (card: { name: string; number: string }, message: MessageDTO) => void;
};

function QuotedPreview({
  message,
  quotedId,
  onPress,
}: {
  message: MessageDTO | null | undefined;
  quotedId: string;
  onPress: () => void;
}) {
  const { t } = useTranslation();
  const text = message
    ? message.isDeleted
      ? t("messages.deleted")
      : message.body || message.mediaType
    : t("messageView.quotedMissing");
  return (
    <button
      type="button"
      className="message-quote"
      onClick={onPress}
      aria-label={`${t("messageView.quoted")}: ${text}`}
      data-testid="message-quote"
      data-quoted-id={quotedId}
      disabled={!message}
    >
      <span className="message-quote-text">{text.length > 140 ? `${text.slice(0, 139)}…` : text}</span>
    </button>
  );
}

export const MessageBubble = memo(function MessageBubble({
  message,
  quoted,
  reactions,
  queued,
  actions,
  canRetry,
  onAction,
  onStartConversation,
}: BubbleProps) {
  const { t } = useTranslation();
  const capabilities = useContext(ChannelCapabilitiesContext);
  // An edit or delete the channel kept refusing, given up by the worker: it holds in the app only.
  const refused = refusedAmendment(message.dataJson);
  // A channel's notice (the customer changed number): centred in the conversation, not a bubble of theirs.
  if (message.mediaType === "system") return <SystemNotice message={message} />;
  const failed = message.ack === -1;
  const side = message.isPrivate ? "private-note" : message.fromMe ? "from-me" : "from-contact";
  return (
    <div className={`message-row ${side}`} data-message-row={message.id}>
      <article
        className={`message-bubble ${side}${failed ? " failed" : ""}${message.isDeleted ? " deleted" : ""}`}
        data-testid="message-bubble"
        data-ack={message.ack}
        data-state={queued && message.ack === 0 ? "queued" : undefined}
        data-message-id={message.id}
        data-media-type={message.mediaType}
        aria-label={message.isPrivate ? t("messageView.privateNote") : undefined}
      >
        {message.isPrivate && (
          <span className="message-marker private" data-testid="message-private">
            <LockIcon size={14} /> {t("messageView.privateNote")}
          </span>
        )}
        {message.isForwarded && !message.isDeleted && (
          <span className="message-marker" data-testid="message-forwarded">
            <ForwardIcon size={14} /> {t("messageView.forwarded")}
          </span>
        )}
        {message.quotedMsgId && !message.isDeleted && (
          <QuotedPreview message={quoted} quotedId={message.quotedMsgId} onPress={() => onAction("quote", message)} />
        )}
        {message.fromMe && quoteNotSent(message.dataJson) && (
          <span
            className="message-marker"
            data-testid="message-quote-not-sent"
            title={t("backendErrors.ERR_FETCH_WAPP_MSG")}
          >
            {t("messageView.quoteNotSent")}
          </span>
        )}
        {message.isDeleted ? (
          <p
            className="message-body deleted"
            data-testid="message-deleted"
            title={refused === "delete" ? t("backendErrors.ERR_DELETE_WAPP_MSG") : undefined}
          >
            {message.fromMe
              ? (capabilities.deleteForEveryone && refused !== "delete") || message.isPrivate
                ? t("messages.deleted")
                : t("connectionState.capabilities.deletedHere")
              : t("messages.deletedByContact")}
          </p>
        ) : (
          <MessageContent message={message} onStartConversation={onStartConversation} />
        )}
        {reactions && reactions.length > 0 && (
          <span
            className="message-reactions"
            role="img"
            aria-label={t("messageView.reactions", { list: reactions.map((r) => r.emoji).join(" ") })}
            data-testid="message-reactions"
          >
            {reactions.map((r) => (
              <span key={r.id}>{r.emoji}</span>
            ))}
          </span>
        )}
        <span className="message-meta">
          {message.isEdited && !message.isDeleted && (
            <span className="message-edited" data-testid="message-edited">
              {message.fromMe && !message.isPrivate && (!capabilities.editForEveryone || refused === "edit")
                ? t("connectionState.capabilities.editedHere")
                : t("messageView.edited")}
            </span>
          )}
          <time dateTime={message.createdAt}>{formatTime(new Date(message.createdAt))}</time>
          {message.fromMe && !message.isPrivate && <AckMark ack={message.ack} queued={queued} />}
        </span>
        {failed && (
          <div className="message-failure">
            {/* The platform's own reason, when it gave one, says more than our code's general text. */}
            {deliveryFailureOf(message.dataJson) ? (
              <DeliveryFailureReason message={message} />
            ) : (
              message.errorCode && (
                <span className="message-error">{errorText({ error: message.errorCode, message: "" })}</span>
              )
            )}
            {canRetry && retryMakesSense(message) && (
              <Button
                size="small"
                variant="ghost"
                icon={<RefreshIcon size={14} />}
                onPress={() => onAction("retry", message)}
                data-testid="message-retry"
              >
                {t("messageView.retry")}
              </Button>
            )}
          </div>
        )}
      </article>
      {actions.length > 0 && <MessageMenu message={message} actions={actions} onAction={onAction} />}
    </div>
  );
});

/** The kind of edit or delete the channel refused for good (the worker's `amendFailure`), if any. */
export function refusedAmendment(dataJson: unknown): "edit" | "delete" | undefined {
  const failure = (dataJson as { amendFailure?: { kind?: unknown } } | null)?.amendFailure;
  return failure?.kind === "edit" || failure?.kind === "delete" ? failure.kind : undefined;
}

/** The worker sent this reply without its quote: the quoted message never reached the channel (ERR_FETCH_WAPP_MSG). */
export const quoteNotSent = (dataJson: unknown) =>
  (dataJson as { quoteNotSent?: unknown } | null)?.quoteNotSent !== undefined;
