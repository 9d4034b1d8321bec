// The one way a use case loads a ticket it was given by id (or uuid): the
// caller's company's ticket, if the caller may see it (visibility.ts), else 404
// ERR_NO_TICKET_FOUND, the same answer as for a missing or another company's one.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TicketStatus } from "../contract/entities.ts";
import { ticketNotFound } from "../http/errors.ts";
import { canSeeTicket, type VisibilityActor } from "./visibility.ts";

export type TicketRow = {
  id: number;
  uuid: string;
  companyId: number;
  contactId: number;
  whatsappId: number | null;
  queueId: number | null;
  userId: number | null;
  status: TicketStatus;
  channel: string;
  isGroup: boolean;
  unreadMessages: number;
  amountUsedBotQueues: number;
  useIntegration: boolean;
};

const ROW_COLUMNS = `t.id, t.uuid, t.company_id AS "companyId", t.contact_id AS "contactId",
  t.whatsapp_id AS "whatsappId", t.queue_id AS "queueId", t.user_id AS "userId", t.status, t.channel,
  t.is_group AS "isGroup", t.unread_messages AS "unreadMessages", t.amount_used_bot_queues AS "amountUsedBotQueues",
  t.use_integration AS "useIntegration"`;

export type FindTicketOptions = {
  /** Lock the row (FOR UPDATE) for the rest of the caller's transaction. */
  lock?: boolean;
};

type Caller = VisibilityActor & Pick<Actor, "companyId">;

async function findBy(
  db: pg.Pool | pg.ClientBase,
  actor: Caller,
  where: string,
  key: number | string,
  opts: FindTicketOptions,
): Promise<TicketRow> {
  const { rows } = await db.query<TicketRow>(
    `SELECT ${ROW_COLUMNS} FROM tickets t WHERE ${where} AND t.company_id = $2${opts.lock ? " FOR UPDATE" : ""}`,
    [key, actor.companyId],
  );
  const ticket = rows[0];
  if (!ticket || !canSeeTicket(actor, ticket)) throw ticketNotFound();
  return ticket;
}

/** The ticket `id` of the caller's company that the caller may see; otherwise ERR_NO_TICKET_FOUND. */
export function findVisibleTicket(
  db: pg.Pool | pg.ClientBase,
  actor: Caller,
  id: number,
  opts: FindTicketOptions = {},
): Promise<TicketRow> {
  return findBy(db, actor, "t.id = $1", id, opts);
}

/** The same, for the routes that name a ticket by its uuid (GET /tickets/u/{uuid}). */
export function findVisibleTicketByUuid(
  db: pg.Pool | pg.ClientBase,
  actor: Caller,
  uuid: string,
  opts: FindTicketOptions = {},
): Promise<TicketRow> {
  return findBy(db, actor, "t.uuid = $1", uuid, opts);
}
