// The company's own service hours (spec 3 §3 Company schedules, §7 PUT /companies/{id}/schedules): the hours that
// decide when the company's scheduleType is company. Same entries as a queue's and a connection's.
import { z } from "zod";
import { zIdParamWith } from "./ids.ts";
import { PASSWORD_POLICY_MESSAGE, ZNewPasswordSchema } from "./password-policy.ts";
import type { PlanDTO } from "./plans.ts";
import { type QueueSchedule, ZQueueSchedulesSchema } from "./queues.ts";

export const ZUpdateCompanySchedulesRequestSchema = z.object({
  /** One entry per weekday, monday to sunday, with windows A and B (HH:MM); an empty list means always open. */
  schedules: ZQueueSchedulesSchema,
});
export type TUpdateCompanySchedulesRequest = z.infer<typeof ZUpdateCompanySchedulesRequestSchema>;

/** The answer: the company and the hours it now has. */
export type CompanySchedulesDTO = { id: number; schedules: QueueSchedule[] };

/** GET /companies/{id}: the company as its admin (or the super user) reads it; the settings page's hours come from it. */
export type CompanyAnswer = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** The active flag (spec 3 §3 Company.status). */
  status: boolean;
  /** ISO date (yyyy-mm-dd). */
  dueDate: string | null;
  recurrence: string | null;
  planId: number | null;
  schedules: QueueSchedule[];
};

// ---- The super user's companies (spec 3 §2 Companies page, §3 Company, §4, §5, §7, §9) ----

/** How often a company pays (spec 3 §3), with the months "advance due date" adds for each (spec 3 §4, §9). */
export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;
export type Recurrence = keyof typeof RECURRENCE_MONTHS;
export const RECURRENCES = Object.keys(RECURRENCE_MONTHS) as Recurrence[];

/** Company 1 (the platform's own) never expires (spec 3 §4, §9). */
export const PLATFORM_COMPANY_ID = 1;
export const PLATFORM_DUE_DATE = "2999-12-31";

/** Days before the due date from which a company's row turns yellow (spec 3 §9: 1 to 5 days). */
export const DUE_SOON_DAYS = 5;

