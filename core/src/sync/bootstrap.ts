// The first pull, in pages (decision 0040): the newest tickets with their
// conversations first (the inbox paints), then every other ticket of the replica
// without messages (the list is whole), then their conversations, newest first.
// Pages after the first read current rows, not the first page's snapshot: whatever
// changed meanwhile has a change-log entry after the first page's seq, which the
// pull after the last page delivers.
import type pg from "pg";
import type { TicketDTO } from "../contract/entities.ts";
import { type PullResponse, REPLICA_BOOT_LIMITS } from "../contract/sync.ts";
import { CONTACT_COLUMNS, MESSAGE_COLUMNS, TICKET_REPLICA_COLUMNS } from "../db/replica-rows.ts";
import { presentContact } from "../presenters/present-contact.ts";
import { presentMessage } from "../presenters/present-message.ts";
import { presentTicket } from "../presenters/present-ticket.ts";
import type { Viewer } from "../presenters/viewer.ts";
import { visibleTicketSql } from "../tickets/visibility.ts";

/** The replica's tickets: this many in progress, and this many closed, newest first. */
export const BOOT_OPEN = REPLICA_BOOT_LIMITS.inProgress;
export const BOOT_CLOSED = REPLICA_BOOT_LIMITS.closed;
/** Tickets of the first page, with their conversations: more than a screen of the open tab. */
export const BOOT_FIRST = 100;
/** Latest messages per ticket in a first pull; older ones are fetched on demand. */
export const BOOT_MESSAGES = 50;
/** Tickets whose conversations one later page carries (at most 50 messages each). */
export const BOOT_CONVERSATIONS = 250;

/** In-progress statuses then closed: read one status at a time, each in its index order. */
const GROUPS = [["pending", "open", "group", "lgpd", "nps"], ["closed"]] as const;
const CAPS = [BOOT_OPEN, BOOT_CLOSED] as const;

/**
 * Where a first pull stands: the stage of the next page ("t" the remaining tickets, "m" conversations) and
 * the last ticket read in the sequence (group 0 in progress, 1 closed; `n` read of that group so far; the
 * ticket's updated_at in epoch microseconds and its id, the keyset to continue after).
 */
export type BootPosition = { stage: "t" | "m"; group: number; n: number; micros: string; id: number };

/** Group, count read, updated_at in epoch µs (17 digits reach the year 5138), ticket id (an int4). */
export const BOOT_CURSOR = /^b([tm])(\d)\.(\d{1,6})\.(\d{1,17})\.(\d{1,10})$/;
const MAX_ID = 2_147_483_647;

export function formatBootPosition(p: BootPosition): string {
  return `b${p.stage}${p.group}.${p.n}.${p.micros}.${p.id}`;
}

export function parseBootPosition(text: string): BootPosition | undefined {
  const m = BOOT_CURSOR.exec(text);
  if (!m || Number(m[5]) > MAX_ID) return undefined;
  return { stage: m[1] as "t" | "m", group: Number(m[2]), n: Number(m[3]), micros: m[4]!, id: Number(m[5]) };
}

type KeyedTicket = TicketDTO & { bootKey: string };
/** `whole[g]`: the walk read group g to its end (false: it stopped at the cap, or has not got there). */
type Walk = { rows: KeyedTicket[]; next: BootPosition; done: boolean; whole: boolean[] };

/** Up to `limit` tickets of the replica's sequence after `from`; `done` when the sequence has no more. */
async function walkTickets(client: pg.ClientBase, viewer: Viewer, from: BootPosition, limit: number): Promise<Walk> {
  const rows: KeyedTicket[] = [];
  const whole = GROUPS.map(() => false);
  let p = { ...from };
  while (p.group < GROUPS.length && rows.length < limit) {
    const take = Math.min(limit - rows.length, CAPS[p.group]! - p.n);
    const got = take > 0 ? await readGroup(client, viewer, p, take) : [];
    rows.push(...got);
    const last = got.at(-1);
    if (last) p = { ...p, n: p.n + got.length, micros: last.bootKey, id: last.id };
    // A short read (or the cap) ends the group; a full one may have more after it.
    if (got.length < take) whole[p.group] = true;
    if (got.length < take || take <= 0) p = { stage: p.stage, group: p.group + 1, n: 0, micros: "0", id: 0 };
  }
  return { rows, next: p, done: p.group >= GROUPS.length, whole };
}

