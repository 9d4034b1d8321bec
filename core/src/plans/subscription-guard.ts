// The expired-company rule in the authenticated chain: once a company's due
// date has passed, its users may still sign in (the PWA sends them to
// /financeiro) but every session call except billing answers 402. /auth/* is
// mounted before this chain, so login, refresh, logout and GET /auth/me keep working.
import { Router } from "express";
import { actorOf } from "../auth/authenticate.ts";
import { subscriptionExpired } from "../kernel/errors.ts";
import { isSubscriptionExpired } from "./subscription.ts";

/** Paths an expired company may still call: the ways to pay (spec 3 §7 Subscription and invoices). */
export const BILLING_PATH_PREFIXES = ["/invoices", "/subscription", "/financeiro"] as const;

/** Session calls that stay open whatever the subscription: billing, and /auth/* should it ever move behind this chain. */
const OPEN_PATH_PREFIXES = [...BILLING_PATH_PREFIXES, "/auth/"];

export const isOpenPath = (path: string) => OPEN_PATH_PREFIXES.some((p) => path.startsWith(p));

export function subscriptionGuard(): Router {
  const router = Router();
  router.use((req, res, next) => {
    const actor = actorOf(res);
    // The super user runs the platform and must reach an expired company's data to renew it.
    if (actor.super) return next();
    const company = { id: actor.companyId, dueDate: actor.company?.dueDate };
    if (!isSubscriptionExpired(company) || isOpenPath(req.path)) return next();
    next(subscriptionExpired(company.dueDate ?? ""));
  });
  return router;
}
