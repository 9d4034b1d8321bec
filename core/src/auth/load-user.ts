// Reads a user as the API shows it (spec 1 §3 User), with company and queues: both read as plain columns and
// nested here (decision 0085).
import type pg from "pg";
import type { UserDTO } from "../contract/entities.ts";
import { USER_QUEUES_COLUMNS, USER_QUEUES_JOIN, type UserQueuesColumns, withUserQueues } from "./user-queues.ts";

export type UserRow = UserDTO & {
  sessionId: string | null;
  passwordHash: string;
  queueIds: number[];
  /** Spec 1 §3 User.farewellMessage (not replicated: the sync DTO leaves it out). */
  farewellMessage: string | null;
  /** Raised when what the user may see changes; part of the sync cursor. */
  replicaVersion: number;
};

const SELECT_USER = `
  SELECT u.id, u.name, u.email, u.profile, u.super, u.company_id AS "companyId", u.whatsapp_id AS "whatsappId",
    u.start_work AS "startWork", u.end_work AS "endWork", u.all_ticket AS "allTicket", u.allow_group AS "allowGroup",
    u.default_theme AS "defaultTheme", u.default_menu AS "defaultMenu", u.all_historic AS "allHistoric",
    u.all_user_chat AS "allUserChat", u.user_close_pending_ticket AS "userClosePendingTicket",
    u.show_dashboard AS "showDashboard", u.allow_real_time AS "allowRealTime",
    u.allow_connections AS "allowConnections", u.online, u.color, u.profile_image AS "profileImage",
    u.default_tickets_manager_width AS "defaultTicketsManagerWidth", u.default_theme = 'dark' AS "darkMode",
    u.farewell_message AS "farewellMessage",
    u.session_id AS "sessionId", u.password_hash AS "passwordHash", u.replica_version AS "replicaVersion",
    c.id AS "joinedCompanyId", c.name AS "joinedCompanyName", c.due_date AS "joinedCompanyDueDate",
    ${USER_QUEUES_COLUMNS}
  FROM users u JOIN companies c ON c.id = u.company_id ${USER_QUEUES_JOIN}`;

/** A row of SELECT_USER: the company's fields and the queues' arrays as plain columns. */
type SelectedUser = Omit<UserRow, "company" | "queues" | "queueIds"> &
  UserQueuesColumns & { joinedCompanyId: number; joinedCompanyName: string; joinedCompanyDueDate: string | null };

function toUserRow(row: SelectedUser): UserRow {
  const { joinedCompanyId, joinedCompanyName, joinedCompanyDueDate, ...user } = withUserQueues(row);
  return {
    ...user,
    company: { id: joinedCompanyId, name: joinedCompanyName, dueDate: joinedCompanyDueDate },
    queueIds: user.queues.map((q) => q.id),
  } as UserRow;
}

/** The user `id` of `companyId` (the company a token or refresh token names), or null. */
export async function loadUserById(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
): Promise<UserRow | null> {
  // Named: runs on every authenticated request, so each connection plans it once.
  const { rows } = await db.query({
    name: "load-user-by-id",
    text: `${SELECT_USER} WHERE u.id = $1 AND u.company_id = $2`,
    values: [id, companyId],
  });
  return rows[0] ? toUserRow(rows[0]) : null;
}

export async function loadUserByEmail(db: pg.Pool | pg.ClientBase, email: string): Promise<UserRow | null> {
  // Logins are unique across the platform: the e-mail is what finds the user's company.
  const { rows } = await db.query(
    `${SELECT_USER} /* all-companies: login by e-mail */ WHERE lower(u.email) = lower($1)`,
    [email],
  );
  return rows[0] ? toUserRow(rows[0]) : null;
}

/** A user of `companyId`, or null: another company's user is as absent as a missing one. */
export async function loadCompanyUser(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
): Promise<UserRow | null> {
  const { rows } = await db.query(`${SELECT_USER} WHERE u.id = $1 AND u.company_id = $2`, [id, companyId]);
  return rows[0] ? toUserRow(rows[0]) : null;
}

/** The user without secrets, as answered to clients. */
export function publicUser(u: UserRow): UserDTO {
  const { sessionId: _s, passwordHash: _p, queueIds: _q, replicaVersion: _v, ...dto } = u;
  return dto;
}
