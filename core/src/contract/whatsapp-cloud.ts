// A WhatsApp Cloud API webhook delivery as core accepts it. The envelope is checked
// whole (a body that is not one answers 400); each entry, change, message, status and
// contact is checked on its own, so one bad message is skipped without losing the rest.
import { z } from "zod";
import { findNulByte } from "./nul-bytes.ts";

/** Meta's ids (wamid.HBgL...): base64-ish text of bounded length. */
const zCloudId = z.string().regex(/^[A-Za-z0-9._:=+/-]{1,256}$/, "Invalid id");

/** A WhatsApp id (the contact's number): digits only. */
const zWaId = z.string().regex(/^\d{5,20}$/, "Invalid number");

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
  object: z.string().max(100).optional(),
  /** Entries, each checked on its own (ZCloudEntrySchema). */
  entry: z.array(z.unknown()).max(1000).default([]),
});

export const ZCloudEntrySchema = z.object({
  /** The WhatsApp Business Account the changes belong to (its message_templates edge lists the templates). */
  id: z
    .string()
    .regex(/^\d{1,32}$/)
    .optional()
    .catch(undefined),
  /** Changes, each checked on its own (ZCloudChangeSchema). */
  changes: z.array(z.unknown()).max(1000).default([]),
});

export const ZCloudChangeSchema = z.object({
  /** "messages" for messages and statuses. */
  field: z.string().max(100).optional(),
  value: z.object({
    /** Which of our connections the change is for. */
    metadata: z.object({ phone_number_id: z.string().regex(/^\d{1,32}$/, "Invalid phone_number_id") }),
    /** Senders' profiles, each checked on its own (ZCloudContactSchema). */
    contacts: z.array(z.unknown()).max(1000).default([]),
    /** Messages, each checked on its own (ZCloudMessageSchema). */
    messages: z.array(z.unknown()).max(1000).default([]),
    /** Delivery receipts, each checked on its own (ZCloudStatusSchema). */
    statuses: z.array(z.unknown()).max(1000).default([]),
  }),
});

export const ZCloudContactSchema = z.object({
  /** The sender's number. */
  wa_id: zWaId,
  /** Their WhatsApp profile name. */
  profile: z.object({ name: z.string().max(200).refine(noNul) }).optional(),
});

/** One inbound message; its other fields (image, location, ...) are kept as sent, in dataJson. */
export const ZCloudMessageSchema = z
  .object({
    /** The message's id at Meta: the key that stores it once however often it is delivered. */
    id: zCloudId,
    /** The sender's number. */
    from: zWaId,
    /** Seconds since the epoch, as a string. */
    timestamp: z
      .string()
      .regex(/^\d{1,12}$/, "Invalid timestamp")
      .optional(),
    /** Which kind of message. */
    type: z.enum(CLOUD_MESSAGE_TYPES),
    /** A text message's text. */
    text: z
      .object({ body: z.string().max(65536) })
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
    status: z.string().max(40),
    /** What we sent as biz_opaque_callback_data: our message's id (decision 0042); anything else is ignored. */
    biz_opaque_callback_data: z.string().max(512).optional(),
  })
  .loose();
