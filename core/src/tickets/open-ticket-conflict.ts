// One ticket in progress per (company, contact, connection): the database
// enforces it (partial unique index tickets_one_active, migration 0001); this
// turns a violation, or a holder found beforehand, into 409 ERR_OTHER_OPEN_TICKET
// naming who holds the ticket (spec 1 §4: the notice names the user and queue).
import type pg from "pg";
import type { OpenTicketHolder } from "../contract/tickets.ts";
import { creatingTicket, otherOpenTicket } from "../kernel/errors.ts";

/** The contact's ticket in progress on that connection (other than `exceptId`), if any. */
export async function findOpenTicketHolder(
  client: pg.ClientBase,
  key: { companyId: number; contactId: number; whatsappId: number | null; exceptId?: number },
): Promise<OpenTicketHolder | null> {
  const { rows } = await client.query<OpenTicketHolder>(
    `SELECT t.user_id AS "userId", u.name AS "userName", q.name AS "queueName", t.status, t.uuid
     FROM tickets t LEFT JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
       LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
     WHERE t.company_id = $1 AND t.contact_id = $2 AND t.whatsapp_id IS NOT DISTINCT FROM $3
       AND t.status <> 'closed' AND t.id <> $4
     LIMIT 1`,
    [key.companyId, key.contactId, key.whatsappId, key.exceptId ?? 0],
  );
  return rows[0] ?? null;
}

const isOneActiveViolation = (err: unknown) =>
  typeof err === "object" &&
  err !== null &&
  (err as { code?: string }).code === "23505" &&
  (err as { constraint?: string }).constraint === "tickets_one_active";

/**
 * Runs a write that may put a second ticket in progress (create, reopen) under a
 * savepoint: if a concurrent transaction won the race, the unique violation is
 * rolled back to the savepoint and answered as the holder's notice.
 */
export async function guardOneActiveTicket<T>(
  client: pg.ClientBase,
  key: { companyId: number; contactId: number; whatsappId: number | null; exceptId?: number },
  write: () => Promise<T>,
): Promise<T> {
  await client.query("SAVEPOINT one_active_ticket");
  try {
    const result = await write();
    await client.query("RELEASE SAVEPOINT one_active_ticket");
    return result;
  } catch (err) {
    await client.query("ROLLBACK TO SAVEPOINT one_active_ticket");
    if (!isOneActiveViolation(err)) throw err;
    const holder = await findOpenTicketHolder(client, key);
    if (!holder) throw creatingTicket("The contact's ticket changed, try again");
    throw otherOpenTicket(holder);
  }
}

/** The holder notice of one ticket (accepting a ticket another user attends). */
export async function holderOfTicket(
  client: pg.ClientBase,
  ticket: { id: number; companyId: number },
): Promise<OpenTicketHolder> {
  const { rows } = await client.query<OpenTicketHolder>(
    `SELECT t.user_id AS "userId", u.name AS "userName", q.name AS "queueName", t.status, t.uuid
     FROM tickets t LEFT JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
       LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
     WHERE t.id = $1 AND t.company_id = $2`,
    [ticket.id, ticket.companyId],
  );
  return rows[0]!;
}
