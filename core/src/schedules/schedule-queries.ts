// Reading schedules in their answer shape (spec 2 §3 Schedule): one SELECT list with the contact's, the ticket
// user's and the connection's names, shared by the REST calls and the sync pull. Lists stay set-based SQL
// (decision 0028); single rows for writes go through the company EntityManager.
import type pg from "pg";
import type { ScheduleDTO, SchedulesPage } from "../contract/schedules.ts";
import { scheduleNotFound } from "../kernel/errors.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { namedRef } from "../presenters/named-ref.ts";

export const SCHEDULES_PAGE_SIZE = 20;

/** Columns of `schedules s` with its joins (below); scheduleAnswer nests the joined rows (decision 0085). */
export const SCHEDULE_COLUMNS = `s.id, s.body, s.contact_id AS "contactId",
  c.id AS "joinedContactId", c.name AS "joinedContactName",
  s.send_at AS "sendAt", s.sent_at AS "sentAt", s.status, s.last_error AS "lastError", s.assinar, s.open_ticket AS "openTicket",
  s.ticket_user_id AS "ticketUserId",
  tu.id AS "joinedTicketUserId", tu.name AS "joinedTicketUserName",
  s.queue_id AS "queueId", s.status_ticket AS "statusTicket", s.intervalo, s.valor_intervalo AS "valorIntervalo",
  s.enviar_quantas_vezes AS "enviarQuantasVezes", s.sent_count AS "sentCount", s.tipo_dias AS "tipoDias",
  s.media_path AS "mediaPath", s.media_name AS "mediaName", s.whatsapp_id AS "whatsappId",
  w.id AS "joinedWhatsappId", w.name AS "joinedWhatsappName",
  s.user_id AS "userId", s.company_id AS "companyId", s.created_at AS "createdAt", s.updated_at AS "updatedAt"`;

/** Joins for SCHEDULE_COLUMNS, each on the schedule's own company. */
export const SCHEDULE_JOINS = `LEFT JOIN contacts c ON c.id = s.contact_id AND c.company_id = s.company_id
  LEFT JOIN users tu ON tu.id = s.ticket_user_id AND tu.company_id = s.company_id
  LEFT JOIN whatsapps w ON w.id = s.whatsapp_id AND w.company_id = s.company_id`;

type Row = Omit<
  ScheduleDTO,
  "sendAt" | "sentAt" | "createdAt" | "updatedAt" | "contact" | "ticketUser" | "whatsapp"
> & {
  sendAt: Date;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  joinedContactId: number | null;
  joinedContactName: string | null;
  joinedTicketUserId: number | null;
  joinedTicketUserName: string | null;
  joinedWhatsappId: number | null;
  joinedWhatsappName: string | null;
};

/** A schedule as the API answers it: the joined rows nested, dates as ISO strings; typed for the PWA. */
export const scheduleAnswer = (r: Row): ScheduleDTO => {
  const {
    joinedContactId,
    joinedContactName,
    joinedTicketUserId,
    joinedTicketUserName,
    joinedWhatsappId,
    joinedWhatsappName,
    ...columns
  } = r;
  return {
    ...columns,
    contact: namedRef(joinedContactId, joinedContactName),
    ticketUser: namedRef(joinedTicketUserId, joinedTicketUserName),
    whatsapp: namedRef(joinedWhatsappId, joinedWhatsappName),
    sendAt: r.sendAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
};

/** The company's schedules with these ids (the sync pull's changed rows). */
export async function schedulesByIds(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  ids: number[],
): Promise<ScheduleDTO[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<Row>(
    `SELECT ${SCHEDULE_COLUMNS} FROM schedules s ${SCHEDULE_JOINS} WHERE s.company_id = $1 AND s.id = ANY($2::int[])`,
    [companyId, ids],
  );
  return rows.map(scheduleAnswer);
}

/** One schedule of the company, or ERR_NOT_FOUND (another company's is as absent as a missing one). */
export async function loadSchedule(db: pg.Pool | pg.ClientBase, companyId: number, id: number): Promise<ScheduleDTO> {
  const [row] = await schedulesByIds(db, companyId, [id]);
  if (!row) throw scheduleNotFound();
  return row;
}

/** Schedules a first pull carries: the latest by send time (the calendar shows recent and coming ones). */
export const BOOT_SCHEDULES = 2000;

export async function latestSchedules(db: pg.ClientBase, companyId: number): Promise<ScheduleDTO[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${SCHEDULE_COLUMNS} FROM schedules s ${SCHEDULE_JOINS} WHERE s.company_id = $1
     ORDER BY s.send_at DESC, s.id DESC LIMIT $2`,
    [companyId, BOOT_SCHEDULES],
  );
  return rows.map(scheduleAnswer);
}

/** GET /schedules: a page matching the search (body or contact name), optionally one contact's, latest first. */
export async function listSchedules(
  pool: pg.Pool,
  companyId: number,
  q: { searchParam?: string; pageNumber: number; contactId?: number },
): Promise<SchedulesPage> {
  const params = [companyId, q.searchParam ? likePattern(q.searchParam) : null, q.contactId ?? null];
  const filter = `s.company_id = $1 AND ($3::int IS NULL OR s.contact_id = $3)
    AND ($2::text IS NULL OR lower(s.body) LIKE $2 OR lower(c.name) LIKE $2)`;
  const count = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM schedules s LEFT JOIN contacts c ON c.id = s.contact_id AND c.company_id = s.company_id
     WHERE ${filter}`,
    params,
  );
  const offset = (q.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
  const { rows } = await pool.query<Row>(
    `SELECT ${SCHEDULE_COLUMNS} FROM schedules s ${SCHEDULE_JOINS} WHERE ${filter}
     ORDER BY s.send_at DESC, s.id DESC LIMIT $4 OFFSET $5`,
    [...params, SCHEDULES_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { schedules: rows.map(scheduleAnswer), count: total, hasMore: offset + rows.length < total };
}
