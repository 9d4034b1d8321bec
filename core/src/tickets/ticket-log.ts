// The ticket log (spec 1 §3 "Ticket log entry"), written by the use cases
// themselves inside their transactions.
import type pg from "pg";
import type { TicketLogType } from "../contract/tickets.ts";

export async function writeTicketLog(
  client: pg.ClientBase,
  entry: { companyId: number; ticketId: number; type: TicketLogType; userId?: number | null; queueId?: number | null },
): Promise<void> {
  await client.query(
    "INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id) VALUES ($1, $2, $3, $4, $5)",
    [entry.companyId, entry.ticketId, entry.type, entry.userId ?? null, entry.queueId ?? null],
  );
}
