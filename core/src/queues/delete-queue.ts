// Use case: an admin deletes a queue. Its tickets stay, without a queue (they
// then follow the no-queue visibility rule: admins and allTicket users); its
// members and connections lose it. Every row that changed is logged for sync.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { loadQueue } from "./load-queue.ts";
import { authorizeQueue } from "./queue-policy.ts";

export async function deleteQueue(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  authorizeQueue(actor, "delete");
  const queue = await loadQueue(client, actor.companyId, id);
  const companyId = actor.companyId;
  // Explicit rather than the foreign key's SET NULL, so that we know which tickets changed.
  const tickets = await client.query<{ id: number }>(
    "UPDATE tickets SET queue_id = NULL WHERE company_id = $1 AND queue_id = $2 RETURNING id",
    [companyId, id],
  );
  const users = await client.query<{ id: number }>(
    "SELECT user_id AS id FROM user_queues WHERE company_id = $1 AND queue_id = $2",
    [companyId, id],
  );
  const whatsapps = await client.query<{ id: number }>(
    "SELECT whatsapp_id AS id FROM whatsapp_queues WHERE company_id = $1 AND queue_id = $2",
    [companyId, id],
  );
  await client.query("DELETE FROM queues WHERE id = $1 AND company_id = $2", [id, companyId]);
  const changes: Change[] = [{ companyId, entity: "queues", id }];
  for (const t of tickets.rows) changes.push({ companyId, entity: "tickets", id: t.id });
  for (const u of users.rows) changes.push({ companyId, entity: "users", id: u.id });
  for (const w of whatsapps.rows) changes.push({ companyId, entity: "whatsapps", id: w.id });
  await recordChanges(client, changes);
  await recordAudit(client, actor, { kind: "queue.delete", subjectId: id, subject: queue.name });
}