async function readGroup(client: pg.ClientBase, viewer: Viewer, p: BootPosition, take: number) {
  const params: unknown[] = [viewer.actor.companyId, take];
  const visible = visibleTicketSql(viewer.actor, params);
  let after = "";
  if (p.n > 0) {
    params.push(p.micros, p.id);
    after = `AND (t.updated_at, t.id) < ('epoch'::timestamptz + $${params.length - 1}::bigint * interval '1 microsecond',
      $${params.length}::int)`;
  }
  // One subquery per status walks the inbox index in order; the outer sort merges them.
  const perStatus = GROUPS[p.group]!.map(
    (status) =>
      `(SELECT ${TICKET_REPLICA_COLUMNS}, ((extract(epoch FROM t.updated_at) * 1000000)::bigint)::text AS "bootKey"
        FROM tickets t WHERE t.company_id = $1 AND t.status = '${status}' AND ${visible} ${after}
        ORDER BY t.updated_at DESC, t.id DESC LIMIT $2)`,
  );
  const res = await client.query<KeyedTicket>(
    `SELECT * FROM (${perStatus.join(" UNION ALL ")}) s ORDER BY "updatedAt" DESC, id DESC LIMIT $2`,
    params,
  );
  return res.rows;
}

async function putTickets(client: pg.ClientBase, viewer: Viewer, rows: KeyedTicket[], out: PullResponse) {
  out.put.tickets = rows.map(({ bootKey: _, ...t }) => presentTicket(viewer, t));
  const contactIds = [...new Set(rows.map((t) => t.contactId))];
  const contacts = await client.query(
    `SELECT ${CONTACT_COLUMNS} FROM contacts c WHERE c.company_id = $1 AND c.id = ANY($2::int[])`,
    [viewer.actor.companyId, contactIds],
  );
  out.put.contacts = contacts.rows.map((c) => presentContact(viewer, c));
}

async function putConversations(client: pg.ClientBase, viewer: Viewer, ids: number[], out: PullResponse) {
  const messages = await client.query(
    `SELECT ${MESSAGE_COLUMNS} FROM unnest($1::int[]) AS tid(id)
     CROSS JOIN LATERAL (SELECT * FROM messages m WHERE m.ticket_id = tid.id AND m.company_id = $3
       ORDER BY m.created_at DESC, m.id DESC LIMIT $2) m`,
    [ids, BOOT_MESSAGES, viewer.actor.companyId],
  );
  out.put.messages = messages.rows.map((m) => presentMessage(viewer, m));
}

/**
 * One page of a first pull. `from` undefined is the first page (the caller adds the reference lists).
 * Answers the page and where the next one starts (undefined: this was the last).
 */
export async function bootstrapPage(
  client: pg.ClientBase,
  viewer: Viewer,
  from: BootPosition | undefined,
  out: PullResponse,
): Promise<BootPosition | undefined> {
  if (from === undefined) {
    const walk = await walkTickets(client, viewer, { stage: "t", group: 0, n: 0, micros: "0", id: 0 }, BOOT_FIRST);
    await putTickets(client, viewer, walk.rows, out);
    await putConversations(
      client,
      viewer,
      walk.rows.map((t) => t.id),
      out,
    );
    if (walk.done) out.ticketsComplete = { inProgress: walk.whole[0]!, closed: walk.whole[1]! };
    return walk.done ? undefined : { ...walk.next, stage: "t" };
  }
  if (from.stage === "t") {
    // Every remaining ticket in one page: one transaction on the device, one re-render of the list.
    const walk = await walkTickets(client, viewer, from, BOOT_OPEN + BOOT_CLOSED);
    await putTickets(client, viewer, walk.rows, out);
    out.pendingConversations = walk.rows.map((t) => t.id);
    // Starting among the closed ones (from.group 1) means page 1 read every ticket in progress.
    out.ticketsComplete = { inProgress: from.group > 0 || walk.whole[0]!, closed: walk.whole[1]! };
    // The conversations follow in the same order, from the same place.
    return walk.rows.length === 0 ? undefined : { ...from, stage: "m" };
  }
  const walk = await walkTickets(client, viewer, from, BOOT_CONVERSATIONS);
  const ids = walk.rows.map((t) => t.id);
  await putConversations(client, viewer, ids, out);
  out.heldConversations = ids;
  return walk.done ? undefined : { ...walk.next, stage: "m" };
}
