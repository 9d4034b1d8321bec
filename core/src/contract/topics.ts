// The PostgreSQL NOTIFY channels the parts talk through: core writes, the realtime hub,
// the channel worker and the sync server listen. One name each, shared by every part.

/** A connection has queued outbound messages (payload: the connection id): its worker sends them. */
export const OUTBOUND_CHANNEL = "chatflow_outbound";
/** A session began or ended (payload: `userId:sessionId`, or `userId:` for all of a user's sessions). */
export const SESSIONS_CHANNEL = "chatflow_sessions";
/** A user, their queues, a queue or a company changed (`u:<userId>` or `c:<companyId>`; migration 0013). */
export const USERS_CHANNEL = "chatflow_users";
/** A company's change log grew (payload: the company id): the hub pokes its clients. */
export const CHANGES_CHANNEL = "chatflow_changes";
/** A company has web push subscribers now (payload: the company id): every core's push dispatcher reads its changes. */
export const PUSH_CHANNEL = "chatflow_push";