/** Whole days from `today` to `dueDate` (both yyyy-mm-dd); negative once past. */
export function daysUntil(dueDate: string, today: string): number {
  const ms = Date.parse(`${dueDate.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The row's colour (spec 3 §4): danger when due today or past, warning 1 to 5 days before, none otherwise. */
export function dueDateTone(dueDate: string | null, today: string): "danger" | "warning" | null {
  if (!dueDate) return null;
  const days = daysUntil(dueDate, today);
  if (days <= 0) return "danger";
  return days <= DUE_SOON_DAYS ? "warning" : null;
}

/**
 * "Advance due date" (spec 3 §4): the due date moved by the recurrence's months. A day the target month lacks
 * becomes its last day (31 January + 1 month = 28 or 29 February). Company 1 keeps 2999-12-31.
 */
export function advanceDueDate(dueDate: string, recurrence: Recurrence, companyId?: number | null): string {
  if (companyId === PLATFORM_COMPANY_ID) return PLATFORM_DUE_DATE;
  const [y, m, d] = dueDate.slice(0, 10).split("-").map(Number) as [number, number, number];
  const months = m - 1 + RECURRENCE_MONTHS[recurrence];
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Spec 3 §5's messages for the company modal, the same in core's refusals and the form. */
export const COMPANY_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  nameTooShort: "Muito curto!",
  nameTooLong: "Muito longo!",
  emailRequired: "E-mail é obrigatório",
  emailInvalid: "Email é inválido",
  planRequired: "Plano é obrigatório",
  passwordRequired: "Senha é obrigatória",
  tooLong: "Muito longo!",
  invalidDate: "Data inválida",
} as const;

const M = COMPANY_MESSAGES;
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v),
    z.string().max(max, M.tooLong).nullable().optional(),
  );

const companyFields = {
  /** The company's name, 2 to 50 characters (spec 3 §5). */
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).min(2, M.nameTooShort).max(50, M.nameTooLong),
  /** The billing e-mail; on creation also the first admin's login (spec 3 §5: valid and required). */
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, M.emailRequired)
    .max(100, M.tooLong)
    .email(M.emailInvalid),
  /** The company's phone, free text. */
  phone: optionalText(30),
  /** The plan (spec 3 §5: a save requires it). */
  planId: zIdParamWith(M.planRequired),
  /** The active flag (spec 3 §3 status). */
  status: z.boolean().optional(),
  /** The tax id (CPF/CNPJ), free text. */
  document: optionalText(30),
  /** How the company pays, free text (spec 3 §3 paymentMethod). */
  paymentMethod: optionalText(50),
  /** The due date, yyyy-mm-dd; company 1 always keeps 2999-12-31. */
  dueDate: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.invalidDate)
      .refine(
        (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
        M.invalidDate,
      )
      .nullable()
      .optional(),
  ),
  /** How often it pays (spec 3 §3). */
  recurrence: z.enum(RECURRENCES as [Recurrence, ...Recurrence[]]).optional(),
};

/** POST /companies: the company and its first admin, who signs in with `password` (the password policy applies). */
export const ZCreateCompanyRequestSchema = z.object({
  ...companyFields,
  /** The first admin's password ("default password"), under the password policy. */
  password: ZNewPasswordSchema({
    required: M.passwordRequired,
    tooLong: M.tooLong,
    policy: PASSWORD_POLICY_MESSAGE["pt-BR"],
  }),
});
export type TCreateCompanyRequest = z.infer<typeof ZCreateCompanyRequestSchema>;

/** PUT /companies/{id}: the same fields; a password, when given, becomes the company's first admin's. */
export const ZUpdateCompanyRequestSchema = z.object({
  ...companyFields,
  password: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    ZNewPasswordSchema({
      required: M.passwordRequired,
      tooLong: M.tooLong,
      policy: PASSWORD_POLICY_MESSAGE["pt-BR"],
    }).optional(),
  ),
});
export type TUpdateCompanyRequest = z.infer<typeof ZUpdateCompanyRequestSchema>;

/** GET /companiesPlan/ and GET /companies (searchParam, pageNumber). */
export const ZCompaniesQuerySchema = z.object({
  /** Part of the name or e-mail, any case. */
  searchParam: z.string().trim().toLowerCase().max(100).optional(),
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
});

export const COMPANIES_PAGE_SIZE = 20;

/** A company as the super user's table reads it (spec 3 §2 columns, §3 Company). */
export type CompanyAdminDTO = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  document: string | null;
  paymentMethod: string | null;
  /** yyyy-mm-dd. */
  dueDate: string | null;
  recurrence: Recurrence | null;
  planId: number | null;
  /** The plan's name and value, and its limits of users and connections (0: no limit, decision 0012). */
  plan: { id: number; name: string; amount: number; users: number; connections: number } | null;
  /**
   * The company's attendants (its users) and connections now (spec 3 §3 Company numberAttendants,
   * numberConections), counted when read (decision 0119).
   */
  numberAttendants: number;
  numberConections: number;
  /** ISO timestamps. */
  createdAt: string;
  lastLogin: string | null;
  /** Bytes the company's media folder holds, its files, and its latest change (decision 0071). */
  folderSize: number;
  numberFileFolder: number;
  updatedAtFolder: string | null;
};

/** GET /companiesPlan/ and GET /companies. */
export type CompaniesPage = { companies: CompanyAdminDTO[]; count: number; hasMore: boolean };

/** GET /companies/listPlan/{id}: the company and its plan (flags included). */
export type CompanyPlanDTO = { id: number; name: string; planId: number | null; plan: PlanDTO | null };

/** GET /companies/{id}/users: the company users dialog (spec 3 §2): its users and the queues to give them. */
export type CompanyUsersDTO = {
  users: {
    id: number;
    name: string;
    email: string;
    profile: "admin" | "user";
    queues: { id: number; name: string; color: string }[];
  }[];
  queues: { id: number; name: string; color: string }[];
};
