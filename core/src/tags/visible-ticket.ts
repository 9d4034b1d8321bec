// The ticket a tag or note call names, if the caller may see it (visibility.ts);
// otherwise 404 ERR_NO_TICKET_FOUND, the same answer as another company's ticket.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { ticketNotFound } from "../http/errors.ts";
import { canSeeTicket } from "../tickets/visibility.ts";

export type VisibleTicket = {
  id: number;
  contactId: number;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  status: string;
};

export async function loadVisibleTicket(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  ticketId: number,
  opts: { lock?: boolean } = {},
): Promise<VisibleTicket> {
  const { rows } = await db.query<VisibleTicket>(
    `SELECT id, contact_id AS "contactId", user_id AS "userId", queue_id AS "queueId", is_group AS "isGroup", status
     FROM tickets WHERE id = $1 AND company_id = $2${opts.lock ? " FOR UPDATE" : ""}`,
    [ticketId, actor.companyId],
  );
  const ticket = rows[0];
  if (!ticket || !canSeeTicket(actor, ticket)) throw ticketNotFound();
  return ticket;
}
