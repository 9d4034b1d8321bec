// The ticket a message the company sends on its own (a campaign's, a schedule's) goes out on. Campaigns and schedules
// differ only in what a new ticket looks like and whether the contact's latest ticket may serve, so those come in as
// rules and the lookups, the insert and its log entries are written once.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";
import { writeTicketLog } from "./ticket-log.ts";

export type OutboundTicketRules = {
  /** With no ticket in progress there: the contact's latest ticket on the connection serves, left as it is. */
  reuseLatest: boolean;
  /** A new ticket's status, queue and agent; an agent also gets an "open" log entry. */
  status: string;
  queueId: number | null;
  userId: number | null;
  /** The user the "create" log entry names (the campaign's or the schedule's author). */
  createdBy: number | null;
};

/**
 * The contact's ticket in progress on that connection, as it is (locked for the send); else, when `reuseLatest`,
 * the contact's latest ticket there; else a new ticket made by `rules`.
 */
export async function ticketForOutbound(
  client: pg.ClientBase,
  to: { companyId: number; contactId: number; whatsappId: number },
  rules: OutboundTicketRules,
  changes: Change[],
): Promise<{ id: number; queueId: number | null }> {
  const key = [to.companyId, to.contactId, to.whatsappId];
  const current = await client.query<{ id: number; queueId: number | null }>(
    `SELECT id, queue_id AS "queueId" FROM tickets
     WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3 AND status <> 'closed' FOR UPDATE`,
    key,
  );
  if (current.rows[0]) return current.rows[0];
  if (rules.reuseLatest) {
    const latest = await client.query<{ id: number; queueId: number | null }>(
      `SELECT id, queue_id AS "queueId" FROM tickets WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3
       ORDER BY updated_at DESC, id DESC LIMIT 1`,
      key,
    );
    if (latest.rows[0]) return latest.rows[0];
  }
  const { status, queueId, userId } = rules;
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, is_group)
     SELECT $1, c.id, w.id, $4, $5, $6, w.channel, c.is_group
     FROM contacts c JOIN whatsapps w ON w.id = $3 AND w.company_id = c.company_id
     WHERE c.id = $2 AND c.company_id = $1 RETURNING id`,
    [...key, queueId, userId, status],
  );
  const id = rows[0]!.id;
  const log = { companyId: to.companyId, ticketId: id, queueId };
  await writeTicketLog(client, { ...log, type: "create", userId: rules.createdBy });
  if (userId !== null) await writeTicketLog(client, { ...log, type: "open", userId });
  changes.push({ companyId: to.companyId, entity: "tickets", id });
  return { id, queueId };
}
