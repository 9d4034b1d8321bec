// Use case: an admin removes a user. Tickets the user was attending go back to
// the queue (pending, no owner) so that someone picks them up; the user's other
// tickets lose their owner. Every live session and socket of the user ends.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { loadCompanyUser } from "../auth/load-user.ts";
import { SESSIONS_CHANNEL } from "../contract/topics.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { userNotFound } from "../kernel/errors.ts";
import { writeTicketLog } from "../tickets/ticket-log.ts";
import { authorizeUser } from "./user-policy.ts";

export async function deleteUser(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  const companyId = actor.companyId;
  const target = await loadCompanyUser(client, companyId, id);
  if (!target) throw userNotFound();
  authorizeUser(actor, "delete", target);
  // Explicit rather than the foreign key's SET NULL, so that we know which tickets changed.
  const tickets = await client.query<{ id: number; wasOpen: boolean; queueId: number | null }>(
    `WITH owned AS (SELECT id, status FROM tickets WHERE company_id = $1 AND user_id = $2 FOR UPDATE)
     UPDATE tickets t SET user_id = NULL,
       status = CASE WHEN owned.status = 'open' THEN 'pending' ELSE t.status END,
       updated_at = CASE WHEN owned.status = 'open' THEN now() ELSE t.updated_at END
     FROM owned WHERE t.id = owned.id
     RETURNING t.id, owned.status = 'open' AS "wasOpen", t.queue_id AS "queueId"`,
    [companyId, id],
  );
  for (const t of tickets.rows) {
    if (t.wasOpen)
      await writeTicketLog(client, {
        companyId,
        ticketId: t.id,
        type: "pending",
        userId: actor.id,
        queueId: t.queueId,
      });
  }
  await client.query("DELETE FROM users WHERE id = $1 AND company_id = $2", [id, companyId]);
  const changes: Change[] = [{ companyId, entity: "users", id }];
  for (const t of tickets.rows) changes.push({ companyId, entity: "tickets", id: t.id });
  await recordChanges(client, changes);
  await recordAudit(client, actor, { kind: "user.delete", subjectId: id, subject: target.name });
  // Same signal as a logout: the realtime hub and the sync server close the user's sockets (at commit).
  await client.query("SELECT pg_notify($1, $2)", [SESSIONS_CHANNEL, `${id}:`]);
}
