// Use case: delete a ticket with its messages, notes and log (spec 1 §4 "any →
// removed"; permission ticket-options:deleteTicket, admins only).
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";
import { authorize } from "./ticket-policy.ts";

export async function deleteTicket(client: pg.ClientBase, actor: Actor, args: { ticketId: number }): Promise<void> {
  const ticket = await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  authorize(actor, "delete");
  await client.query("DELETE FROM tickets WHERE id = $1 AND company_id = $2", [ticket.id, actor.companyId]);
  // The pull answers `del` for a ticket id that no longer exists; the replica drops its messages with it.
  await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticket.id }]);
  await recordAudit(client, actor, {
    kind: "ticket.delete",
    subjectId: ticket.id,
    detail: { contactId: ticket.contactId },
  });
}
