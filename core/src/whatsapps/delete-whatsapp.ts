// Use case: an admin deletes a connection. The default goes only when it is
// the company's last connection (otherwise make another one default first).
// Nothing can reach a contact through a deleted connection any more, so its
// tickets in progress are closed, its queued messages fail, and contacts and
// users that pointed at it lose the reference; every changed row is logged.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { noOtherWhatsapp } from "../kernel/errors.ts";
import { lockCompanyWrites } from "../plans/plan-limits.ts";
import { writeTicketLog } from "../tickets/ticket-log.ts";
import { companyHasWhatsapps } from "./default-whatsapp.ts";
import { lockWhatsapp } from "./load-whatsapp.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

export async function deleteWhatsapp(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  authorizeWhatsapp(actor, "delete");
  const companyId = actor.companyId;
  await lockCompanyWrites(client, companyId);
  const current = await lockWhatsapp(client, companyId, id);
  if (current.isDefault && (await companyHasWhatsapps(client, companyId, id))) throw noOtherWhatsapp();

  const closed = await client.query<{ id: number; queue_id: number | null }>(
    `UPDATE tickets SET status = 'closed', closed_at = now(), updated_at = now()
     WHERE company_id = $1 AND whatsapp_id = $2 AND status <> 'closed' RETURNING id, queue_id`,
    [companyId, id],
  );
  for (const t of closed.rows) {
    await writeTicketLog(client, { companyId, ticketId: t.id, type: "closed", userId: actor.id, queueId: t.queue_id });
  }
  // Explicit rather than the foreign keys' SET NULL, so that we know which rows changed.
  const tickets = await client.query<{ id: number }>(
    "UPDATE tickets SET whatsapp_id = NULL WHERE company_id = $1 AND whatsapp_id = $2 RETURNING id",
    [companyId, id],
  );
  const contacts = await client.query<{ id: number }>(
    "UPDATE contacts SET whatsapp_id = NULL WHERE company_id = $1 AND whatsapp_id = $2 RETURNING id",
    [companyId, id],
  );
  const users = await client.query<{ id: number }>(
    "UPDATE users SET whatsapp_id = NULL WHERE company_id = $1 AND whatsapp_id = $2 RETURNING id",
    [companyId, id],
  );
  // Messages a worker has not claimed yet would wait forever: they fail now, visibly (ack -1).
  const messages = await client.query<{ id: string }>(
    `UPDATE messages SET send_state = 'failed', ack = -1, error_code = 'ERR_NO_WAPP_FOUND', updated_at = now()
     WHERE company_id = $1 AND whatsapp_id = $2 AND send_state = 'queued' RETURNING id`,
    [companyId, id],
  );
  await client.query("DELETE FROM whatsapps WHERE id = $1 AND company_id = $2", [id, companyId]);

  const changes: Change[] = [{ companyId, entity: "whatsapps", id }];
  for (const t of tickets.rows) changes.push({ companyId, entity: "tickets", id: t.id });
  for (const c of contacts.rows) changes.push({ companyId, entity: "contacts", id: c.id });
  for (const u of users.rows) changes.push({ companyId, entity: "users", id: u.id });
  for (const m of messages.rows) changes.push({ companyId, entity: "messages", id: m.id });
  await recordChanges(client, changes);
  await recordAudit(client, actor, { kind: "connection.delete", subjectId: id, subject: current.name });
  // A worker holding the connection notices it is gone and lets it go.
  await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(id)]);
}
