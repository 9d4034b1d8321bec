// What the chat calls read (spec 3 §7 "Internal chat"): the caller's chats page by page, one chat the caller is a
// member of, a chat's messages newest page first. Set-based SQL, each statement scoped to the company; the
// members and the sender are read as plain columns and nested here (decision 0085).
import type pg from "pg";
import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHATS_PAGE_SIZE,
  type ChatDTO,
  type ChatMessageDTO,
  type ChatMessagesPage,
  type ChatsPage,
} from "../contract/chats.ts";
import { arrayColumns, zipColumns } from "../db/zip-columns.ts";
import { chatNotFound } from "../kernel/errors.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { namedRef } from "../presenters/named-ref.ts";

/** A chat's columns (alias ch), with its members as one array per field (by name); CHAT_FROM joins them. */
export const CHAT_COLUMNS = `ch.id, ch.uuid, ch.title, ch.owner_id AS "ownerId", ch.last_message AS "lastMessage",
  ch.updated_at AS "updatedAt", mem."memberIds", mem."memberUnreads", mem."memberNames"`;

export const CHAT_FROM = `chats ch LEFT JOIN LATERAL (
    SELECT ${arrayColumns(
      { memberIds: "cu.user_id", memberUnreads: "cu.unreads", memberNames: "u.name" },
      "lower(u.name), u.id",
    )}
    FROM chat_users cu JOIN users u ON u.id = cu.user_id AND u.company_id = cu.company_id
    WHERE cu.chat_id = ch.id AND cu.company_id = ch.company_id) mem ON true`;

/** A message's columns (alias cm), its chat's uuid (MESSAGE_FROM joins ch) and its sender's (u). */
export const MESSAGE_COLUMNS = `cm.id, cm.uuid, cm.chat_id AS "chatId", ch.uuid AS "chatUuid", cm.message, cm.sender_id AS "senderId",
  u.id AS "joinedSenderId", u.name AS "joinedSenderName", cm.created_at AS "createdAt"`;

export const MESSAGE_FROM = `chat_messages cm
  JOIN chats ch ON ch.id = cm.chat_id AND ch.company_id = cm.company_id
  LEFT JOIN users u ON u.id = cm.sender_id AND u.company_id = cm.company_id`;

export type Row = Omit<ChatDTO, "updatedAt" | "users"> & {
  updatedAt: Date;
  memberIds: number[] | null;
  memberUnreads: number[] | null;
  memberNames: string[] | null;
};

/** The presenter of a chat: its members nested as { userId, unreads, user: { id, name } }. */
export const present = ({ memberIds, memberUnreads, memberNames, ...r }: Row): ChatDTO => ({
  ...r,
  users: zipColumns({ id: memberIds, unreads: memberUnreads, name: memberNames }).map((m) => ({
    userId: m.id,
    unreads: m.unreads,
    user: { id: m.id, name: m.name },
  })),
  updatedAt: r.updatedAt.toISOString(),
});

/** GET /chats: the chats the caller belongs to, matching the search, most recently active first. */
export async function listChats(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  userId: number,
  q: { searchParam?: string; pageNumber: number; uuid?: string },
): Promise<ChatsPage> {
  const search = q.searchParam ? likePattern(q.searchParam) : null;
  const params = [companyId, userId, search, q.uuid ?? null];
  const filter = `ch.company_id = $1
    AND EXISTS (SELECT 1 FROM chat_users me WHERE me.chat_id = ch.id AND me.company_id = $1 AND me.user_id = $2)
    AND ($3::text IS NULL OR lower(ch.title) LIKE $3) AND ($4::uuid IS NULL OR ch.uuid = $4)`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chats ch WHERE ${filter}`, params);
  const offset = (q.pageNumber - 1) * CHATS_PAGE_SIZE;
  const { rows } = await db.query<Row>(
    `SELECT ${CHAT_COLUMNS} FROM ${CHAT_FROM} WHERE ${filter} ORDER BY ch.updated_at DESC, ch.id DESC LIMIT $5 OFFSET $6`,
    [...params, CHATS_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { records: rows.map(present), count: total, hasMore: offset + rows.length < total };
}

/** The chat if the caller is one of its members; otherwise ERR_NOT_FOUND, as for another company's (spec 3 §6). */
export async function findMemberChat(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  userId: number,
  chatId: number,
  opts: { lock?: boolean } = {},
): Promise<ChatDTO> {
  const { rows } = await db.query<Row>(
    `SELECT ${CHAT_COLUMNS} FROM ${CHAT_FROM} WHERE ch.company_id = $1 AND ch.id = $3
       AND EXISTS (SELECT 1 FROM chat_users me WHERE me.chat_id = ch.id AND me.company_id = $1 AND me.user_id = $2)
     ${opts.lock ? "FOR UPDATE OF ch" : ""}`,
    [companyId, userId, chatId],
  );
  if (!rows[0]) throw chatNotFound();
  return present(rows[0]);
}

export type MessageRow = Omit<ChatMessageDTO, "createdAt" | "sender"> & {
  createdAt: Date;
  joinedSenderId: number | null;
  joinedSenderName: string | null;
};
/** The presenter of a chat message: its sender nested (null once that user is gone). */
export const presentChatMessage = ({ joinedSenderId, joinedSenderName, ...r }: MessageRow): ChatMessageDTO => ({
  ...r,
  sender: namedRef(joinedSenderId, joinedSenderName),
  createdAt: r.createdAt.toISOString(),
});

/** GET /chats/{id}/messages: page 1 is the newest messages; each page oldest first, as the screen shows them. */
export async function listChatMessages(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  chatId: number,
  pageNumber: number,
): Promise<ChatMessagesPage> {
  const count = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM chat_messages cm WHERE cm.company_id = $1 AND cm.chat_id = $2",
    [companyId, chatId],
  );
  const offset = (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE;
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM}
     WHERE cm.company_id = $1 AND cm.chat_id = $2 ORDER BY cm.id DESC LIMIT $3 OFFSET $4`,
    [companyId, chatId, CHAT_MESSAGES_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { records: rows.reverse().map(presentChatMessage), count: total, hasMore: offset + rows.length < total };
}

/** One message as the calls answer it. */
export async function loadChatMessage(db: pg.ClientBase, companyId: number, id: number): Promise<ChatMessageDTO> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE cm.company_id = $1 AND cm.id = $2`,
    [companyId, id],
  );
  return presentChatMessage(rows[0]!);
}

/** The id of the chat with this uuid if the caller is one of its members; otherwise ERR_NOT_FOUND (spec 3 §6). */
export async function memberChatIdByUuid(
  db: pg.ClientBase,
  companyId: number,
  userId: number,
  uuid: string,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT ch.id FROM chats ch WHERE ch.company_id = $1 AND ch.uuid = $3
       AND EXISTS (SELECT 1 FROM chat_users me WHERE me.chat_id = ch.id AND me.company_id = $1 AND me.user_id = $2)`,
    [companyId, userId, uuid],
  );
  if (!rows[0]) throw chatNotFound();
  return rows[0].id;
}

/** The members' ids of a chat (those a change to it concerns). */
export async function chatMemberIds(db: pg.ClientBase, companyId: number, chatId: number): Promise<number[]> {
  const { rows } = await db.query<{ userId: number }>(
    `SELECT cu.user_id AS "userId" FROM chat_users cu WHERE cu.company_id = $1 AND cu.chat_id = $2`,
    [companyId, chatId],
  );
  return rows.map((r) => r.userId);
}
