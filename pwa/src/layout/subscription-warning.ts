// Spec 1 §4 Session: a warning when fewer than 5 days of the company's subscription remain (the days left, or
// 'expires today'). Shown once per day and user on this device, as a toast when the signed-in frame mounts
// (the products this spec describes warn at sign-in; a toast on every reload would nag).
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../ui/toasts.ts";

export const WARN_DAYS = 5;

const dayOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());

/** Whole days from today to the due date (0: it expires today); null when no warning is due. */
export function subscriptionDaysLeft(user: UserDTO, now: Date = new Date()): number | null {
  const due = user.company?.dueDate;
  if (!due || user.companyId === 1) return null;
  const [y, m, d] = due.slice(0, 10).split("-").map(Number);
  if (!y || !m || !d) return null;
  const left = Math.round((Date.UTC(y, m - 1, d) - dayOf(now)) / 86_400_000);
  return left >= 0 && left < WARN_DAYS ? left : null;
}

/** The warning's text key and count, or null. */
export function subscriptionWarning(user: UserDTO, now: Date = new Date()): { key: string; count: number } | null {
  const left = subscriptionDaysLeft(user, now);
  if (left === null) return null;
  return { key: left === 0 ? "today" : left === 1 ? "one" : "days", count: left };
}

export function useSubscriptionWarning(user: UserDTO | null, storage: Storage = localStorage): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!user) return;
    const warning = subscriptionWarning(user);
    if (!warning) return;
    const now = new Date();
    const mark = `chatflow.subscriptionWarned.${user.id}`;
    const today = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
    try {
      if (storage.getItem(mark) === today) return;
      storage.setItem(mark, today);
    } catch {
      // Storage blocked: warn every time rather than never.
    }
    showToast(t(`subscriptionWarning.${warning.key}`, { count: warning.count }), "info", 10_000);
  }, [user, storage, t]);
}
