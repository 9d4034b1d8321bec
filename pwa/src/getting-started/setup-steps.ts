// The company admin's first-run checklist (issue 21, decision 0091): four steps read from the company's own data,
// and where each person lands after signing in. Pure, so the login's landing and the checklist page agree.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { isSubscriptionExpired } from "../auth/session-state.ts";

/** What the checklist counts of the company: its connections, queues, users and general quick messages. */
export type SetupFacts = { connections: number; queues: number; users: number; quickMessages: number };

export type SetupStepId = "connection" | "queue" | "agent" | "quickMessages";

export type SetupStep = { id: SetupStepId; path: string; done: boolean };

/** The steps in the order a company is set up, each with the screen that does it. */
export function setupSteps(facts: SetupFacts): SetupStep[] {
  return [
    { id: "connection", path: "/connections", done: facts.connections > 0 },
    { id: "queue", path: "/queues", done: facts.queues > 0 },
    // The admin is the first user: a second one is the invited agent.
    { id: "agent", path: "/users", done: facts.users > 1 },
    { id: "quickMessages", path: "/quick-messages", done: facts.quickMessages > 0 },
  ];
}

/**
 * Set up: a connection, a queue and a second user (the "no connection, queue or second user"). Quick
 * messages are ticked on the checklist but hold no one on it: many companies never use them.
 */
export function companySetUp(facts: SetupFacts): boolean {
  return facts.connections > 0 && facts.queues > 0 && facts.users > 1;
}

/** Whose first screen may be the checklist: a company's admin, not the platform's super user. */
export function mayGetStarted(user: UserDTO): boolean {
  return user.profile === "admin" && !user.super;
}

/**
 * Where a person lands after signing in: an expired subscription on /financeiro (spec 1 §4 Session); the super user
 * on /companies (their work is the companies, not company 1's inbox); a company admin on the checklist while the
 * company is not set up and they have not dismissed it; everyone else on the inbox. `facts` null: not known (the
 * lists could not be read), so the inbox. `requested` (the login's `?next=`, a path of this app) wins over all but
 * the expired subscription.
 */
export function landingPath(
  user: UserDTO,
  facts: SetupFacts | null,
  dismissed: boolean,
  now = new Date(),
  requested: string | null = null,
): string {
  if (isSubscriptionExpired(user, now)) return "/financeiro";
  const asked = safeNext(requested);
  if (asked) return asked;
  if (user.super) return "/companies";
  if (mayGetStarted(user) && !dismissed && facts && !companySetUp(facts)) return "/getting-started";
  return "/tickets";
}

/** The login's `?next=` when it is a path of this app (never another origin: "//host" or a backslash). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  if (next === "/login" || next.startsWith("/login?")) return null;
  return next;
}
