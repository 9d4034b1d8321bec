// A user's queues (id, name, colour; by id) as the user answers nest them: read by a lateral join with one array
// per field and zipped in TypeScript, not built as JSON in SQL (decision 0085). The user's alias is `u`.
import { arrayColumns, zipColumns } from "../db/zip-columns.ts";

export type UserQueue = { id: number; name: string; color: string };

/** Joins the arrays of the queues of `u`; select them with USER_QUEUES_COLUMNS. */
export const USER_QUEUES_JOIN = `LEFT JOIN LATERAL (
    SELECT ${arrayColumns({ joinedQueueIds: "q.id", joinedQueueNames: "q.name", joinedQueueColors: "q.color" }, "q.id")}
    FROM user_queues uq JOIN queues q ON q.id = uq.queue_id AND q.company_id = uq.company_id
    WHERE uq.user_id = u.id AND uq.company_id = u.company_id) uqs ON true`;

export const USER_QUEUES_COLUMNS = `uqs."joinedQueueIds", uqs."joinedQueueNames", uqs."joinedQueueColors"`;

/** The columns USER_QUEUES_COLUMNS reads (null arrays for a user with no queue). */
export type UserQueuesColumns = {
  joinedQueueIds: number[] | null;
  joinedQueueNames: string[] | null;
  joinedQueueColors: string[] | null;
};

/** The row with its queue columns folded into `queues`. */
export function withUserQueues<T extends UserQueuesColumns>(
  row: T,
): Omit<T, keyof UserQueuesColumns> & { queues: UserQueue[] } {
  const { joinedQueueIds, joinedQueueNames, joinedQueueColors, ...user } = row;
  return {
    ...user,
    queues: zipColumns<UserQueue>({ id: joinedQueueIds, name: joinedQueueNames, color: joinedQueueColors }),
  };
}
