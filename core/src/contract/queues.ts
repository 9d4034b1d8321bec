// Requests and answers of the queue calls (GET/POST/PUT/DELETE /queue), shared
// by the API and the queue form.
import { z } from "zod";

export const ZQueueNameSchema = z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!");
/** Hex colour (#rgb or #rrggbb), stored lower-cased so that uniqueness means the same colour. */
export const ZQueueColorSchema = z
  .string({ error: "Required" })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Invalid color")
  .toLowerCase();

export const ZCreateQueueRequestSchema = z.object({
  /** Queue name, 2 to 50 characters, unique in the company. */
  name: ZQueueNameSchema,
  /** Queue colour, unique in the company (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
  color: ZQueueColorSchema,
  /** Text sent when a contact enters this queue; empty means none. */
  greetingMessage: z.string().max(4000, "Too Long!").nullable().default(null),
  /** Position in the chatbot's queue menu; null sorts last. */
  orderQueue: z.number().int().min(0).max(10_000).nullable().default(null),
});
export type TCreateQueueRequest = z.infer<typeof ZCreateQueueRequestSchema>;

export const ZUpdateQueueRequestSchema = z.object({
  /** Queue name, 2 to 50 characters, unique in the company. */
  name: ZQueueNameSchema.optional(),
  /** Queue colour, unique in the company. */
  color: ZQueueColorSchema.optional(),
  /** Text sent when a contact enters this queue. */
  greetingMessage: z.string().max(4000, "Too Long!").nullable().optional(),
  /** Position in the chatbot's queue menu. */
  orderQueue: z.number().int().min(0).max(10_000).nullable().optional(),
});
export type TUpdateQueueRequest = z.infer<typeof ZUpdateQueueRequestSchema>;

/** A queue as the queue calls answer it. */
export type QueueAnswer = {
  id: number;
  name: string;
  color: string;
  greetingMessage: string | null;
  orderQueue: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};
