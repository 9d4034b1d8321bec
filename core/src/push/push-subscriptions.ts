// Use cases of a browser's push subscription: save it for the signed-in user,
// delete it. A user keeps at most PUSH_MAX_SUBSCRIPTIONS_PER_USER; the oldest go.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { PUSH_MAX_SUBSCRIPTIONS_PER_USER, type TPushSubscription } from "../contract/push.ts";
import { PUSH_CHANNEL } from "../contract/topics.ts";
import { routeNotFound } from "../kernel/errors.ts";

/** Saves (or takes over) this browser's subscription for the caller; must run in a transaction. */
export async function savePushSubscription(client: pg.ClientBase, actor: Actor, sub: TPushSubscription): Promise<void> {
  await client.query(
    `INSERT INTO push_subscriptions (company_id, user_id, session_id, endpoint, p256dh, auth)
     VALUES ($1, $2, $6, $3, $4, $5)
     ON CONFLICT /* all-companies: an endpoint is one browser install, unique across the platform; the latest sign-in on it owns it */ (endpoint)
     DO UPDATE SET company_id = EXCLUDED.company_id, user_id = EXCLUDED.user_id, session_id = EXCLUDED.session_id,
       p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
    [actor.companyId, actor.id, sub.endpoint, sub.keys.p256dh, sub.keys.auth, actor.claims.sessionId],
  );
  // A browser left behind long ago makes room for this one.
  await client.query(
    `DELETE FROM push_subscriptions WHERE company_id = $1 AND user_id = $2 AND id NOT IN (
       SELECT id FROM push_subscriptions WHERE company_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3)`,
    [actor.companyId, actor.id, PUSH_MAX_SUBSCRIPTIONS_PER_USER],
  );
  // The dispatcher reads this company's changes from here on (push-dispatcher.ts).
  await client.query(
    `INSERT INTO push_cursors (company_id, last_seq)
     SELECT $1, COALESCE((SELECT s.last_seq FROM company_sync s WHERE s.company_id = $1), 0)
     ON CONFLICT (company_id) DO NOTHING`,
    [actor.companyId],
  );
  await client.query("SELECT pg_notify($1, $2)", [PUSH_CHANNEL, String(actor.companyId)]);
}

/** Deletes the caller's own subscription; anyone else's endpoint is not found. */
export async function deletePushSubscription(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  endpoint: string,
): Promise<void> {
  const { rowCount } = await db.query(
    "DELETE FROM push_subscriptions WHERE company_id = $1 AND user_id = $2 AND endpoint = $3",
    [actor.companyId, actor.id, endpoint],
  );
  if (rowCount === 0) throw routeNotFound();
}
