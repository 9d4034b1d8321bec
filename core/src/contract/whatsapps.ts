// Requests and answers of the connection calls (GET/POST/PUT/DELETE /whatsapp),
// shared by the API and the connection dialog. Cloud API secrets go in and
// never come back: answers say only whether each one is set.
import { z } from "zod";
import type { Channel } from "./entities.ts";
import { zId } from "./ids.ts";

export const CHANNELS = ["whatsapp", "whatsappapi", "facebook", "instagram"] as const satisfies readonly Channel[];

const ZSecret = z.string().trim().max(1000, "Too Long!");
/** Absent keeps the stored value; null or "" clears it. */
const ZOptionalSecret = ZSecret.nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));
/** A count or a number of minutes: a whole number from 0 that fits the database's integer. */
const ZCount = z.number().int().min(0).max(2_147_483_647);

const fields = {
  /** Connection name, 2 to 50 characters, unique in the company. */
  name: z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!"),
  /** Which channel the connection speaks. */
  channel: z.enum(CHANNELS),
  /** The company's default connection; setting one unsets the others. */
  isDefault: z.boolean(),
  /** Queues offered to contacts of this connection; more than one needs a greeting. */
  queueIds: z.array(zId).max(200),
  /** Greeting (queue menu) text; required when more than one queue is chosen. */
  greetingMessage: z.string().max(4000, "Too Long!").nullable(),
  /** Text sent when a ticket of this connection is resolved. */
  farewellMessage: z.string().max(4000, "Too Long!").nullable(),
  /** Group chats become tickets. */
  groupAsTicket: z.enum(["enabled", "disabled"]),
  /** Token of the external messages API; one is generated when absent. */
  token: z.string().trim().min(8, "Too Short!").max(100, "Too Long!").nullable(),
  /** Text asking the contact for a rating; required when company setting userRating is on. */
  ratingMessage: z.string().max(4000, "Too Long!").nullable(),
  /** How many times the queue bot sends its menu before it stays silent (default 3). */
  maxUseBotQueues: ZCount,
  /** Minutes after the queue bot's first menu during which it is not sent again; 0 means no wait (default 0). */
  timeUseBotQueues: ZCount,
  /** Queue that tickets still without one are redirected to after timeSendQueue minutes; needs timeSendQueue. */
  sendIdQueue: zId.nullable(),
  /** Minutes a ticket may wait without a queue before it moves to sendIdQueue; 0 means never (default 0). */
  timeSendQueue: ZCount,
  /** Minutes a ticket waits for the contact's rating before it closes; not 0 when userRating is on. */
  expiresTicketNPS: ZCount,
  /** How many times at most the rating question is sent on one ticket (default 3). */
  maxUseBotQueuesNPS: ZCount,
};

export const ZCreateWhatsappRequestSchema = z.object({
  name: fields.name,
  channel: fields.channel.default("whatsapp"),
  isDefault: fields.isDefault.default(false),
  queueIds: fields.queueIds.default([]),
  greetingMessage: fields.greetingMessage.default(null),
  farewellMessage: fields.farewellMessage.default(null),
  groupAsTicket: fields.groupAsTicket.default("disabled"),
  token: fields.token.optional(),
  ratingMessage: fields.ratingMessage.default(null),
  maxUseBotQueues: fields.maxUseBotQueues.default(3),
  timeUseBotQueues: fields.timeUseBotQueues.default(0),
  sendIdQueue: fields.sendIdQueue.default(null),
  timeSendQueue: fields.timeSendQueue.default(0),
  expiresTicketNPS: fields.expiresTicketNPS.default(0),
  maxUseBotQueuesNPS: fields.maxUseBotQueuesNPS.default(3),
  /** Cloud API (whatsappapi): the phone number id Meta gives the number. */
  phoneNumberId: ZOptionalSecret,
  /** Cloud API: the access token for the Graph API. */
  accessToken: ZOptionalSecret,
  /** Cloud API: the app secret that signs webhooks (X-Hub-Signature-256). */
  appSecret: ZOptionalSecret,
  /** Cloud API: the token Meta echoes when verifying the webhook. */
  verifyToken: ZOptionalSecret,
});
export type TCreateWhatsappRequest = z.infer<typeof ZCreateWhatsappRequestSchema>;

export const ZUpdateWhatsappRequestSchema = z.object({
  name: fields.name.optional(),
  channel: fields.channel.optional(),
  isDefault: fields.isDefault.optional(),
  queueIds: fields.queueIds.optional(),
  greetingMessage: fields.greetingMessage.optional(),
  farewellMessage: fields.farewellMessage.optional(),
  groupAsTicket: fields.groupAsTicket.optional(),
  token: fields.token.optional(),
  ratingMessage: fields.ratingMessage.optional(),
  maxUseBotQueues: fields.maxUseBotQueues.optional(),
  timeUseBotQueues: fields.timeUseBotQueues.optional(),
  sendIdQueue: fields.sendIdQueue.optional(),
  timeSendQueue: fields.timeSendQueue.optional(),
  expiresTicketNPS: fields.expiresTicketNPS.optional(),
  maxUseBotQueuesNPS: fields.maxUseBotQueuesNPS.optional(),
  phoneNumberId: ZOptionalSecret,
  accessToken: ZOptionalSecret,
  appSecret: ZOptionalSecret,
  verifyToken: ZOptionalSecret,
});
export type TUpdateWhatsappRequest = z.infer<typeof ZUpdateWhatsappRequestSchema>;

export const ZListWhatsappsQuerySchema = z.object({
  /** Ignored: always the caller's company. */
  companyId: z.unknown().optional(),
  /** Accepted for compatibility (0 meant "without session data"); no session data is ever answered. */
  session: z.unknown().optional(),
  /** Only connections of this channel (GET /whatsapp/filter). */
  channel: z.enum(CHANNELS).optional(),
});

/** A connection as the connection calls answer it. */
export type WhatsappAnswer = {
  id: number;
  name: string;
  channel: Channel;
  status: string;
  isDefault: boolean;
  greetingMessage: string | null;
  farewellMessage: string | null;
  groupAsTicket: "enabled" | "disabled";
  ratingMessage: string | null;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  sendIdQueue: number | null;
  timeSendQueue: number;
  expiresTicketNPS: number;
  maxUseBotQueuesNPS: number;
  companyId: number;
  queues: { id: number; name: string; color: string }[];
  /** The external API token: answered to admins only. */
  token?: string | null;
  /** Whether each Cloud API field is set; their values never leave the server. */
  hasPhoneNumberId: boolean;
  hasAccessToken: boolean;
  hasAppSecret: boolean;
  hasVerifyToken: boolean;
  createdAt: string;
  updatedAt: string;
};
