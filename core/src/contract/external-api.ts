// The external messages API of spec 3 §7 (POST /api/messages/send, for systems outside the product) and the rules
// of its test forms (spec 3 §5). One schema for the JSON body and the multipart fields: form fields arrive as
// strings, so ids and flags accept their text forms too. The PWA's test forms validate with the same schemas.
import { z } from "zod";
import { zIdParam } from "./ids.ts";
import { MESSAGE_BODY_MAX } from "./messages.ts";

/** The path a system outside the product posts to, with `Authorization: Bearer {connection token}`. */
export const EXTERNAL_SEND_PATH = "/api/messages/send";

/** Spec 3 §5: "The number must carry no mask or special characters: country code, area code, number." */
export const EXTERNAL_NUMBER_MESSAGE = "Invalid number: digits only (country code, area code, number)";

/** The header that makes a retried call store one message (any 1..200 visible characters). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

const zFlag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).default(false);

/** The contact's number: digits only (country code, area code, number), as the spec's documentation says. */
export const ZExternalNumberSchema = z
  .union([z.string(), z.number()], { error: "Required" })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, "Required")
      .regex(/^\d+$/, EXTERNAL_NUMBER_MESSAGE)
      .min(8, EXTERNAL_NUMBER_MESSAGE)
      .max(20, EXTERNAL_NUMBER_MESSAGE),
  );

/** POST /api/messages/send: the JSON body, or the multipart text fields beside the `medias` files. */
export const ZExternalSendRequestSchema = z.object({
  /** The contact's number, digits only; the contact is found by it in the company, or added. */
  number: ZExternalNumberSchema,
  /** The text; with files, the caption of each (the file's name when empty). Required without files. */
  body: z.string({ error: "Required" }).max(MESSAGE_BODY_MAX).default(""),
  /** The user of the company the ticket is given to (open); none leaves a new ticket waiting (pending). */
  userId: z.union([z.literal("").transform(() => null), zIdParam]).nullish(),
  /** The queue of the company the ticket goes to. */
  queueId: z.union([z.literal("").transform(() => null), zIdParam]).nullish(),
  /** Sign the text with the user's name (needs userId), as an agent's signature does. */
  sendSignature: zFlag,
  /** Close the ticket once the message is stored (it still goes out). */
  closeTicket: zFlag,
});
export type TExternalSendRequest = z.infer<typeof ZExternalSendRequestSchema>;

/** What the API answers: the stored messages (one per file, or the text) and the ticket they are on. */
export type TExternalSendAnswer = {
  ticket: {
    id: number;
    uuid: string;
    status: string;
    contactId: number;
    whatsappId: number;
    userId: number | null;
    queueId: number | null;
  };
  messages: {
    id: string;
    body: string;
    mediaType: string;
    mediaUrl: string | null;
    ack: number;
    sendState: string | null;
    createdAt: string;
  }[];
};

/** Spec 3 §5, the text test form: token, number and body are required. */
export const ZExternalTextFormSchema = z.object({
  token: z.string().trim().min(1, "Required"),
  number: ZExternalNumberSchema,
  body: z.string().trim().min(1, "Required").max(MESSAGE_BODY_MAX),
});

/** Spec 3 §5, the media test form: token, number and a file are required; the body falls back to the file's name. */
export const ZExternalMediaFormSchema = z.object({
  token: z.string().trim().min(1, "Required"),
  number: ZExternalNumberSchema,
  body: z.string().max(MESSAGE_BODY_MAX).default(""),
  fileName: z.string({ error: "Required" }).min(1, "Required"),
});
