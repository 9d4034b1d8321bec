// Requests and answers of the message calls (spec 1 §7 Messages), shared by
// core's routes and the PWA's forms. Messages in Portuguese are the spec's own.
import { z } from "zod";
import { zDayWith } from "./dates.ts";
import type { MessageDTO } from "./entities.ts";
import { zIdParam, zIdParamWith } from "./ids.ts";

/** Booleans as JSON sends them, or as a query string / multipart field ("true"/"false") does. */
const zBoolish = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** Largest text a message may carry. */
export const MESSAGE_BODY_MAX = 65536;

/** Largest media file a message may carry: WhatsApp's own limit for documents. */
export const MEDIA_MAX_BYTES = 100 * 1024 * 1024;

/** A ticket id in a path: interactive sends need a numeric one (spec 1 §5). */
export const ZTicketIdParamSchema = zIdParamWith("ID do Ticket inválido.");

/** A message id in a path: messages are keyed by UUIDv7. */
export const ZMessageIdParamSchema = z.uuid("Invalid message id");

/**
 * The optional client id of a REST send (the PWA's outbox): the message is stored under it, and a retry after a
 * lost answer stores nothing new (POST /messages/copy|call|URL/{ticketId} with a header image).
 */
export const ZClientMessageIdSchema = z.object({ id: z.uuid("Invalid message id").optional() });

export const ZListMessagesQuerySchema = z.object({
  /** 1-based page, counted from the newest message. */
  pageNumber: z.coerce.number().int().positive().max(100000).default(1),
  /** JSON array of queue ids: only messages of those queues, plus messages without a queue. */
  selectedQueues: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === "") return [];
      try {
        const parsed = z.array(zIdParam).max(1000).parse(JSON.parse(s));
        return parsed;
      } catch {
        ctx.addIssue({ code: "custom", message: "selectedQueues must be a JSON array of queue ids" });
        return z.NEVER;
      }
    }),
  /** Keyset alternative to pageNumber: the id of the oldest message already shown (`nextCursor`). */
  cursor: z.uuid().optional(),
});
export type TListMessagesQuery = z.infer<typeof ZListMessagesQuerySchema>;

/** A contact card (vCard) to send: who, and their number. */
export const ZVCardSchema = z
  .object({
    /** The name shown on the card. */
    name: z.string().trim().min(1, "Required").max(200),
    /** The number, digits only once cleaned (country code, area code, number). */
    number: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).replace(/\D/g, ""))
      .pipe(z.string().min(5, "Invalid number").max(20, "Invalid number")),
  })
  .loose();
export type TVCard = z.infer<typeof ZVCardSchema>;

/** The quoted message: its id, or the whole message as the original client sends it. */
const zQuotedMsg = z
  .union([z.uuid(), z.object({ id: z.uuid() }).loose()])
  .nullish()
  .transform((q) => (q == null ? null : typeof q === "string" ? q : q.id));

/** POST /messages/{ticketId} with a JSON body. */
export const ZSendMessageRequestSchema = z.object({
  /**
   * The client's id of the message (UUIDv7), or the Idempotency-Key header: a send retried after a lost answer
   * stores and sends nothing new and answers the stored message; the same id with other content is refused.
   */
  id: z.uuid().optional(),
  /** Ignored: the agent's own message is always stored read. */
  read: zBoolish.optional(),
  /** Ignored: a message sent through the API is always the agent's (fromMe). */
  fromMe: zBoolish.optional(),
  /** A file already in this company's media store (/media/{companyId}/{file}), e.g. a quick message's media. */
  mediaUrl: z.string().max(1000).nullish(),
  /** The text, or the media's caption. Empty text with no media is refused. */
  body: z.string().max(MESSAGE_BODY_MAX).default(""),
  /** The message this one replies to; it must belong to the same ticket. */
  quotedMsg: zQuotedMsg,
  /** An internal note: stays in the inbox and never reaches the contact. */
  isPrivate: zBoolish.default(false),
  /** A contact card to send instead of text. */
  vCard: ZVCardSchema.nullish(),
});
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequestSchema>;

/** POST /messages/{ticketId} as multipart: the text fields beside the `medias` files. */
export const ZSendMediaFieldsSchema = z.object({
  /** One caption for every file, or one per file in the order of `medias`. */
  body: z.union([z.string().max(MESSAGE_BODY_MAX), z.array(z.string().max(MESSAGE_BODY_MAX)).max(10)]).optional(),
  /** Ignored, as in the JSON form. */
  fromMe: zBoolish.optional(),
  /** Internal notes with media stay in the inbox too. */
  isPrivate: zBoolish.default(false),
  /** The message the media replies to (same ticket). */
  quotedMsg: z.uuid().optional(),
  /**
   * The client's id of each message (UUIDv7), one per file in the order of `medias`: the idempotency key.
   * A send repeated after a lost answer, a crash or a reload stores nothing new and answers the first one.
   */
  id: z.union([z.uuid(), z.array(z.uuid()).max(10)]).optional(),
});
export type TSendMediaFields = z.infer<typeof ZSendMediaFieldsSchema>;

