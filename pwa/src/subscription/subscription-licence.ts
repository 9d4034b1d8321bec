// The licence sentence of /subscription (spec 3 §2, §4): the days left, 'hoje', past, or never (company 1).
import { daysUntil, PLATFORM_DUE_DATE } from "@chatflow/core/contract/companies.ts";

/** The licence sentence's key and count for a due date (yyyy-mm-dd) seen on `today`. */
export function licenceText(dueDate: string | null | undefined, today: string): { key: string; count?: number } {
  if (!dueDate || dueDate.slice(0, 10) >= PLATFORM_DUE_DATE) return { key: "never" };
  const days = daysUntil(dueDate, today);
  if (days < 0) return { key: "expired" };
  if (days === 0) return { key: "today" };
  return { key: "days", count: days };
}
