// Who sees which ticket (spec 1 §6). The one place that decides it: the inbox
// list, the sync pull and every ticket use case call these two functions.
import type { Actor } from "../auth/authenticate.ts";

export type VisibleTicketFields = { userId: number | null; queueId: number | null; isGroup: boolean };

export function canSeeTicket(actor: Actor, t: VisibleTicketFields): boolean {
  if (actor.profile === "admin") return true;
  if (t.isGroup && !actor.allowGroup) return false;
  if (t.userId === actor.id) return true;
  if (t.queueId === null) return actor.allTicket === "enabled";
  return actor.queueIds.includes(t.queueId);
}

/**
 * The same rule as SQL over alias `t`, appending its parameters to `params`.
 * Returns a boolean expression.
 */
export function visibleTicketSql(actor: Actor, params: unknown[]): string {
  if (actor.profile === "admin") return "true";
  params.push(actor.id, actor.queueIds, actor.allTicket === "enabled", actor.allowGroup);
  const n = params.length;
  return `((NOT t.is_group OR $${n}::boolean) AND (t.user_id = $${n - 3}::int
    OR t.queue_id = ANY($${n - 2}::int[]) OR (t.queue_id IS NULL AND $${n - 1}::boolean)))`;
}