/** POST /messages/edit/{id}. */
export const ZEditMessageRequestSchema = z.object({
  /** The new text; empty or whitespace-only text is refused. */
  body: z.string().trim().min(1, "Empty message").max(MESSAGE_BODY_MAX),
});
export type TEditMessageRequest = z.infer<typeof ZEditMessageRequestSchema>;

/** POST /message/forward. */
export const ZForwardMessageRequestSchema = z.object({
  /** The message to forward; forwarding with none selected is an error (spec 1 §5). */
  messageId: z.uuid("No message selected"),
  /** The contact who receives the copy (in their ticket in progress, or a new one). */
  contactId: zIdParamWith("Required"),
  /** Sign the copy with the agent's name (only when the company's sendSignMessage is enabled). */
  signMessage: zBoolish.default(false),
});
export type TForwardMessageRequest = z.infer<typeof ZForwardMessageRequestSchema>;

/** GET /messages-allMe: how many messages the company exchanged in a period. */
export const ZCountMessagesQuerySchema = z
  .object({
    /** "true": sent by the company; "false": received; absent: both. */
    fromMe: zBoolish.optional(),
    /** First day counted (yyyy-mm-dd, America/Sao_Paulo). */
    dateStart: zDayWith("Invalid date"),
    /** Last day counted, inclusive. */
    dateEnd: zDayWith("Invalid date"),
  })
  .refine((q) => q.dateStart <= q.dateEnd, { message: "dateStart is after dateEnd", path: ["dateEnd"] });
export type TCountMessagesQuery = z.infer<typeof ZCountMessagesQuerySchema>;
export type CountMessagesResponse = { count: number };

// Interactive messages (spec 1 §5): stored with their payload in dataJson.

const zText = (max = 1024) => z.string().trim().max(max).default("");
/** An optional header image, base64 (a data: prefix is accepted). */
/** A header image's largest size (decoded bytes): WhatsApp allows 5 MB, but the JSON body carries it in base64. */
export const INTERACTIVE_IMAGE_MAX_BYTES = 1024 * 1024;

const zImage = z.string().max(1_500_000).optional();

/** The label of a list's button when none is given (the contact's WhatsApp shows it). */
export const LIST_BUTTON_DEFAULT = "Clique aqui";

/** POST /messages/lista/{ticketId}: a list message. */
export const ZListMessageRequestSchema = z.object({
  /** The list's title; required ('Por favor, selecione um título.'). */
  title: z.string("Por favor, selecione um título.").trim().min(1, "Por favor, selecione um título.").max(1024),
  /** The text above the list. */
  text: zText(4096),
  /** Label of the button that opens the list. */
  buttonText: z.string().trim().max(40).default(LIST_BUTTON_DEFAULT),
  /** Small text under the message. */
  footer: zText(),
  /** Sections of options, each with rows the contact can pick. */
  sections: z
    .array(
      z.object({
        /** The section's heading. */
        title: zText(),
        /** The options. */
        rows: z
          .array(
            z.object({
              /** The option's text. */
              title: z.string().trim().min(1, "Empty option").max(200),
              /** The id answered back when the contact picks it. */
              rowId: z.coerce.string().optional(),
              /** Smaller text under the option. */
              description: z.string().max(200).optional(),
            }),
          )
          .min(1, "Add at least one option")
          .max(100),
      }),
    )
    .min(1, "Add at least one option")
    .max(10),
});
export type TListMessageRequest = z.infer<typeof ZListMessageRequestSchema>;

/** POST /messages/copy/{ticketId}: a message with a copy-code button. */
export const ZCopyMessageRequestSchema = z.object({
  /** Main text. */
  title: zText(),
  /** Footer text. */
  description: zText(),
  /** Label of the button. */
  buttonText: zText(40),
  /** The code the button copies. */
  copyText: z.string("Nenhum conteúdo para copiar.").trim().min(1, "Nenhum conteúdo para copiar.").max(1024),
  /** Optional header image. */
  image: zImage,
});
export type TCopyMessageRequest = z.infer<typeof ZCopyMessageRequestSchema>;

/** POST /messages/call/{ticketId}: a call-me button; copyText is the phone number. */
export const ZCallMessageRequestSchema = z.object({
  /** Main text. */
  title: zText(),
  /** Footer text. */
  description: zText(),
  /** Label of the button. */
  buttonText: zText(40),
  /** The phone number the button calls (digits, with country code). */
  copyText: z
    .union([z.string(), z.number()], "Invalid phone number")
    .transform((v) => String(v).replace(/\D/g, ""))
    .pipe(z.string().min(8, "Invalid phone number").max(20, "Invalid phone number")),
  /** Optional header image. */
  image: zImage,
});
export type TCallMessageRequest = z.infer<typeof ZCallMessageRequestSchema>;

