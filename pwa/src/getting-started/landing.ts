// The landing right after signing in (setup-steps.ts's landingPath), loaded by the login's route guard only when
// someone signs in, with the API client, so the first screen carries neither it nor Dexie (decision 0081). A company admin's
// landing reads the company's lists over REST: at sign-in the device is online, and its replica may still be empty.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { isSubscriptionExpired } from "../auth/session-state.ts";
import { isGettingStartedDismissed } from "./dismissal.ts";
import { landingPath, mayGetStarted, type SetupFacts } from "./setup-steps.ts";

/** How long the landing waits for the lists before it settles for the inbox. */
const FACTS_WAIT_MS = 3_000;

export type FactsReader = { get<T>(path: string): Promise<T> };

/** The counts the landing needs (quick messages hold no one on the checklist, so they are not asked). */
export async function readSetupFacts(http: FactsReader): Promise<SetupFacts> {
  const [connections, queues, users] = await Promise.all([
    http.get<unknown[]>("/whatsapp"),
    http.get<unknown[]>("/queue"),
    http.get<unknown[]>("/users/list"),
  ]);
  return { connections: connections.length, queues: queues.length, users: users.length, quickMessages: 0 };
}

export async function decideLanding(user: UserDTO, http: FactsReader, waitMs = FACTS_WAIT_MS): Promise<string> {
  const dismissed = isGettingStartedDismissed(user.companyId, user.id);
  if (!mayGetStarted(user) || dismissed || isSubscriptionExpired(user)) return landingPath(user, null, dismissed);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const facts = await Promise.race([readSetupFacts(http).catch(() => null), late]);
  clearTimeout(timer);
  return landingPath(user, facts, dismissed);
}
