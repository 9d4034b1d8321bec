// The external messages API of spec 3 §7 (POST /api/messages/send, for systems outside the product) and the rules
// of its test forms (spec 3 §5). One schema for the JSON body and the multipart fields: form fields arrive as
// strings, so ids and flags accept their text forms too. The PWA's test forms validate with the same schemas.
import { z } from "zod";
import { zIdParam } from "./ids.ts";
import { ZSendTemplateRequestSchema } from "./message-templates.ts";
import {
  MESSAGE_BODY_MAX,
  ZCallMessageRequestSchema,
  ZCopyMessageRequestSchema,
  ZListMessageRequestSchema,
  ZUrlMessageRequestSchema,
  ZVCardSchema,
} from "./messages.ts";

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

/** A template's text parameter, checked as Meta checks it (the template picker's rule). */
const zTemplateParam = ZSendTemplateRequestSchema.shape.bodyParams.unwrap().element;

/**
 * An approved Cloud API template, in the Graph API's own shape (`template` of a `type: template` message): its
 * name, its language code and the text values of its header and body, `{{1}}` first. The one message Meta takes
 * outside the 24-hour window.
 */
export const ZExternalTemplateSchema = z
  .object({
    /** The template's name, as approved. */
    name: ZSendTemplateRequestSchema.shape.name,
    /** Its language code (`pt_BR`, `en_US`); Meta's `{ code }` object is taken too. */
    language: z
      .union([z.string(), z.object({ code: z.string() }).transform((l) => l.code)])
      .pipe(ZSendTemplateRequestSchema.shape.language),
    /** The values: a header component with one text parameter at most, a body one with up to 30. */
    components: z
      .array(
        z.object({
          type: z.enum(["header", "body"], "Only header and body components take values"),
          parameters: z.array(z.object({ type: z.literal("text", "Only text parameters"), text: zTemplateParam })),
        }),
      )
      .max(2)
      .default([]),
  })
  .transform((t, ctx) => {
    const values = (type: "header" | "body") =>
      t.components.filter((c) => c.type === type).flatMap((c) => c.parameters.map((p) => p.text));
    const headerParams = values("header");
    const bodyParams = values("body");
    if (headerParams.length > 1)
      ctx.addIssue({ code: "custom", message: "A header takes one value", path: ["components"] });
    if (bodyParams.length > 30) ctx.addIssue({ code: "custom", message: "Too many values", path: ["components"] });
    return { name: t.name, language: t.language, headerParams, bodyParams };
  });
export type TExternalTemplate = z.infer<typeof ZExternalTemplateSchema>;

/** The interactive messages the API sends (the composer's, without header images): a list, or one button. */
export const ZExternalInteractiveSchema = z.discriminatedUnion(
  "type",
  [
    ZListMessageRequestSchema.extend({ type: z.literal("list") }),
    ZCopyMessageRequestSchema.omit({ image: true }).extend({ type: z.literal("copy") }),
    ZCallMessageRequestSchema.omit({ image: true }).extend({ type: z.literal("call") }),
    ZUrlMessageRequestSchema.omit({ image: true }).extend({ type: z.literal("url") }),
  ],
  { error: "Unknown interactive type: list, copy, call or url" },
);
export type TExternalInteractive = z.infer<typeof ZExternalInteractiveSchema>;

/** POST /api/messages/send: the JSON body, or the multipart text fields beside the `medias` files. */
const ZExternalSendFieldsSchema = z.object({
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
  /** Send this approved template instead of a text (Cloud API only); `body`, when given, is what the inbox shows. */
  template: ZExternalTemplateSchema.optional(),
  /** Send this contact card (name and number) instead of a text. */
  contact: ZVCardSchema.pick({ name: true, number: true }).optional(),
  /** Send this interactive message (list or button) instead of a text. */
  interactive: ZExternalInteractiveSchema.optional(),
});

/** The kinds of message that replace the text; one at most, and never with files (JSON only). */
export const EXTERNAL_MESSAGE_KINDS = ["template", "contact", "interactive"] as const;
export const EXTERNAL_ONE_KIND_MESSAGE = "Send one of template, contact or interactive at a time";

export const ZExternalSendRequestSchema = ZExternalSendFieldsSchema.superRefine((r, ctx) => {
  const given = EXTERNAL_MESSAGE_KINDS.filter((k) => r[k] !== undefined);
  for (const k of given.slice(1)) ctx.addIssue({ code: "custom", message: EXTERNAL_ONE_KIND_MESSAGE, path: [k] });
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

/**
 * The /messages-api template test form: token, number, the template's name and language, and its body's values
 * one per line ({{1}} first), each checked as Meta checks a parameter.
 */
export const ZExternalTemplateFormSchema = z.object({
  token: z.string().trim().min(1, "Required"),
  number: ZExternalNumberSchema,
  name: ZSendTemplateRequestSchema.shape.name,
  language: ZSendTemplateRequestSchema.shape.language,
  values: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    )
    .pipe(z.array(zTemplateParam).max(30, "Too many values")),
});
export type TExternalTemplateForm = z.input<typeof ZExternalTemplateFormSchema>;
