// What of the internal chat a device replicates (decision 0111): the chats the user is a member of, with their
// members' unread counts, and their messages. The same visibility as the REST routes (members only, one company);
// a first pull brings the most recently active chats with their newest messages, a later pull the changed ones.
import type pg from "pg";
import type { ChatDTO, ChatMessageDTO } from "../contract/chats.ts";
import {
  CHAT_COLUMNS,
  CHAT_FROM,
  MESSAGE_COLUMNS,
  MESSAGE_FROM,
  type MessageRow,
  present,
  presentChatMessage,
  type Row,
} from "./chat-queries.ts";

/** Chats a first pull brings (the most recently active), and the newest messages of each. */
export const REPLICA_CHATS = 500;
/**
 * Chats with messages the caller has not read that a first pull brings beyond those, however old (decision 0119):
 * the top bar's and the side menu's unread counts read the replica and show '99+' past 99, so 100 more make the
 * shown count exact.
 */
export const REPLICA_UNREAD_CHATS = 100;
export const REPLICA_CHAT_MESSAGES = 50;

/** The member clause: the caller ($2) is in chat ch of company $1. */
const MEMBER =
  "EXISTS (SELECT 1 FROM chat_users me WHERE me.chat_id = ch.id AND me.company_id = $1 AND me.user_id = $2)";

/**
 * A first pull: the caller's most recently active chats, and up to REPLICA_UNREAD_CHATS more that hold messages the
 * caller has not read, with their newest messages (each chat's oldest first).
 */
export async function replicaChats(
  db: pg.ClientBase,
  companyId: number,
  userId: number,
): Promise<{ chats: ChatDTO[]; messages: ChatMessageDTO[] }> {
  // The unread ones from the caller's own rows (chat_users_user), newest chat first.
  const chats = await db.query<Row>(
    `SELECT ${CHAT_COLUMNS} FROM ${CHAT_FROM} WHERE ch.company_id = $1 AND ch.id IN (
       (SELECT ch.id FROM chats ch WHERE ch.company_id = $1 AND ${MEMBER}
        ORDER BY ch.updated_at DESC, ch.id DESC LIMIT $3)
       UNION
       (SELECT me.chat_id FROM chat_users me WHERE me.company_id = $1 AND me.user_id = $2 AND me.unreads > 0
        ORDER BY me.chat_id DESC LIMIT $4))
     ORDER BY ch.updated_at DESC, ch.id DESC`,
    [companyId, userId, REPLICA_CHATS, REPLICA_UNREAD_CHATS],
  );
  const ids = chats.rows.map((c) => c.id);
  const messages = await db.query<MessageRow>(
    `SELECT m.* FROM unnest($2::int[]) AS c(id)
     CROSS JOIN LATERAL (SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM}
       WHERE cm.company_id = $1 AND cm.chat_id = c.id ORDER BY cm.id DESC LIMIT $3) m
     ORDER BY m.id`,
    [companyId, ids, REPLICA_CHAT_MESSAGES],
  );
  return { chats: chats.rows.map(present), messages: messages.rows.map(presentChatMessage) };
}

/**
 * A later pull. `logged` are the change log's ids of entity "chats": "<chatId>" for a changed chat, whose row goes
 * to its members (put); "<chatId>:<userId>" for a chat that left that user's replica (deleted, or the user taken
 * out), named as a removal (del) to that user alone, and only if they are not a member again by now. A changed
 * chat the caller is not in is not named at all.
 */
export async function changedChats(
  db: pg.ClientBase,
  companyId: number,
  userId: number,
  logged: string[],
): Promise<{ put: ChatDTO[]; del: number[] }> {
  const changed = new Set<number>();
  const left = new Set<number>();
  for (const entry of logged) {
    const [chatId, whose] = entry.split(":");
    if (whose === undefined) changed.add(Number(chatId));
    else if (Number(whose) === userId) left.add(Number(chatId));
  }
  const ids = [...new Set([...changed, ...left])];
  if (ids.length === 0) return { put: [], del: [] };
  const { rows } = await db.query<Row>(
    `SELECT ${CHAT_COLUMNS} FROM ${CHAT_FROM} WHERE ch.company_id = $1 AND ch.id = ANY($3) AND ${MEMBER}`,
    [companyId, userId, ids],
  );
  const member = new Set(rows.map((r) => r.id));
  return { put: rows.map(present), del: [...left].filter((id) => !member.has(id)) };
}

/** A later pull: the new messages of chats the caller is a member of (others' are not named at all). */
export async function changedChatMessages(
  db: pg.ClientBase,
  companyId: number,
  userId: number,
  ids: number[],
): Promise<ChatMessageDTO[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE cm.company_id = $1 AND cm.id = ANY($3) AND ${MEMBER}
     ORDER BY cm.id`,
    [companyId, userId, ids],
  );
  return rows.map(presentChatMessage);
}
