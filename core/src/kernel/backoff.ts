// Exponential backoff, written once: every retry loop (channel senders, Baileys reconnects, the LISTEN
// connection, integration steps, database writes that must not be forgotten) takes its waits from here.

export type BackoffPolicy = {
  /** The wait after the first failure. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
  /**
   * "equal": half of the wait is fixed and half random, so many connections failing together do not retry in
   * step; none (the default): the exact doubling, for a single loop whose waits tests and admins read.
   */
  jitter?: "equal";
};

/**
 * The wait before retry number `attempt` (1 after the first failure): baseMs doubled per further attempt, capped at
 * maxMs. Attempts below 1 count as 1. `random` answers in [0, 1) and is read only with jitter.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  if (policy.jitter !== "equal") return cap;
  return Math.round(cap / 2 + (cap / 2) * random());
}
