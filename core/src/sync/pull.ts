// GET /sync/pull: the rows changed after the client's cursor that this user
// may see (put), each presented for them (core/src/presenters), and the rows
// that are gone or no longer visible (del).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { changedChatMessages, changedChats, replicaChats } from "../chats/chat-replica.ts";
import type { TicketDTO, UserDTO } from "../contract/entities.ts";
import type { EntityName, ListName, PullResponse } from "../contract/sync.ts";
import {
  CONTACT_COLUMNS,
  MESSAGE_COLUMNS,
  QUEUE_COLUMNS,
  TICKET_REPLICA_COLUMNS,
  USER_COLUMNS,
  USER_QUEUES_JSON,
  WHATSAPP_COLUMNS,
} from "../db/replica-rows.ts";
import { transaction } from "../kernel/transaction.ts";
import { loadPlanFlags } from "../plans/company-access.ts";
import { presentContact } from "../presenters/present-contact.ts";
import { presentMessage } from "../presenters/present-message.ts";
import { presentTicket } from "../presenters/present-ticket.ts";
import { presentUser } from "../presenters/present-user.ts";
import { loadViewer, type Viewer } from "../presenters/viewer.ts";
import { latestSchedules, schedulesByIds } from "../schedules/schedule-queries.ts";
import { canSeeTicket } from "../tickets/visibility.ts";
import { type BootPosition, bootstrapPage, formatBootPosition, parseBootPosition } from "./bootstrap.ts";

/** Changes read per pull; the client pulls again while `more` is true. */
export const PULL_LIMIT = 2000;

/** Runs queries one after another: a pg client takes one query at a time. */
async function inOrder<const T extends readonly (() => Promise<unknown>)[]>(
  fns: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const fn of fns) results.push(await fn());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/** `boot`: where a first pull in pages stands (bootstrap.ts); absent once the replica is whole. */
export type Cursor = { seq: number; version: number; boot?: BootPosition };

/**
 * "<seq>v<replica version>", followed during a first pull by the position of its next page
 * ("<seq>v<version>bm0.350.1763...000.42"); a bare "<seq>" (older clients) reads as version 0.
 */
export function parseCursor(text: string): Cursor {
  const m = /^(\d+)(?:v(\d+))?(b.*)?$/.exec(text);
  const boot = m?.[3] === undefined ? undefined : parseBootPosition(m[3]);
  return { seq: Number(m?.[1]), version: Number(m?.[2] ?? 0), ...(boot ? { boot } : {}) };
}

const emptyPull = (seq: number, version: number, reset: boolean): PullResponse => ({
  cursor: `${seq}v${version}`,
  reset,
  more: false,
  put: emptyRows(),
  del: emptyRows(),
});

function emptyRows() {
  const rows = { tickets: [], messages: [], contacts: [], queues: [], whatsapps: [], users: [], schedules: [] };
  return { ...rows, chats: [], chatMessages: [] };
}

/** Whether the company's plan has the internal chat (without a plan: the defaults, on); its chats replicate then. */
async function hasInternalChat(client: pg.ClientBase, companyId: number): Promise<boolean> {
  const flags = await loadPlanFlags(client, companyId);
  return !flags || flags.useInternalChat;
}

/** `cursor` undefined means a first pull: the client gets a whole replica (reset). */
export async function pull(pool: pg.Pool, actor: Actor, cursor: Cursor | undefined): Promise<PullResponse> {
  // One snapshot: the cursor we answer matches the rows we read.
  return transaction(
    pool,
    async (client) => {
      const { rows } = await client.query<{ last_seq: number; pruned_seq: number }>(
        "SELECT last_seq, pruned_seq FROM company_sync WHERE company_id = $1",
        [actor.companyId],
      );
      const lastSeq = rows[0]?.last_seq ?? 0;
      const prunedSeq = rows[0]?.pruned_seq ?? 0;
      const viewer = await loadViewer(client, actor);
      return cursor === undefined ||
        cursor.version !== actor.replicaVersion ||
        cursor.seq < prunedSeq ||
        cursor.seq > lastSeq
        ? await bootstrap(client, viewer, lastSeq, undefined)
        : cursor.boot
          ? await bootstrap(client, viewer, cursor.seq, cursor.boot)
          : await incremental(client, viewer, cursor.seq);
    },
    { isolation: "repeatable read", readOnly: true },
  );
}

