// Plans as the super user edits them (spec 3 §2 Plans tab, §3 Plan, §7 GET /plans/all, POST /plans,
// PUT /plans/{id}, DELETE /plans/{id}). Shared by the API and the settings screen's Plans tab.
import { z } from "zod";
import { PLAN_FLAG_KEYS, type PlanFlags } from "./entities.ts";
import type { PlanDTO } from "./signup.ts";

export type { PlanDTO };

// The plan's feature flags (spec 3 §3), all on by default: their names are listed once, beside PlanFlags.
export { PLAN_FLAG_KEYS };
export type PlanFlagKey = keyof PlanFlags;

const zCount = z.coerce
  .number({ error: "Must be a number" })
  .int("Must be a whole number")
  .min(0, "Must be 0 or more")
  .max(100_000, "Too Large!");

const flags = Object.fromEntries(PLAN_FLAG_KEYS.map((k) => [k, z.boolean().optional()])) as Record<
  PlanFlagKey,
  z.ZodOptional<z.ZodBoolean>
>;

export const ZPlanRequestSchema = z.object({
  /** The plan's name, unique on the platform. */
  name: z.string({ error: "Required" }).trim().min(1, "Required").max(50, "Too Long!"),
  /** How many users, connections and queues a company on it may have; 0 sets no limit (decision 0012). */
  users: zCount.optional(),
  connections: zCount.optional(),
  queues: zCount.optional(),
  /** The monthly price in reais, two decimals. */
  amount: z.coerce
    .number({ error: "Must be a number" })
    .min(0, "Must be 0 or more")
    .max(9_999_999_999, "Too Large!")
    .optional(),
  /** Offered at signup (GET /plans/list). */
  isPublic: z.boolean().optional(),
  ...flags,
});
export type TPlanRequest = z.infer<typeof ZPlanRequestSchema>;

/** The spec's hint on a failed save (spec 3 §5: no client-side validation; core says what was wrong). */
export const PLAN_NAME_TAKEN = "A plan with this name already exists";
