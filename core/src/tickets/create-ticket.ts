// Use case: start a ticket with a contact on a connection (spec 1 §4, §7 POST
// /tickets): open with an owner (the caller by default) or pending in its
// queue. A contact with a ticket in progress on that connection answers the
// holder's notice (409 ERR_OTHER_OPEN_TICKET); a blocked contact gets none.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { assertContactMayGetTicket } from "../contacts/contact-rules.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { otherOpenTicket, whatsappNotFound } from "../kernel/errors.ts";
import { findOpenTicketHolder, guardOneActiveTicket } from "./open-ticket-conflict.ts";
import { writeTicketLog } from "./ticket-log.ts";
import { authorize } from "./ticket-policy.ts";
import { assertCompanyQueue, assertCompanyUser, attendedStatus } from "./ticket-row.ts";

export type CreateTicketInput = {
  contactId: number;
  whatsappId: number;
  /** The REST route requires one ('Selecione uma fila'); other callers (forwarding) may start without. */
  queueId: number | null;
  /** Owner of an open ticket; the caller when absent. A pending ticket has none. */
  userId?: number | null;
  status: "open" | "pending";
};

/** Creates the ticket and answers its id. */
export async function createTicket(client: pg.ClientBase, actor: Actor, input: CreateTicketInput): Promise<number> {
  authorize(actor, "create");
  const contact = await assertContactMayGetTicket(client, actor.companyId, input.contactId);
  const wa = await client.query<{ id: number; channel: string }>(
    "SELECT id, channel FROM whatsapps WHERE id = $1 AND company_id = $2",
    [input.whatsappId, actor.companyId],
  );
  const connection = wa.rows[0];
  if (!connection) throw whatsappNotFound();
  if (input.queueId !== null) await assertCompanyQueue(client, actor.companyId, input.queueId);
  const userId = input.status === "open" ? (input.userId ?? actor.id) : null;
  if (userId !== null && userId !== actor.id) await assertCompanyUser(client, actor.companyId, userId);

  const key = { companyId: actor.companyId, contactId: contact.id, whatsappId: connection.id };
  const holder = await findOpenTicketHolder(client, key);
  if (holder) throw otherOpenTicket(holder);
  const ticket = { isGroup: contact.isGroup, channel: connection.channel };
  const status = input.status === "open" ? attendedStatus(ticket) : "pending";
  // The pre-check above answers the common case; the unique index answers a race.
  const { rows } = await guardOneActiveTicket(client, key, () =>
    client.query<{ id: number }>(
      `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, is_group)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [actor.companyId, contact.id, connection.id, input.queueId, userId, status, connection.channel, contact.isGroup],
    ),
  );
  const id = rows[0]!.id;
  const log = { companyId: actor.companyId, ticketId: id, queueId: input.queueId };
  await writeTicketLog(client, { ...log, type: "create", userId: actor.id });
  if (userId !== null) await writeTicketLog(client, { ...log, type: "open", userId });
  await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id }]);
  return id;
}
