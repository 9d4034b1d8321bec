// Use case: POST /closedimported/{id} ('close imported tickets', spec 2 §4): once a history import is done
// the tickets it opened (tickets.imported_at) are closed in one go, quietly: no farewell or rating goes to
// contacts who wrote weeks ago. The connection's import state is cleared so the button goes away.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { whatsappNotFound } from "../kernel/errors.ts";
import { writeTicketLog } from "../tickets/ticket-log.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

export async function closeImportedTickets(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
): Promise<{ closed: number }> {
  authorizeWhatsapp(actor, "session");
  const companyId = actor.companyId;
  const found = await client.query(
    `UPDATE whatsapps SET status_import_messages = NULL, import_progress = NULL, updated_at = now()
     WHERE id = $1 AND company_id = $2`,
    [id, companyId],
  );
  if (!found.rowCount) throw whatsappNotFound();
  const closed = await client.query<{ id: number; queue_id: number | null }>(
    `UPDATE tickets SET status = 'closed', closed_at = now(), updated_at = now()
     WHERE company_id = $1 AND whatsapp_id = $2 AND imported_at IS NOT NULL AND status <> 'closed'
     RETURNING id, queue_id`,
    [companyId, id],
  );
  const changes: Change[] = [{ companyId, entity: "whatsapps", id }];
  for (const t of closed.rows) {
    await writeTicketLog(client, { companyId, ticketId: t.id, type: "closed", userId: actor.id, queueId: t.queue_id });
    changes.push({ companyId, entity: "tickets", id: t.id });
  }
  await recordChanges(client, changes);
  return { closed: closed.rows.length };
}
