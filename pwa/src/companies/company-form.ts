// The company modal's form (spec 3 §2 Companies page, §5): text as typed, the plan and recurrence as chosen,
// the id in edit mode; and what the table shows of a company (money, sizes, the due date's state).
import {
  advanceDueDate,
  COMPANY_MESSAGES,
  type CompanyAdminDTO,
  daysUntil,
  dueDateTone,
  type Recurrence,
} from "@chatflow/core/contract/companies.ts";

export type CompanyForm = {
  id: number | null;
  name: string;
  email: string;
  password: string;
  phone: string;
  planId: number | null;
  status: boolean;
  document: string;
  dueDate: string;
  recurrence: Recurrence;
};

/** spec 3 §9: the company form's save waits 500 ms. */
export const COMPANY_SUBMIT_DELAY_MS = 500;

export const emptyCompanyForm: CompanyForm = {
  id: null,
  name: "",
  email: "",
  password: "",
  phone: "",
  planId: null,
  status: true,
  document: "",
  dueDate: "",
  recurrence: "MENSAL",
};

export function companyFormOf(c: CompanyAdminDTO): CompanyForm {
  return {
    id: c.id,
    name: c.name,
    email: c.email ?? "",
    password: "",
    phone: c.phone ?? "",
    planId: c.planId,
    status: c.status,
    document: c.document ?? "",
    dueDate: c.dueDate ?? "",
    recurrence: c.recurrence ?? "MENSAL",
  };
}

/** POST/PUT body; an empty password keeps the admin's (edit) and an empty due date lets core choose (new). */
export function companyRequestOf(f: CompanyForm): Record<string, unknown> {
  return {
    name: f.name,
    email: f.email,
    ...(f.password ? { password: f.password } : {}),
    phone: f.phone,
    planId: f.planId ?? undefined,
    status: f.status,
    document: f.document,
    dueDate: f.dueDate || null,
    recurrence: f.recurrence,
  };
}

/** "Advance due date": from the form's date (today when empty) by its recurrence (spec 3 §4). */
export function advancedForm(f: CompanyForm, today: string): CompanyForm {
  return { ...f, dueDate: advanceDueDate(f.dueDate || today, f.recurrence, f.id) };
}

/** The device's today as yyyy-mm-dd (the due date is a calendar day). */
export function localToday(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** The due date's state for the row and its badge: past, today, 1-5 days, or nothing to say. */
export function dueState(dueDate: string | null, today: string) {
  const tone = dueDateTone(dueDate, today);
  if (!tone || !dueDate) return null;
  const days = daysUntil(dueDate, today);
  return { tone, key: days < 0 ? "overdue" : days === 0 ? "dueToday" : "dueSoon", days } as const;
}

/** Bytes as people read them (pt-BR digits: 1,5 MB). */
export function formatBytes(bytes: number, locale = "pt-BR"): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** Core's (and the contract's) messages for this form, to their texts. */
export const COMPANY_MESSAGE_KEYS: Record<string, string> = {
  [COMPANY_MESSAGES.nameRequired]: "companiesPage.validation.nameRequired",
  [COMPANY_MESSAGES.nameTooShort]: "companiesPage.validation.tooShort",
  [COMPANY_MESSAGES.nameTooLong]: "companiesPage.validation.tooLong",
  [COMPANY_MESSAGES.emailRequired]: "companiesPage.validation.emailRequired",
  [COMPANY_MESSAGES.emailInvalid]: "companiesPage.validation.emailInvalid",
  [COMPANY_MESSAGES.planRequired]: "companiesPage.validation.planRequired",
  [COMPANY_MESSAGES.passwordRequired]: "companiesPage.validation.passwordRequired",
  [COMPANY_MESSAGES.invalidDate]: "companiesPage.validation.invalidDate",
  "Plano inválido": "companiesPage.validation.planRequired",
};
