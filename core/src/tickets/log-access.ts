// An agent opening a conversation (GET /tickets/u/{uuid}) is an "access" in the
// ticket log (spec 1 §3), and opening one's own ticket reads its messages.
// Called by GET /tickets/u/{uuid} (ticket-routes.ts).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { writeTicketLog } from "./ticket-log.ts";
import { markTicketRead } from "./ticket-row.ts";

export type AccessedTicket = { id: number; queueId: number | null; userId: number | null };

/** Writes the 'access' entry: the caller looked at the ticket. */
export async function logAccess(client: pg.ClientBase, actor: Actor, ticket: AccessedTicket): Promise<void> {
  await writeTicketLog(client, {
    companyId: actor.companyId,
    ticketId: ticket.id,
    type: "access",
    userId: actor.id,
    queueId: ticket.queueId,
  });
}

/**
 * logAccess, and when the caller owns the ticket its unread count resets
 * (spec 1 §4 rules: unread counts reset when the agent opens it). Someone else
 * looking (an admin, a supervisor) leaves the owner's unread badge alone.
 */
export async function recordTicketOpened(client: pg.ClientBase, actor: Actor, ticket: AccessedTicket): Promise<void> {
  await logAccess(client, actor, ticket);
  if (ticket.userId !== actor.id) return;
  const { rowCount } = await client.query(
    "SELECT 1 FROM tickets WHERE id = $1 AND company_id = $2 AND unread_messages <> 0",
    [ticket.id, actor.companyId],
  );
  const read = await markTicketRead(client, { id: ticket.id, companyId: actor.companyId });
  if (rowCount || read.length > 0) {
    await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticket.id }, ...read]);
  }
}
