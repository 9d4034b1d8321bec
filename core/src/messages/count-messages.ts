// GET /messages-allMe: how many messages the company sent or received in a
// period, for the dashboard's received/sent counters (spec 1 §2). Days are
// whole days in the report time zone (spec 1 §9: America/Sao_Paulo); internal
// notes are neither sent nor received and are not counted.

import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import type { CountMessagesResponse, TCountMessagesQuery } from "../contract/messages.ts";
import { noPermission } from "../kernel/errors.ts";
import { canCountMessages } from "./message-policy.ts";

export async function countMessages(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  q: TCountMessagesQuery,
): Promise<CountMessagesResponse> {
  if (!canCountMessages(actor)) throw noPermission();
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM messages m
     WHERE m.company_id = $1
       AND m.created_at >= ($2::date)::timestamp AT TIME ZONE $4
       AND m.created_at < ($3::date + 1)::timestamp AT TIME ZONE $4
       AND NOT m.is_private
       AND ($5::boolean IS NULL OR m.from_me = $5::boolean)`,
    [actor.companyId, q.dateStart, q.dateEnd, BUSINESS_TIME_ZONE, q.fromMe ?? null],
  );
  return { count: rows[0]?.count ?? 0 };
}