async function references(client: pg.ClientBase, viewer: Viewer, out: PullResponse): Promise<void> {
  const companyId = viewer.actor.companyId;
  const [q, w, u] = await inOrder([
    () => client.query(`SELECT ${QUEUE_COLUMNS} FROM queues q WHERE q.company_id = $1 ORDER BY q.id`, [companyId]),
    () =>
      client.query(`SELECT ${WHATSAPP_COLUMNS} FROM whatsapps w WHERE w.company_id = $1 ORDER BY w.id`, [companyId]),
    () =>
      client.query<UserDTO>(
        `SELECT ${USER_COLUMNS}, ${USER_QUEUES_JSON} FROM users u WHERE u.company_id = $1 ORDER BY u.id`,
        [companyId],
      ),
  ]);
  out.put.queues = q.rows;
  out.put.whatsapps = w.rows;
  out.put.users = u.rows.map((user) => presentUser(viewer, user));
  out.put.schedules = await latestSchedules(client, companyId);
  // The chats this user is a member of, with their newest messages (decision 0111).
  if (await hasInternalChat(client, companyId)) {
    const chats = await replicaChats(client, companyId, viewer.actor.id);
    out.put.chats = chats.chats;
    out.put.chatMessages = chats.messages;
  }
}

/** A page of a first pull: the first (`from` undefined) resets the replica and brings the reference lists. */
async function bootstrap(
  client: pg.ClientBase,
  viewer: Viewer,
  seq: number,
  from: BootPosition | undefined,
): Promise<PullResponse> {
  const version = viewer.actor.replicaVersion;
  const out = emptyPull(seq, version, from === undefined);
  const next = await bootstrapPage(client, viewer, from, out);
  if (from === undefined) await references(client, viewer, out);
  if (next) {
    out.cursor = `${seq}v${version}${formatBootPosition(next)}`;
    out.more = true;
  }
  return out;
}

