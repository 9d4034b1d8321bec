// The real-time attendance panel (spec 1 §2 '/moments', §7 GET /dashboard/moments and GET /usersMoments): the
// company's tickets in progress (open, with their agent) and waiting (pending) of the last 30 days (§9).
import { z } from "zod";
import { zDay } from "./dates.ts";
import { queryListValue, zIdParamWith } from "./ids.ts";

/** spec 1 §9: the panel looks back this many days. */
export const MOMENTS_WINDOW_DAYS = 30;
/** The most tickets one answer carries per status (newest first), so a busy company's panel stays bounded. */
export const MOMENTS_LIMIT = 1000;
/** spec 1 §9: the panel's ticket text and names are cut at these lengths (plus an ellipsis). */
export const MOMENTS_TEXT_LENGTH = 30;
export const MOMENTS_NAME_LENGTH = 25;

/** A ticket of the panel: what its card line shows, its agent (null: the Pending card) and its link. */
export type MomentTicket = {
  id: number;
  uuid: string;
  status: "open" | "pending";
  lastMessage: string | null;
  updatedAt: string;
  userId: number | null;
  queueId: number | null;
  contact: { id: number; name: string; urlPicture: string | null };
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
};

const ids = z.preprocess(
  queryListValue,
  z
    .array(zIdParamWith("must be a JSON array of queue ids"), { error: "must be a JSON array of queue ids" })
    .max(500)
    .optional()
    .transform((a) => (a && a.length > 0 ? [...new Set(a)] : undefined)),
);

export const ZMomentsQuerySchema = z.object({
  /** One status: 'open' (with an agent) or 'pending' (waiting); absent: both. */
  status: z
    .enum(["open", "pending", ""])
    .optional()
    .transform((v) => v || undefined),
  /** "false": only tickets of the caller's own queues; anything else: the whole company. */
  showAll: z
    .union([z.string().max(10), z.boolean()])
    .optional()
    .transform((v) => v !== false && v !== "false"),
  /** Only tickets of these queues (a JSON array, one id, or a comma-separated list). */
  queueIds: ids,
  /** Tickets last updated on or after this day (never before the 30-day window). */
  dateStart: zDay.optional(),
  /** Tickets last updated on or before this day. */
  dateEnd: zDay.optional(),
  /** Only this agent's tickets. */
  userId: zIdParamWith("Invalid user id").optional(),
});
export type TMomentsQuery = z.infer<typeof ZMomentsQuerySchema>;
