// What Meta's channels add to a message (issue 22, decision 0092): the ad or link that brought the contact (a card
// above the message), the Instagram story a message answers or mentions (its link), an order's lines, a message the
// inbox cannot show (its raw type and Meta's reason), a system notice (centred, not a bubble) and a failed
// delivery's reason in the agent's words with what to do. Each reads the dataJson the webhook stored.
import { deliveryFailureOf } from "@chatflow/core/contract/delivery-failure.ts";
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { InfoIcon, ListIcon, MegaphoneIcon } from "../../ui/icons.tsx";
import { safeHref } from "./format-text.ts";
import { FormattedText } from "./formatted-text.tsx";
import { Card } from "./structured-messages.tsx";

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === "object" && !Array.isArray(v) ? (v as Data) : {});
const str = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/**
 * The referral a message carries: the Cloud API's on the ad's first message (headline, body, source_url), Messenger's
 * referral event or the one riding a postback or message (ads_context_data, ref, source).
 */
export function referralOf(m: MessageDTO): { title: string; body: string; href: string | null; ad: boolean } | null {
  const d = obj(m.dataJson);
  const r = obj(d.referral ?? obj(d.postback).referral);
  if (Object.keys(r).length === 0) return null;
  const ads = obj(r.ads_context_data);
  const source = (str(r.source_type) || str(r.source)).toLowerCase();
  return {
    title: str(r.headline) || str(ads.ad_title) || str(r.ref),
    body: str(r.body),
    href: safeHref(str(r.source_url) || str(ads.photo_url)) ?? null,
    ad: source === "ad" || source === "ads" || Boolean(r.ctwa_clid) || Boolean(r.ad_id),
  };
}

/** The ad (or link, post) that brought the contact: shown above the message it came with. */
export function ReferralCard({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const r = referralOf(message);
  if (!r) return null;
  return (
    <Card
      icon={<MegaphoneIcon size={16} />}
      title={r.ad ? t("messageView.meta.fromAd") : t("messageView.meta.fromLink")}
      testId="message-referral"
    >
      {r.title && <p className="message-referral-title">{r.title}</p>}
      {r.body && <p className="message-referral-body">{r.body}</p>}
      {r.href && (
        <a href={r.href} target="_blank" rel="noopener noreferrer">
          {t("messageView.meta.openAd")}
        </a>
      )}
    </Card>
  );
}

/** An Instagram story the message answers (reply_to.story) or mentions the account in (a story_mention attachment). */
export function storyOf(m: MessageDTO): { kind: "reply" | "mention"; href: string | null } | null {
  const d = obj(m.dataJson);
  const story = obj(obj(d.reply_to).story);
  if (str(story.url) || str(story.id)) return { kind: "reply", href: safeHref(str(story.url)) ?? null };
  const attachment = obj(d.attachment);
  if (attachment.type === "story_mention")
    return { kind: "mention", href: safeHref(str(obj(attachment.payload).url)) ?? null };
  return null;
}

/** The story's link (it expires after a day, as Meta warns: only the link is kept, never the story's file). */
export function StoryLink({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const story = storyOf(message);
  if (!story) return null;
  return (
    <p className="message-marker message-story" data-testid="message-story" data-story={story.kind}>
      {story.kind === "reply" ? t("messageView.meta.storyReply") : t("messageView.meta.storyMention")}
      {story.href && (
        <>
          {" · "}
          <a href={story.href} target="_blank" rel="noopener noreferrer">
            {t("messageView.meta.openStory")}
          </a>
        </>
      )}
    </p>
  );
}

/** A customer's order from the catalogue: its lines as the webhook stored them. */
export function OrderMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  return (
    <Card icon={<ListIcon size={16} />} title={t("messageView.meta.order")} testId="message-order">
      <p className="message-body">
        <FormattedText text={message.body} />
      </p>
    </Card>
  );
}

/** A message the inbox cannot show: what type the channel gave it and, when Meta says, why. */
export function UnsupportedMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const d = obj(message.dataJson);
  const raw = str(d.rawType) || message.mediaType;
  const error = obj(Array.isArray(d.errors) ? d.errors[0] : undefined);
  const why = str(error.title) || str(obj(error.error_data).details) || str(error.details);
  return (
    <div data-testid="message-unsupported" data-raw-type={raw}>
      <p className="message-marker">{t("messageView.unsupported", { type: raw })}</p>
      <p className="message-body message-hint">{t("messageView.meta.unsupportedHint")}</p>
      {why && <p className="message-body message-hint">{why}</p>}
      {message.body && (
        <p className="message-body">
          <FormattedText text={message.body} />
        </p>
      )}
    </div>
  );
}

/** A system message (the customer changed number, opened the chat): a notice centred in the conversation. */
export function SystemNotice({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const data = obj(message.dataJson);
  const type = str(obj(data.system).type);
  // A Messenger plugin's opt-in (the Send to Messenger or checkbox plugin on the company's site): its ref says where.
  const optin = data.optin ? obj(data.optin) : null;
  const optinText = optin
    ? str(optin.ref)
      ? t("messageView.meta.optinFrom", { ref: str(optin.ref) })
      : t("messageView.meta.optin")
    : "";
  const text =
    message.body || optinText || (type ? t("messageView.meta.systemOf", { type }) : t("messageView.meta.system"));
  return (
    <div className="message-row system-notice" data-message-row={message.id}>
      <p className="message-system" role="note" data-testid="message-system" data-message-id={message.id}>
        <InfoIcon size={14} /> {text}
      </p>
    </div>
  );
}

/** Why the platform could not deliver it, in the agent's words, with what to do and the platform's own words. */
export function DeliveryFailureReason({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const f = deliveryFailureOf(message.dataJson);
  if (!f) return null;
  const own = [f.code !== null ? `#${f.code}` : "", f.title, f.details || f.message].filter(Boolean).join(" · ");
  return (
    <div className="message-failure-reason" data-testid="message-failure-reason" data-kind={f.kind}>
      <p className="message-failure-what">{t(`messageView.meta.failure.${f.kind}`)}</p>
      {own && <p className="message-failure-platform">{own}</p>}
    </div>
  );
}

/** Whether retrying the failed message can work: not when the platform says it cannot (the window, the number). */
export function retryMakesSense(message: MessageDTO): boolean {
  return deliveryFailureOf(message.dataJson)?.retry !== false;
}
