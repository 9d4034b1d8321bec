// What Meta sends for Facebook and Instagram (decision 0052), as core reads it: the pages of GET /{user-id}/accounts and
// the Messenger / Instagram webhook deliveries. Each webhook entry and messaging event is checked on its own, so one
// bad event is skipped without losing the rest.
import { z } from "zod";
import { zMetaId } from "../contract/facebook.ts";
import { findNulByte } from "../contract/nul-bytes.ts";

/** A page of GET /{user-id}/accounts; pages that do not pass are skipped. */
export const ZFacebookPageSchema = z.object({
  id: zMetaId,
  name: z.string().trim().min(1).max(200),
  access_token: z.string().min(1).max(2048),
  instagram_business_account: z
    .object({ id: zMetaId, username: z.string().max(200).optional(), name: z.string().max(200).optional() })
    .optional(),
});
export type TFacebookPage = z.infer<typeof ZFacebookPageSchema>;

/** No NUL anywhere in the object: parts of it are stored whole (dataJson is jsonb). */
const noNul = (v: unknown) => findNulByte(v) === undefined;

/**
 * Message ids (m_..., mid.$cAAJ..., base64-ish for Instagram): checked only for length and for characters that cannot
 * harm (visible ASCII, no space or control character), never for a format narrower than Meta's (decision 0092).
 */
const zMid = z.string().regex(/^[\x21-\x7e]{1,512}$/, "Invalid id");
/** Milliseconds since the epoch. */
const zMillis = z.number().int().min(0).max(1e14);
/**
 * An event's timestamp: milliseconds as the webhook references print them, or a string of digits as Meta's newer
 * pages show ("1527459824", seconds): read as milliseconds either way, never a reason to skip the event.
 */
const zEventTime = z.union([
  zMillis,
  z
    .string()
    .regex(/^\d{1,14}$/)
    .transform((v) => (v.length <= 11 ? Number(v) * 1000 : Number(v))),
]);
/**
 * Who sent or received an event: a page-scoped id, or, for a guest of the website's chat plugin, a `user_ref`
 * (core/src/meta/messenger-user-ref.ts). Instagram always names an id.
 */
const zParty = z.object({ id: zMetaId.optional(), user_ref: z.string().max(256).optional() });

/** The whole body: "page" for Messenger, "instagram" for Instagram; entries checked one by one. */
export const ZMessengerWebhookSchema = z.object({
  object: z.enum(["page", "instagram"]),
  entry: z.array(z.unknown()).max(1000).default([]),
});

export const ZMessengerEntrySchema = z.object({
  /** The page's (or Instagram account's) id: which of our connections the entry is for. */
  id: zMetaId,
  /** Messaging events, each checked on its own (ZMessagingEventSchema). */
  messaging: z.array(z.unknown()).max(1000).default([]),
});

const zAttachment = z
  .object({
    /** image, audio, video, file, fallback, template, share, story_mention, ig_reel... */
    type: z.string().max(40),
    payload: z
      .object({ url: z.url().max(4096).optional(), title: z.string().max(1000).optional() })
      .loose()
      .nullable()
      .optional(),
  })
  .loose();

export const ZMessagingEventSchema = z
  .object({
    /** Who sent it: the contact, or our page/account for an echo; absent on a checkbox plugin's opt-in. */
    sender: zParty.optional(),
    /** Who received it: our page/account, or the contact for an echo. */
    recipient: zParty,
    timestamp: zEventTime.optional(),
    message: z
      .object({
        mid: zMid,
        text: z.string().max(65536).optional(),
        /** Our own page's message (sent by us or from the page inbox). */
        is_echo: z.boolean().optional(),
        /** What our send put in message.metadata: our message's id. */
        metadata: z.string().max(1000).optional(),
        attachments: z.array(zAttachment).max(10).optional(),
        is_deleted: z.boolean().optional(),
        /** The message this one replies to (mid), or on Instagram the story it answers (url, id). */
        reply_to: z
          .object({
            mid: zMid.optional(),
            story: z.object({ url: z.string().max(4096).optional(), id: z.string().max(100).optional() }).optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    /** Messenger: some of our messages (mids) and everything before the watermark were delivered. */
    delivery: z.object({ mids: z.array(zMid).max(1000).optional(), watermark: zEventTime.optional() }).optional(),
    /** Messenger: everything before the watermark was read; Instagram: the message mid was read. */
    read: z.object({ watermark: zEventTime.optional(), mid: zMid.optional() }).optional(),
    /** A reaction to a message (action react or unreact). */
    reaction: z
      .object({ mid: zMid, action: z.string().max(20).optional(), emoji: z.string().max(40).optional() })
      .optional(),
    /** How the contact came (an ad, an m.me or ig.me link): shown as a card in the conversation. */
    referral: z
      .object({ ref: z.string().max(1000).optional(), source: z.string().max(100).optional() })
      .loose()
      .optional(),
    /**
     * Messenger's messaging_optins: the Send to Messenger plugin (`ref`, with a sender) or the checkbox plugin
     * (`user_ref`, without one), shown as a notice in the contact's conversation.
     */
    optin: z
      .object({
        ref: z.string().max(1000).optional(),
        user_ref: z.string().max(256).optional(),
        type: z.string().max(100).optional(),
        payload: z.string().max(1000).optional(),
        title: z.string().max(1000).optional(),
      })
      .loose()
      .optional(),
    /** A button of ours the contact pressed. */
    postback: z
      .object({
        mid: zMid.optional(),
        title: z.string().max(1000).optional(),
        payload: z.string().max(1000).optional(),
        /** How the contact came (Get Started after an ad, an m.me link, the chat plugin): the conversation's card. */
        referral: z
          .object({ ref: z.string().max(1000).optional(), source: z.string().max(100).optional() })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose()
  .refine(noNul, "Text must not contain NUL characters");
export type TMessagingEvent = z.infer<typeof ZMessagingEventSchema>;