async function incremental(client: pg.ClientBase, viewer: Viewer, cursor: number): Promise<PullResponse> {
  const { actor } = viewer;
  const log = await client.query<{ seq: number; entity: EntityName | "lists"; entity_id: string }>(
    `SELECT seq, entity, entity_id FROM change_log WHERE company_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [actor.companyId, cursor, PULL_LIMIT],
  );
  const last = log.rows.at(-1)?.seq ?? cursor;
  const out = emptyPull(last, actor.replicaVersion, false);
  out.more = log.rows.length === PULL_LIMIT;
  const ids: Record<EntityName, Set<string>> = {
    tickets: new Set(),
    messages: new Set(),
    contacts: new Set(),
    queues: new Set(),
    whatsapps: new Set(),
    users: new Set(),
    schedules: new Set(),
    chats: new Set(),
    chatMessages: new Set(),
  };
  const lists = new Set<ListName>();
  for (const r of log.rows) {
    if (r.entity === "lists") {
      // A list logged per user ("chats:12", decision 0073) is named to that user alone.
      const [name, userId] = r.entity_id.split(":");
      if (userId === undefined || Number(userId) === actor.id) lists.add(name as ListName);
    } else ids[r.entity]?.add(r.entity_id);
  }
  // Files, integrations and prompts are admins' lists (spec 2 §6); tags are everyone's; chats the member's.
  // The companies list is the super user's (spec 3 §6); invoices are admins' (spec 3 §6, decision 0079).
  const readable = [...lists].filter((l) =>
    l === "companies" ? actor.super : l === "tags" || l === "chats" || actor.profile === "admin",
  );
  if (readable.length > 0) out.lists = readable;
  const list = (e: EntityName) => [...ids[e]];
  const num = (e: EntityName) => list(e).map(Number);
  const c = actor.companyId;

  const [tickets, messages, contacts, queues, whatsapps, users] = await inOrder([
    () =>
      client.query<TicketDTO>(
        `SELECT ${TICKET_REPLICA_COLUMNS} FROM tickets t WHERE t.company_id = $1 AND t.id = ANY($2)`,
        [c, num("tickets")],
      ),
    () =>
      client.query(
        `SELECT ${MESSAGE_COLUMNS}, t.user_id AS "tUserId", t.queue_id AS "tQueueId", t.is_group AS "tIsGroup",
         t.status AS "tStatus"
       FROM messages m JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
       WHERE m.company_id = $1 AND m.id = ANY($2::uuid[])`,
        [c, list("messages")],
      ),
    // Changed contacts, and the contact of every changed ticket: a ticket new to this replica
    // (a contact's first ticket) must not arrive without the name the list shows.
    () =>
      client.query(
        `SELECT ${CONTACT_COLUMNS} FROM contacts c WHERE c.company_id = $1 AND (c.id = ANY($2)
           OR c.id IN (SELECT t.contact_id FROM tickets t WHERE t.company_id = $1 AND t.id = ANY($3)))`,
        [c, num("contacts"), num("tickets")],
      ),
    () =>
      client.query(`SELECT ${QUEUE_COLUMNS} FROM queues q WHERE q.company_id = $1 AND q.id = ANY($2)`, [
        c,
        num("queues"),
      ]),
    () =>
      client.query(`SELECT ${WHATSAPP_COLUMNS} FROM whatsapps w WHERE w.company_id = $1 AND w.id = ANY($2)`, [
        c,
        num("whatsapps"),
      ]),
    () =>
      client.query<UserDTO>(
        `SELECT ${USER_COLUMNS}, ${USER_QUEUES_JSON} FROM users u WHERE u.company_id = $1 AND u.id = ANY($2)`,
        [c, num("users")],
      ),
  ]);

  const found = new Set<number>();
  for (const t of tickets.rows) {
    found.add(t.id);
    if (canSeeTicket(actor, t)) out.put.tickets.push(presentTicket(viewer, t));
    else out.del.tickets.push(t.id);
  }
  for (const id of num("tickets")) if (!found.has(id)) out.del.tickets.push(id);

  const foundMessages = new Set<string>();
  for (const row of messages.rows) {
    const { tUserId, tQueueId, tIsGroup, tStatus, ...m } = row;
    foundMessages.add(m.id);
    const ticket = { userId: tUserId, queueId: tQueueId, isGroup: tIsGroup, status: tStatus };
    if (canSeeTicket(actor, ticket)) out.put.messages.push(presentMessage(viewer, m));
  }
  for (const id of list("messages")) if (!foundMessages.has(id)) out.del.messages.push(id);

  const settle = <K extends "contacts" | "queues" | "whatsapps" | "users">(k: K, rows: { id: number }[]) => {
    const seen = new Set(rows.map((r) => r.id));
    (out.put[k] as unknown[]) = rows;
    out.del[k] = num(k).filter((id) => !seen.has(id));
  };
  settle(
    "contacts",
    contacts.rows.map((row) => presentContact(viewer, row)),
  );
  settle("queues", queues.rows);
  settle("whatsapps", whatsapps.rows);
  settle(
    "users",
    users.rows.map((user) => presentUser(viewer, user)),
  );
  const schedules = await schedulesByIds(client, c, num("schedules"));
  const seenSchedules = new Set(schedules.map((r) => r.id));
  out.put.schedules = schedules;
  out.del.schedules = num("schedules").filter((id) => !seenSchedules.has(id));
  // Chats and their messages: a member's only, as the REST routes answer them (decision 0111).
  if ((ids.chats.size > 0 || ids.chatMessages.size > 0) && (await hasInternalChat(client, c))) {
    const chats = await changedChats(client, c, actor.id, list("chats"));
    out.put.chats = chats.put;
    out.del.chats = chats.del;
    out.put.chatMessages = await changedChatMessages(client, c, actor.id, num("chatMessages"));
  }
  return out;
}
