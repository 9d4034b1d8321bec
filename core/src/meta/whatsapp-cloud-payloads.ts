// A WhatsApp Cloud API webhook delivery as core accepts it. The envelope is checked
// whole (a body that is not one answers 400); each entry, change, message, status and
// contact is checked on its own, so one bad message is skipped without losing the rest.
import { z } from "zod";
import { findNulByte } from "../contract/nul-bytes.ts";

/**
 * The patterns and sizes below, in one place: the schemas use them, and so does the allocation-free check that
 * accepts the common delivery before the schemas are asked (whatsapp-cloud-fast.ts, decision 0082).
 */
export const CLOUD_RULES = {
  /**
   * Meta's ids (wamid.HBgL...): checked only for length and for characters that cannot harm (visible ASCII, no
   * space or control character), never for a format narrower than Meta's (decision 0092).
   */
  id: /^[\x21-\x7e]{1,512}$/,
  /** A WhatsApp id (the contact's number): digits only. */
  waId: /^\d{5,20}$/,
  /** Meta's numeric ids: the business account's (entry.id) and the phone number's. */
  numericId: /^\d{1,32}$/,
  timestamp: /^\d{1,12}$/,
  /** Most items of one list (entries, changes, contacts, messages, statuses). */
  maxItems: 1000,
  maxObject: 100,
  maxField: 100,
  maxProfileName: 200,
  maxTextBody: 65536,
  maxStatus: 40,
  maxType: 64,
  maxOpaque: 512,
} as const;

const zCloudId = z.string().regex(CLOUD_RULES.id, "Invalid id");

const zWaId = z.string().regex(CLOUD_RULES.waId, "Invalid number");

/** The message types of the Cloud API's webhook reference. */
export const CLOUD_MESSAGE_TYPES = [
  "text",
  "image",
  "audio",
  "video",
  "document",
  "sticker",
  "location",
  "contacts",
  "reaction",
  "interactive",
  "button",
  "order",
  "system",
  "request_welcome",
  "unsupported",
  "unknown",
] as const;

/** No NUL anywhere in the object: it is stored whole (dataJson is jsonb). */
const noNul = (v: unknown) => findNulByte(v) === undefined;

/** The whole body: a JSON object; `entry` a list when present. */
export const ZCloudWebhookSchema = z.object({
  /** "whatsapp_business_account" for the messages webhook. */
  object: z.string().max(CLOUD_RULES.maxObject).optional(),
  /** Entries, each checked on its own (ZCloudEntrySchema). */
  entry: z.array(z.unknown()).max(CLOUD_RULES.maxItems).default([]),
});

export const ZCloudEntrySchema = z.object({
  /** The WhatsApp Business Account the changes belong to (its message_templates edge lists the templates). */
  id: z.string().regex(CLOUD_RULES.numericId).optional().catch(undefined),
  /** Changes, each checked on its own (ZCloudChangeSchema). */
  changes: z.array(z.unknown()).max(CLOUD_RULES.maxItems).default([]),
});

export const ZCloudChangeSchema = z.object({
  /** "messages" for messages and statuses. */
  field: z.string().max(CLOUD_RULES.maxField).optional(),
  value: z.object({
    /** Which of our connections the change is for. */
    metadata: z.object({ phone_number_id: z.string().regex(CLOUD_RULES.numericId, "Invalid phone_number_id") }),
    /** Senders' profiles, each checked on its own (ZCloudContactSchema). */
    contacts: z.array(z.unknown()).max(CLOUD_RULES.maxItems).default([]),
    /** Messages, each checked on its own (ZCloudMessageSchema). */
    messages: z.array(z.unknown()).max(CLOUD_RULES.maxItems).default([]),
    /** Delivery receipts, each checked on its own (ZCloudStatusSchema). */
    statuses: z.array(z.unknown()).max(CLOUD_RULES.maxItems).default([]),
    /** Errors Meta reports for the number rather than a message (logged, nothing stored). */
    errors: z.array(z.unknown()).max(CLOUD_RULES.maxItems).optional(),
  }),
});

export const ZCloudContactSchema = z.object({
  /** The sender's number. */
  wa_id: zWaId,
  /** Their WhatsApp profile name. */
  profile: z.object({ name: z.string().max(CLOUD_RULES.maxProfileName).refine(noNul) }).optional(),
});

/** One inbound message; its other fields (image, location, ...) are kept as sent, in dataJson. */
export const ZCloudMessageSchema = z
  .object({
    /** The message's id at Meta: the key that stores it once however often it is delivered. */
    id: zCloudId,
    /** The sender's number. */
    from: zWaId,
    /** Seconds since the epoch, as a string. */
    timestamp: z.string().regex(CLOUD_RULES.timestamp, "Invalid timestamp").optional(),
    /**
     * Which kind of message: any text, so a type Meta adds later is stored as an unsupported message with its raw
     * type rather than dropped (decision 0092); CLOUD_MESSAGE_TYPES are those the inbox shows as their own.
     */
    type: z.string().max(CLOUD_RULES.maxType).optional(),
    /** A text message's text. */
    text: z
      .object({ body: z.string().max(CLOUD_RULES.maxTextBody) })
      .loose()
      .optional(),
  })
  .loose()
  .refine(noNul, "Text must not contain NUL characters");
export type TCloudMessage = z.infer<typeof ZCloudMessageSchema>;

/** A delivery receipt of a message we sent. */
export const ZCloudStatusSchema = z
  .object({
    /** Our message's id at Meta. */
    id: zCloudId,
    /** sent, delivered, read, played or failed. */
    status: z.string().max(CLOUD_RULES.maxStatus),
    /** What we sent as biz_opaque_callback_data: our message's id (decision 0042); anything else is ignored. */
    biz_opaque_callback_data: z.string().max(CLOUD_RULES.maxOpaque).optional(),
  })
  .loose();
