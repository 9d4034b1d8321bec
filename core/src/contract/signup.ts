// POST /auth/signup (spec 3 §2 Signup, §3 Signup fields, §5 validation) and the
// plans its selector lists (GET /plans/list).
import { z } from "zod";
import type { CompanyDTO, UserDTO } from "./entities.ts";
import { zIdParamWith } from "./ids.ts";

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
   * The admin's password, 5 to 50 characters. Spec 3 §5 checks it only "when given" (the
   * form does not mark it required), but the new admin signs in with it, so the server
   * answers a missing or empty one 'Obrigatório' rather than creating an account no one
   * can enter.
   */
  password: z.string({ error: "Obrigatório" }).min(1, "Obrigatório").min(5, "Muito curto!").max(50, "Muito longo!"),
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

export type SignupResponse = { company: CompanyDTO; user: UserDTO };

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
  useWhatsapp: boolean;
  useFacebook: boolean;
  useInstagram: boolean;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
};