/** POST /messages/URL/{ticketId}: a link button; copyText is the URL. */
export const ZUrlMessageRequestSchema = z.object({
  /** Main text. */
  title: zText(),
  /** Footer text. */
  description: zText(),
  /** Label of the button. */
  buttonText: zText(40),
  /** The link (http or https). */
  copyText: z.url({ protocol: /^https?$/, error: "Nenhum link disponível." }).max(2048),
  /** Optional header image. */
  image: zImage,
});
export type TUrlMessageRequest = z.infer<typeof ZUrlMessageRequestSchema>;

export const PIX_KEY_TYPES = ["CNPJ", "CPF", "PHONE", "EMAIL", "EVP"] as const;

/** A PHONE key gets the +55 prefix when missing (spec 1 §5); 10-11 digits are a national number. */
export function normalizePixPhone(key: string): string {
  const digits = key.replace(/\D/g, "");
  if (key.trim().startsWith("+")) return `+${digits}`;
  return digits.length <= 11 ? `+55${digits}` : `+${digits}`;
}

/** Money as a number or text ("10.50", "10,50", "1.234,56"). */
const zMoney = z.union([z.number(), z.string()], "Invalid value").transform((v, ctx) => {
  let n = v;
  if (typeof n === "string") {
    const s = n.trim().replace(/^R\$\s*/, "");
    n = Number(s.includes(",") ? s.replace(/\./g, "").replace(",", ".") : s);
  }
  if (!Number.isFinite(n) || n <= 0 || n > 1e9) {
    ctx.addIssue({ code: "custom", message: "Invalid value" });
    return z.NEVER;
  }
  return Math.round(n * 100) / 100;
});

const PIX_KEY_RULES: Record<(typeof PIX_KEY_TYPES)[number], RegExp> = {
  PHONE: /^\+\d{12,15}$/,
  CPF: /^\d{11}$/,
  CNPJ: /^\d{14}$/,
  EMAIL: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  EVP: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

/** POST /messages/PIX/{ticketId}: a PIX payment request. */
export const ZPixMessageRequestSchema = z
  .object({
    /** What is being paid (the order item's name). */
    title: zText(200),
    /** The amount in BRL. */
    sendvalue: zMoney,
    /** Which kind of PIX key sendKey is. */
    sendkey_type: z.enum(PIX_KEY_TYPES, "Invalid PIX key type"),
    /** The receiver's name shown to the payer. */
    sendmerchant_name: zText(200),
    /** The PIX key. */
    sendKey: z.union([z.string(), z.number()], "Required").transform((v) => String(v).trim()),
  })
  .transform((req, ctx) => {
    let key = req.sendKey;
    if (req.sendkey_type === "PHONE") key = normalizePixPhone(key);
    else if (req.sendkey_type === "CPF" || req.sendkey_type === "CNPJ") key = key.replace(/\D/g, "");
    if (!PIX_KEY_RULES[req.sendkey_type].test(key)) {
      ctx.addIssue({ code: "custom", message: "Invalid PIX key", path: ["sendKey"] });
      return z.NEVER;
    }
    return { ...req, sendKey: key };
  });
export type TPixMessageRequest = z.infer<typeof ZPixMessageRequestSchema>;

/** A message as GET /messages/{ticketId} and the send routes answer it (spec 1 §3 Message). */
export type MessageDetailDTO = MessageDTO & {
  queueId: number | null;
  quotedMsg: { id: string; body: string; fromMe: boolean } | null;
  contact: { name: string } | null;
  queue: { name: string } | null;
  /** A contact card's person (contactMessage); null for every other message. */
  vCard: { name: string; number: string } | null;
  ticket: {
    id: number;
    uuid: string;
    queueId: number | null;
    whatsappId: number | null;
    /** The ticket's queue now (the message's own queue is `queue`). */
    queue: { id: number; name: string; color: string } | null;
    /** The ticket's owner now. */
    user: { id: number; name: string } | null;
  };
};

export type ListMessagesResponse = {
  messages: MessageDetailDTO[];
  hasMore: boolean;
  /** Pass back as `cursor` for the next (older) page; null on the last one. */
  nextCursor: string | null;
};

/** Sync push arguments of the message mutations beside sendMessage (contract/sync.ts MUTATIONS). */
export const ZEditMessageArgsSchema = z.object({
  /** The message to edit (the caller's own, within 15 minutes). */
  id: z.uuid(),
  /** Its new text. */
  body: z.string().trim().min(1, "Empty message").max(MESSAGE_BODY_MAX),
});
export type TEditMessageArgs = z.infer<typeof ZEditMessageArgsSchema>;

export const ZDeleteMessageArgsSchema = z.object({
  /** The message to delete (the caller's own). */
  id: z.uuid(),
});
export type TDeleteMessageArgs = z.infer<typeof ZDeleteMessageArgsSchema>;

export const ZRetryMessageArgsSchema = z.object({
  /** The caller's own message whose send failed (ack -1): queued once more for the channel. */
  id: z.uuid(),
});
export type TRetryMessageArgs = z.infer<typeof ZRetryMessageArgsSchema>;
