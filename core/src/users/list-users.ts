// The users list of /users (search, pages) and the short list pickers use.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { USER_QUEUES_COLUMNS, USER_QUEUES_JOIN, type UserQueuesColumns, withUserQueues } from "../auth/user-queues.ts";
import { type ListUsersResponse, USERS_PAGE_SIZE, type UserAnswer, type UserPickerEntry } from "../contract/users.ts";
import { USER_COLUMNS } from "../db/replica-rows.ts";
import { authorizeUser } from "./user-policy.ts";

/** Escapes LIKE's wildcards so that a search for "50%" means those characters. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  q: { searchParam: string; pageNumber: number },
): Promise<ListUsersResponse> {
  authorizeUser(actor, "list");
  const params: unknown[] = [actor.companyId];
  let where = "u.company_id = $1";
  if (q.searchParam) {
    params.push(`%${likeEscape(q.searchParam)}%`);
    where += ` AND (lower(u.name) LIKE $${params.length} OR lower(u.email) LIKE $${params.length})`;
  }
  params.push(USERS_PAGE_SIZE + 1, (q.pageNumber - 1) * USERS_PAGE_SIZE);
  const { rows } = await db.query<Omit<UserAnswer, "queues"> & UserQueuesColumns>(
    `SELECT ${USER_COLUMNS}, u.farewell_message AS "farewellMessage", ${USER_QUEUES_COLUMNS}
     FROM users u ${USER_QUEUES_JOIN} WHERE ${where}
     ORDER BY lower(u.name), u.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const hasMore = rows.length > USERS_PAGE_SIZE;
  const users = rows.slice(0, USERS_PAGE_SIZE).map(withUserQueues);
  return { users, hasMore, count: (q.pageNumber - 1) * USERS_PAGE_SIZE + users.length };
}

/** Every user of the company, briefly: transfer dialogs, filters, the attendance panel. */
export async function listUserPicker(db: pg.Pool | pg.ClientBase, actor: Actor): Promise<UserPickerEntry[]> {
  const { rows } = await db.query<UserPickerEntry>(
    "SELECT id, name, profile, online, color FROM users WHERE company_id = $1 ORDER BY lower(name), id",
    [actor.companyId],
  );
  return rows;
}
