// One message: body, time and, for our own messages, the delivery mark.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { AckMark } from "./ack-mark.tsx";
import { formatTime } from "./format.ts";
import { messageText } from "./message-text.ts";

export function MessageBubble({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const failed = message.ack === -1;
  const side = message.fromMe ? "from-me" : "from-contact";
  return (
    <div
      className={`message-bubble ${side}${failed ? " failed" : ""}`}
      data-testid="message-bubble"
      data-ack={message.ack}
      data-message-id={message.id}
    >
      {message.isDeleted ? (
        <p className="message-body deleted">
          {message.fromMe ? t("messages.deleted") : t("messages.deletedByContact")}
        </p>
      ) : (
        <p className="message-body">{messageText(message, t)}</p>
      )}
      <span className="message-meta">
        <time dateTime={message.createdAt}>{formatTime(new Date(message.createdAt))}</time>
        {message.fromMe && <AckMark ack={message.ack} />}
      </span>
      {failed && message.errorCode && (
        <span className="message-error">{errorText({ error: message.errorCode, message: "" })}</span>
      )}
    </div>
  );
}
