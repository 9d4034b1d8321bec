// Helpers of the ticket transitions: check the records a request names (queue, user) belong to the company, and
// answer a ticket in the shape the routes return (presented for the caller).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TicketDTO, TicketStatus } from "../contract/entities.ts";
import type { Change } from "../kernel/change-log.ts";
import { invalidInput, queueNotFound, ticketNotFound, userNotFound, wrongState } from "../kernel/errors.ts";
import { presentTicket } from "../presenters/present-ticket.ts";
import { loadViewer } from "../presenters/viewer.ts";
import type { TicketRow } from "./find-visible-ticket.ts";
import { TICKET_ITEM_JOINS, TICKET_ITEM_TEXT } from "./list-tickets.ts";

export type { TicketRow } from "./find-visible-ticket.ts";

/** The status a ticket attended by someone takes: group for group tickets on WhatsApp, else open. */
export const attendedStatus = (t: Pick<TicketRow, "isGroup" | "channel">): TicketStatus =>
  t.isGroup && t.channel === "whatsapp" ? "group" : "open";

/** A queue of the caller's company, or 404. */
export async function assertCompanyQueue(client: pg.ClientBase, companyId: number, queueId: number): Promise<void> {
  const { rowCount } = await client.query("SELECT 1 FROM queues WHERE id = $1 AND company_id = $2", [
    queueId,
    companyId,
  ]);
  if (!rowCount) throw queueNotFound();
}

/** A user of the caller's company, or 404 ERR_NO_USER_FOUND. */
export async function assertCompanyUser(client: pg.ClientBase, companyId: number, userId: number): Promise<void> {
  const { rowCount } = await client.query("SELECT 1 FROM users WHERE id = $1 AND company_id = $2", [userId, companyId]);
  if (!rowCount) throw userNotFound();
}

/** A transition the ticket's status does not allow (spec 1 §4 table), e.g. returning a closed ticket. */
export const invalidTransition = (status: TicketStatus, action: string) =>
  wrongState(`A ${status} ticket cannot be ${action}`, { status });

/** The answer 400 'Selecione uma fila' (spec 1 §5) on field queueId. */
export const queueRequired = () => invalidInput("Selecione uma fila", "queueId");

export type TicketView = TicketDTO & {
  contact: { id: number; name: string; number: string; urlPicture: string | null; isGroup: boolean };
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: string } | null;
  tags: { id: number; name: string; color: string }[];
  userRating: { rate: number } | null;
  protocol: string | null;
  useIntegration: boolean;
  amountUsedBotQueues: number;
  isTransfered: boolean;
  msgTransfer: string | null;
};

/** What the ticket header shows beyond the list item. */
type HeaderField = "protocol" | "useIntegration" | "amountUsedBotQueues" | "isTransfered" | "msgTransfer";

/**
 * The ticket as POST/PUT /tickets answer it: the list item of GET /tickets and
 * GET /tickets/u/{uuid} (one shape for a ticket everywhere, TICKET_ITEM_TEXT) plus
 * the header's fields, presented for the caller (presentTicket).
 */
export async function ticketView(db: pg.ClientBase | pg.Pool, actor: Actor, ticketId: number): Promise<TicketView> {
  const { rows } = await db.query<{ item: string } & Pick<TicketView, HeaderField>>({
    name: "ticket-view",
    text: `SELECT ${TICKET_ITEM_TEXT} AS item, t.protocol, t.use_integration AS "useIntegration",
       t.amount_used_bot_queues AS "amountUsedBotQueues", t.is_transfered AS "isTransfered",
       t.msg_transfer AS "msgTransfer"
     FROM tickets t ${TICKET_ITEM_JOINS} WHERE t.id = $1 AND t.company_id = $2`,
    values: [ticketId, actor.companyId],
  });
  const row = rows[0];
  if (!row) throw ticketNotFound();
  const { item, ...header } = row;
  return presentTicket(await loadViewer(db, actor), { ...(JSON.parse(item) as TicketView), ...header });
}

/** Resets the unread count and marks the contact's messages read, recording what changed. */
export async function markTicketRead(
  client: pg.ClientBase,
  ticket: Pick<TicketRow, "id" | "companyId">,
): Promise<Change[]> {
  await client.query(
    "UPDATE tickets SET unread_messages = 0 WHERE id = $1 AND company_id = $2 AND unread_messages <> 0",
    [ticket.id, ticket.companyId],
  );
  const { rows } = await client.query<{ id: string }>(
    `UPDATE messages SET read = true, updated_at = now()
     WHERE ticket_id = $1 AND company_id = $2 AND NOT read AND NOT from_me RETURNING id`,
    [ticket.id, ticket.companyId],
  );
  return rows.map((r) => ({ companyId: ticket.companyId, entity: "messages", id: r.id }));
}
