// What ingest hands the rules it runs after storing a batch of inbound messages (ratings, the gate, the flows, the
// queue bot, the integrations). It lives in bot/, the lowest domain with such a rule, so that every rule's folder
// and messages/ingest.ts can import it without a loop.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";

/** Each ticket of the batch with the company it belongs to and the last inbound text it got. */
export type BatchBodies = Map<number, { companyId: number; body: string }>;

/**
 * A rule that may hold tickets: it answers the ones it took this time, and ingest leaves those to no later rule.
 * `now` is the clock the rule reads (tests pass their own).
 */
export type HoldingRule = (
  client: pg.ClientBase,
  lastBodies: BatchBodies,
  changes: Change[],
  now: Date,
) => Promise<Set<number>>;
