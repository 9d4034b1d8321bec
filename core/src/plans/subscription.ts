// When a company's subscription counts as expired (spec 1 §4 Session, spec 3 §4).
import { businessToday } from "../kernel/business-date.ts";

/** Company 1 hosts the platform: it never expires (its due date is fixed at 2999-12-31). */
export const PLATFORM_COMPANY_ID = 1;

/**
 * Expired when the due date is before today; a company without a due date has no
 * term to run out. The due date itself is still a paid day.
 */
export function isSubscriptionExpired(
  company: { id: number; dueDate: string | null | undefined },
  today: string = businessToday(),
): boolean {
  if (company.id === PLATFORM_COMPANY_ID || !company.dueDate) return false;
  return company.dueDate < today;
}
