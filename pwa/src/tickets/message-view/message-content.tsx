// The body of one message by its mediaType (spec 1 §2 "Media types displayed"): text with
// WhatsApp formatting and links, media, and the structured kinds. View-once wraps whichever
// kind it carries. Reactions are not drawn here: the list shows them on their target.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { EyeIcon } from "../../ui/icons.tsx";
import { FormattedText } from "./formatted-text.tsx";
import { AudioMessage, DocumentMessage, ImageMessage, VideoMessage } from "./media-messages.tsx";
import { OrderMessage, ReferralCard, StoryLink, storyOf, UnsupportedMessage } from "./meta-messages.tsx";
import {
  AdMessage,
  CallLogMessage,
  ContactMessage,
  EventMessage,
  InteractiveMessage,
  ListMessage,
  LocationMessage,
  PollMessage,
} from "./structured-messages.tsx";

/** Kinds shown as text: the channels' plain messages and the replies to our buttons and lists. */
const TEXT_TYPES = new Set(["chat", "conversation", "extendedTextMessage", "text", ""]);

export type ContentProps = {
  message: MessageDTO;
  /** 'Conversar' on a contact card. */
  onStartConversation?: (card: { name: string; number: string }, message: MessageDTO) => void;
};

/** A sticker arrives as mediaType image (Cloud API) with its webhook object saying so, or as 'sticker'. */
export function isSticker(m: MessageDTO): boolean {
  if (m.mediaType === "sticker" || m.mediaType === "stickerMessage") return true;
  return (m.dataJson as { type?: unknown } | null)?.type === "sticker";
}

export function MessageContent({ message, onStartConversation }: ContentProps) {
  const { t } = useTranslation();
  const type = message.mediaType;
  if (TEXT_TYPES.has(type)) {
    const story = storyOf(message);
    // A story mention's body is the story's link, which the marker already gives.
    const body = story?.kind === "mention" ? "" : message.body;
    return (
      <>
        <ReferralCard message={message} />
        {story && <StoryLink message={message} />}
        {body && (
          <p className="message-body">
            <FormattedText text={body} />
          </p>
        )}
      </>
    );
  }
  switch (type) {
    case "image":
    case "sticker":
    case "stickerMessage":
      return <ImageMessage message={message} sticker={isSticker(message)} />;
    case "audio":
    case "ptt":
      return <AudioMessage message={message} />;
    case "video":
      return <VideoMessage message={message} />;
    case "application":
    case "document":
      return <DocumentMessage message={message} />;
    case "locationMessage":
      return <LocationMessage message={message} />;
    case "contactMessage":
      return <ContactMessage message={message} onStart={onStartConversation} />;
    case "pollCreationMessageV3":
      return <PollMessage message={message} />;
    case "eventMessage":
      return <EventMessage message={message} />;
    case "listMessage":
      return <ListMessage message={message} />;
    case "interactiveMessage":
      return <InteractiveMessage message={message} />;
    case "adMetaPreview":
      return <AdMessage message={message} />;
    case "call_log":
      return <CallLogMessage message={message} />;
    case "referral":
      // Messenger: an ad or link brought the contact back to an open thread (no message of their own).
      return <ReferralCard message={message} />;
    case "orderMessage":
      return <OrderMessage message={message} />;
    case "unsupported":
      return <UnsupportedMessage message={message} />;
    case "template":
      // A Cloud API template (decision 0053): the filled-in text, marked as a template.
      return (
        <>
          <p className="message-marker" data-testid="message-template">
            {t("messageView.template")}
          </p>
          <p className="message-body">
            <FormattedText text={message.body} />
          </p>
        </>
      );
    case "viewOnceMessage":
    case "viewOnceMessageV2": {
      // The inner kind, when the channel stored it (Baileys: dataJson.mediaType of the wrapped media).
      const inner = (message.dataJson as { mediaType?: unknown } | null)?.mediaType;
      return (
        <div className="message-view-once" data-testid="message-view-once">
          <span className="message-marker">
            <EyeIcon size={14} /> {t("messageView.viewOnce")}
          </span>
          {typeof inner === "string" && inner !== type && !inner.startsWith("viewOnce") ? (
            <MessageContent message={{ ...message, mediaType: inner }} onStartConversation={onStartConversation} />
          ) : (
            message.body && (
              <p className="message-body">
                <FormattedText text={message.body} />
              </p>
            )
          )}
        </div>
      );
    }
    default:
      return (
        <>
          <p className="message-marker">{t("messageView.unsupported", { type })}</p>
          {message.body && (
            <p className="message-body">
              <FormattedText text={message.body} />
            </p>
          )}
        </>
      );
  }
}
