// The ticket log (spec 1 §3 "Ticket log entry"), written by the use cases
// themselves inside their transactions.
import type pg from "pg";

export const TICKET_LOG_TYPES = [
  "create",
  "chatBot",
  "queue",
  "open",
  "access",
  "transfered",
  "receivedTransfer",
  "pending",
  "closed",
  "reopen",
  "redirect",
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

export async function writeTicketLog(
  client: pg.ClientBase,
  entry: { companyId: number; ticketId: number; type: TicketLogType; userId?: number | null; queueId?: number | null },
): Promise<void> {
  await client.query(
    "INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id) VALUES ($1, $2, $3, $4, $5)",
    [entry.companyId, entry.ticketId, entry.type, entry.userId ?? null, entry.queueId ?? null],
  );
}
