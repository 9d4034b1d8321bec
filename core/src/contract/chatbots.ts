// Requests and answers of the chatbot option calls (GET/POST/PUT/DELETE /chatbot,
// spec 2 §3 Chatbot option, §5: name at least 4 characters; the type decides the
// extra fields). Shared by the API and the option editor of the queue modal.
import { z } from "zod";
import { zId } from "./ids.ts";

export const CHATBOT_OPTION_TYPES = ["text", "attendent", "queue", "integration", "file"] as const;
export type ChatbotOptionType = (typeof CHATBOT_OPTION_TYPES)[number];

export const ZChatbotNameSchema = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .min(4, "Too Short!")
  .max(100, "Too Long!");

const OPTION_FIELDS = {
  /** Label the contact picks in the menu, at least 4 characters. */
  name: ZChatbotNameSchema,
  /** Text sent when the option is picked; without it the bot goes no further. */
  greetingMessage: z.string().max(4000, "Too Long!").nullable(),
  /** What picking the option does. */
  queueType: z.enum(CHATBOT_OPTION_TYPES),
  /** Target queue: type queue, and the agent's queue for type attendent. */
  optQueueId: zId.nullable(),
  /** Target agent (type attendent). */
  optUserId: zId.nullable(),
  /** Integration to start (type integration). */
  optIntegrationId: zId.nullable(),
  /** File list to send (type file). */
  optFileId: zId.nullable(),
  /** Close the ticket once the option's message is sent. */
  closeTicket: z.boolean(),
};

type OptionTypeFields = {
  queueType?: ChatbotOptionType;
  optQueueId?: number | null;
  optUserId?: number | null;
  optIntegrationId?: number | null;
  optFileId?: number | null;
};

/** The fields each type needs, as field errors ('Required'); empty when complete. */
export function missingOptionFields(o: OptionTypeFields): Record<string, string> {
  const out: Record<string, string> = {};
  if ((o.queueType === "queue" || o.queueType === "attendent") && !o.optQueueId) out.optQueueId = "Required";
  if (o.queueType === "attendent" && !o.optUserId) out.optUserId = "Required";
  if (o.queueType === "integration" && !o.optIntegrationId) out.optIntegrationId = "Required";
  if (o.queueType === "file" && !o.optFileId) out.optFileId = "Required";
  return out;
}

const requireTypeFields = (o: OptionTypeFields, ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(missingOptionFields(o))) {
    ctx.addIssue({ code: "custom", path: [path], message });
  }
};

/** An option's own fields, as a request gives them and an answer carries them (OPTION_FIELDS says what each is). */
export type ChatbotOptionFields = {
  name: string;
  greetingMessage: string | null;
  queueType: ChatbotOptionType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  closeTicket: boolean;
};

/** A new option and, nested, its new children. */
export type TChatbotOptionInput = ChatbotOptionFields & { options: TChatbotOptionInput[] };

export const ZChatbotOptionInputSchema: z.ZodType<TChatbotOptionInput> = z.lazy(() =>
  z
    .object({
      name: OPTION_FIELDS.name,
      greetingMessage: OPTION_FIELDS.greetingMessage.default(null),
      queueType: OPTION_FIELDS.queueType.default("text"),
      optQueueId: OPTION_FIELDS.optQueueId.default(null),
      optUserId: OPTION_FIELDS.optUserId.default(null),
      optIntegrationId: OPTION_FIELDS.optIntegrationId.default(null),
      optFileId: OPTION_FIELDS.optFileId.default(null),
      closeTicket: OPTION_FIELDS.closeTicket.default(false),
      /** Child options, created with this one. */
      options: z.array(ZChatbotOptionInputSchema).max(50).default([]),
    })
    .superRefine(requireTypeFields),
) as z.ZodType<TChatbotOptionInput>;

/** POST /chatbot: an option on a queue's first level (queueId) or below another option (chatbotId). */
export const ZCreateChatbotRequestSchema = z
  .object({
    /** The queue whose first level gets the option. */
    queueId: zId.optional(),
    /** The parent option. */
    chatbotId: zId.optional(),
  })
  .and(ZChatbotOptionInputSchema)
  .refine((o) => Boolean(o.queueId) !== Boolean(o.chatbotId), {
    message: "Give either queueId or chatbotId",
    path: ["queueId"],
  });
export type TCreateChatbotRequest = z.infer<typeof ZCreateChatbotRequestSchema>;

/** PUT /chatbot/{id}: the option's own fields (children are their own calls). */
export const ZUpdateChatbotRequestSchema = z.object({
  name: OPTION_FIELDS.name.optional(),
  greetingMessage: OPTION_FIELDS.greetingMessage.optional(),
  queueType: OPTION_FIELDS.queueType.optional(),
  optQueueId: OPTION_FIELDS.optQueueId.optional(),
  optUserId: OPTION_FIELDS.optUserId.optional(),
  optIntegrationId: OPTION_FIELDS.optIntegrationId.optional(),
  optFileId: OPTION_FIELDS.optFileId.optional(),
  closeTicket: OPTION_FIELDS.closeTicket.optional(),
});
export type TUpdateChatbotRequest = z.infer<typeof ZUpdateChatbotRequestSchema>;

/** An option with its children, as the chatbot and queue calls answer it. */
export type ChatbotAnswer = ChatbotOptionFields & {
  id: number;
  queueId: number;
  chatbotId: number | null;
  options: ChatbotAnswer[];
};
