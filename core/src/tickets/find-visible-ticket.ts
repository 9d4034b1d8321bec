// The one way a use case loads a ticket it was given by id (or uuid): the
// caller's company's ticket, if the caller may see it (visibility.ts), else 404
// ERR_NO_TICKET_FOUND, the same answer as for a missing or another company's one.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ITicket } from "../db/entities/index.ts";
import { type RowOf, selectList } from "../db/select-list.ts";
import { ticketNotFound } from "../kernel/errors.ts";
import { canSeeTicket, type VisibilityActor } from "./visibility.ts";

const ROW_KEYS = [
  "id",
  "uuid",
  "companyId",
  "contactId",
  "whatsappId",
  "queueId",
  "userId",
  "status",
  "channel",
  "isGroup",
  "unreadMessages",
  "amountUsedBotQueues",
  "useIntegration",
] as const;
/** The ticket as use cases act on it; its columns and types come from the entity. */
export type TicketRow = RowOf<ITicket, typeof ROW_KEYS>;
const ROW_COLUMNS = selectList<ITicket>()("t", ROW_KEYS);

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
