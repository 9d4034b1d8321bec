// Who sees which ticket (spec 1 §6). The one place that decides it: the inbox
// list, the ticket counters, the sync pull and every ticket use case call these
// two functions, which answer the same thing (visibility.test.ts checks both on
// one matrix of cases). The rule, for a user who is not an admin:
//   - group tickets only with allowGroup, never otherwise;
//   - their own tickets (any status);
//   - in their scope (a queue of theirs; no queue with allTicket, or a group with
//     no queue): waiting work and history (no owner, pending, closed), and other
//     users' tickets in progress only with allUserChat;
//   - with allHistoric: closed tickets of other queues.
// Admins see every ticket of their company. Every caller scopes by company first.
import type { Actor } from "../auth/authenticate.ts";

/** What of the caller the rule reads. */
export type VisibilityActor = Pick<
  Actor,
  "id" | "profile" | "queueIds" | "allTicket" | "allowGroup" | "allHistoric" | "allUserChat"
>;

/** What of a ticket the rule reads. The same columns key the ticket counters. */
export type VisibleTicketFields = {
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  status: string;
};

/** Statuses with no one working the ticket: every member of the queue may see them. */
export const SHARED_STATUSES = ["pending", "closed"] as const;

const enabled = (v: string) => v === "enabled";

export function canSeeTicket(actor: VisibilityActor, t: VisibleTicketFields): boolean {
  if (actor.profile === "admin") return true;
  if (t.isGroup && !actor.allowGroup) return false;
  if (t.userId === actor.id) return true;
  const inScope = t.queueId === null ? enabled(actor.allTicket) || t.isGroup : actor.queueIds.includes(t.queueId);
  if (inScope) {
    return t.userId === null || (SHARED_STATUSES as readonly string[]).includes(t.status) || enabled(actor.allUserChat);
  }
  return enabled(actor.allHistoric) && t.status === "closed" && t.queueId !== null;
}

/**
 * The same rule as a SQL boolean over the ticket columns of `alias` (tickets, or
 * ticket_counts, which has the same key columns), appending its parameters (the
 * caller's id and queues) to `params`. Never NULL, so it may also be negated. The
 * text depends only on the caller's flags, so prepared statements stay few.
 */
export function visibleTicketSql(actor: VisibilityActor, params: unknown[], alias = "t"): string {
  if (actor.profile === "admin") return "true";
  const a = alias;
  params.push(actor.id, actor.queueIds);
  const me = `$${params.length - 1}::int`;
  const queues = `$${params.length}::int[]`;
  const shared = SHARED_STATUSES.map((s) => `'${s}'`).join(", ");
  const inScope = `(CASE WHEN ${a}.queue_id IS NULL THEN ${enabled(actor.allTicket) ? "true" : `${a}.is_group`}
    ELSE ${a}.queue_id = ANY(${queues}) END)`;
  const othersWork = enabled(actor.allUserChat) ? "true" : `(${a}.user_id IS NULL OR ${a}.status IN (${shared}))`;
  const history = enabled(actor.allHistoric) ? ` OR (${a}.status = 'closed' AND ${a}.queue_id IS NOT NULL)` : "";
  const groups = actor.allowGroup ? "" : `NOT ${a}.is_group AND `;
  return `(${groups}(${a}.user_id IS NOT DISTINCT FROM ${me} OR (${inScope} AND ${othersWork})${history}))`;
}
