// POST /auth/signup (spec 3 §2 Signup, §3 Signup fields, §5 validation) and the
// plans its selector lists (GET /plans/list).
import { z } from "zod";
import type { PlanFlags } from "./entities.ts";
import { zIdParamWith } from "./ids.ts";
import { PASSWORD_POLICY_MESSAGE, ZNewPasswordSchema } from "./password-policy.ts";

// An empty (or blank) field is a missing one: 'Obrigatório' comes before the length rule.
const ZName = z
  .string({ error: "Obrigatório" })
  .trim()
  .min(1, "Obrigatório")
  .min(2, "Muito curto!")
  .max(50, "Muito longo!");

export const ZSignupRequestSchema = z.object({
  /** The admin's name, 2 to 50 characters. */
  name: ZName,
  /** The admin's login e-mail, unique across the platform. */
  email: z.string({ error: "Obrigatório" }).trim().toLowerCase().min(1, "Obrigatório").email("E-mail inválido"),
  /**
   * The admin's password, under the password policy (contract/password-policy.ts: spec 3 §5's
   * reset rule, stricter than signup's own 5 characters). Spec 3 §5 checks it only "when given",
   * but the new admin signs in with it, so a missing or empty one is 'Obrigatório'.
   */
  password: ZNewPasswordSchema({
    required: "Obrigatório",
    tooLong: "Muito longo!",
    policy: PASSWORD_POLICY_MESSAGE["pt-BR"],
  }),
  /** The company's phone (with country and area code). */
  phone: z.string({ error: "Obrigatório" }).trim().min(1, "Obrigatório").max(30, "Muito longo!"),
  /** The new company's name, 2 to 50 characters. */
  companyName: ZName,
  /** The chosen public plan. */
  planId: zIdParamWith("Obrigatório"),
  /** Pre-filled from the /signup?companyId= link; ignored (signup always creates a company). */
  companyId: z.unknown().optional(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequestSchema>;

/**
 * What a signup answers: only what the request itself decides (no ids), so that an e-mail already
 * in use answers exactly like a new one and signup cannot tell who has an account (decision 0022).
 */
export type SignupResponse = {
  company: { name: string; dueDate: string };
  user: { name: string; email: string; profile: "admin" };
};

/** Days of trial a new company gets before its first due date. */
export const TRIAL_DAYS = 7;

/** A plan as GET /plans/list answers it (spec 3 §3 Plan). */
export type PlanDTO = {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  isPublic: boolean;
} & PlanFlags;
