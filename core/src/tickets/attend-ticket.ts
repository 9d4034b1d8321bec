// What accepting a pending ticket and reopening a closed one share: the caller
// takes the ticket into a queue, attended (group for WhatsApp groups), read,
// logged and change-logged.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TicketStatus } from "../contract/entities.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { writeTicketLog } from "./ticket-log.ts";
import { assertCompanyQueue, attendedStatus, markTicketRead, queueRequired, type TicketRow } from "./ticket-row.ts";

/** The queue the ticket is taken into: the one asked for, else its own; one is required (spec 1 §4, §5). */
export async function targetQueue(
  client: pg.ClientBase,
  actor: Actor,
  ticket: TicketRow,
  requested: number | null | undefined,
): Promise<number> {
  const queueId = requested ?? ticket.queueId;
  if (queueId === null) throw queueRequired();
  if (queueId !== ticket.queueId) await assertCompanyQueue(client, actor.companyId, queueId);
  return queueId;
}

/**
 * The caller attends the ticket in `queueId`; the log says "queue" when it moved, then `type`.
 * `guard` wraps the row's update (reopen: against a concurrent ticket in progress). Answers the new status.
 */
export async function attendTicket(
  client: pg.ClientBase,
  actor: Actor,
  ticket: TicketRow,
  queueId: number,
  type: "open" | "reopen",
  guard: (update: () => Promise<unknown>) => Promise<unknown> = (update) => update(),
): Promise<TicketStatus> {
  const status = attendedStatus(ticket);
  await guard(() =>
    client.query(
      // An agent taking the ticket ends the queue bot's walk (decision 0041), so a later return to the
      // queue does not resume the option menu.
      `UPDATE tickets SET status = $2, user_id = $3, queue_id = $4, closed_at = NULL, is_bot = false,
         queue_option_id = NULL, updated_at = now()
       WHERE id = $1 AND company_id = $5`,
      [ticket.id, status, actor.id, queueId, actor.companyId],
    ),
  );
  const read = await markTicketRead(client, ticket);
  const log = { companyId: actor.companyId, ticketId: ticket.id, userId: actor.id, queueId };
  if (queueId !== ticket.queueId) await writeTicketLog(client, { ...log, type: "queue" });
  await writeTicketLog(client, { ...log, type });
  await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticket.id }, ...read]);
  return status;
}
