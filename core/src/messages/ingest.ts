// Inbound ingest: channel events become contacts, tickets and messages in one
// transaction, set-based, so that many concurrent webhooks share one commit
// (group commit, see IngestBatcher). Channel adapters call this through core.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { BatchBodies } from "../bot/inbound-batch.ts";
import { runInboundGate } from "../bot/inbound-gate.ts";
import { LGPD_DELETED_BODY } from "../bot/lgpd.ts";
import { runQueueBot } from "../bot/queue-bot.ts";
import type { DeliveryFailure } from "../contract/delivery-failure.ts";
import type { Ack } from "../contract/entities.ts";
import type { ErrorCode } from "../contract/errors.ts";
import { preparingClient } from "../db/prepared-client.ts";
import { runFlows, startIntegrationFlows } from "../flows/runtime/flow-runs.ts";
import { enqueueIntegrationSteps } from "../integrations/enqueue-integration-steps.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { transaction } from "../kernel/transaction.ts";
import { confirmScheduledSends } from "../schedules/scheduled-send-outcome.ts";
import { applyRatings } from "../tickets/apply-rating.ts";
import { refreshTicketPreviews } from "../tickets/ticket-preview.ts";
import { inboundKey } from "./find-stored-messages.ts";
import { type RuleFlags, type RuleName, rulesInPlay, ticketsFor } from "./inbound-rules.ts";
import { reopenRecentTickets } from "./reopen-recent-tickets.ts";
import { type MessageRow, storeBatch, type TicketTotals } from "./store-batch.ts";

export type InboundMessage = {
  kind: "message";
  companyId: number;
  whatsappId: number;
  channel: string;
  /** The channel's id of the message (wamid, Baileys key id): the dedupe key. */
  remoteId: string;
  /** The contact's number (or channel user id). */
  from: string;
  /** The contact's display name, when the channel tells it. */
  name?: string;
  body: string;
  mediaType: string;
  dataJson?: unknown;
  /** Where a downloaded media file is served (/media/{companyId}/{file}): messages.media_url. */
  mediaUrl?: string;
  /** Our own message, sent from the phone (Baileys): stored from_me, and not counted unread. */
  fromMe?: boolean;
  timestamp: Date;
  /** The channel's id of the message this one replies to (Cloud API context.id, Messenger reply_to.mid): its quote. */
  quotedRemoteId?: string;
  /** The ack it is stored with, 0 unless the channel says more (a Meta echo of a message sent from the page: 1). */
  ack?: Ack;
};

/** The contact (or we, from the phone) edited a message: its new text. */
export type InboundEdit = { kind: "edit"; companyId: number; whatsappId: number; remoteId: string; body: string };
/** The contact (or we, from the phone) deleted a message for everyone. */
export type InboundRevoke = { kind: "revoke"; companyId: number; whatsappId: number; remoteId: string };

export type InboundAck = {
  kind: "ack";
  companyId: number;
  whatsappId: number;
  remoteId: string;
  ack: Ack;
  /**
   * Our message's id, when the channel echoes it (the Cloud API's biz_opaque_callback_data): a message whose
   * send was in doubt (its answer lost, so no remote id stored) gets the remote id and the ack (decision 0042).
   */
  messageId?: string;
  /** When the channel says the status happened (a Cloud API status's timestamp): orders a failure against the rest. */
  at?: Date;
  /** With ack -1: why the platform could not deliver it (dataJson.deliveryFailure) and the error code to record. */
  failure?: { reason: DeliveryFailure; errorCode: ErrorCode };
};

export type InboundEvent = InboundMessage | InboundAck | InboundEdit | InboundRevoke;

export type IngestResult = {
  messages: number;
  duplicates: number;
  acks: number;
  /** Messages of blocked contacts with no ticket in progress: dropped, not stored. */
  blocked: number;
};

/** A message's key in the set of those an ingest stored: `${whatsappId}:${remoteId}`. */
export const storedKey = (m: { whatsappId: number; remoteId: string }) => `${m.whatsappId}:${m.remoteId}`;

/**
 * `storedKeys`, when given, receives the storedKey of every message this call inserted (not the
 * duplicates, nor the blocked contacts' dropped ones), so a caller can clean up after the rest. `now` is the clock
 * the hours, vacation and consent rules read (tests pass their own).
 */
export async function ingest(
  client: pg.ClientBase,
  events: InboundEvent[],
  storedKeys?: Set<string>,
  now: Date = new Date(),
  /** Told when only the change log and COMMIT are left (the batcher then lets the next transaction start). */
  finishing?: () => void,
): Promise<IngestResult> {
  const changes: Change[] = [];
  const result: IngestResult = { messages: 0, duplicates: 0, acks: 0, blocked: 0 };
  // Ingest's own statements, the same texts every batch and each keyed by a unique index, run prepared (parsed and
  // planned once per connection); the rules after the insert (gate, flows, bot) are planned each time, since a
  // generic plan made while their tables were empty can stay bad until an ANALYZE (decision 0057).
  const own = preparingClient(client);
  const inbound = events.filter((e): e is InboundMessage => e.kind === "message");
  const { messages, contacts } =
    inbound.length > 0
      ? await freshMessagesAndContacts(own, inbound, result, changes)
      : { messages: inbound, contacts: undefined };
  if (contacts && messages.length > 0) {
    const tickets = ticketTotals(messages, contacts.ids);
    const open = contacts.blocked.size === 0 ? tickets : tickets.filter((a) => !contacts.blocked.has(a.contactId));
    // timeCreateNewTicket: a ticket closed moments ago takes the message instead of a new one (not for a blocked
    // contact, who starts nothing). Only on the connections that have it (most have none: no statement).
    await reopenRecentTickets(
      own,
      open.filter((a) => contacts.reopening.has(a.whatsappId)),
      changes,
      now,
    );
    // No blocked contact in the batch (the common case): tickets, messages and the rules' look in one statement
    // (decision 0126). Otherwise step by step, since a blocked contact's message joins only a ticket in progress.
    const { ticketIds, kept, stored, rules } =
      open.length === tickets.length
        ? await storeAtOnce(own, messages, tickets, contacts.ids, changes)
        : await storeStepwise(own, client, messages, tickets, contacts, changes);
    const bodies = lastBodies(stored, contacts.ids, ticketIds);
    const only = (rule: RuleName) => ticketsFor(bodies, rules, rule);
    await applyRatings(client, only("ratings"), changes);
    // Vacation, consent and the hours come first; a ticket they hold is left alone by the bot this time.
    for (const id of await runInboundGate(client, only("gate"), changes, now)) bodies.delete(id);
    // Then the flows (decision 0054): a ticket walking one, or on a connection with a welcome flow, skips the bot.
    for (const id of await runFlows(client, only("flows"), changes, now)) bodies.delete(id);
    const botAnswered = await runQueueBot(client, only("bot"), changes, now);
    // A queue (or chatbot option) whose integration is of type flowbuilder starts a flow, once (decision 0061).
    for (const id of await startIntegrationFlows(client, only("integrationFlows"), changes, now)) bodies.delete(id);
    // Queue integrations and prompts: steps left for the channel worker, never a call from here (decision 0056).
    // The message the queue bot answered is not the prompt's to answer too (decision 0105).
    await enqueueIntegrationSteps(client, only("integrationSteps"), botAnswered);
    result.messages = stored.length;
    for (const m of stored) storedKeys?.add(storedKey(m));
    result.blocked = messages.length - kept.length;
  }
  const acks = events.filter((e): e is InboundAck => e.kind === "ack");
  if (acks.length > 0) result.acks = await applyAcks(client, acks, changes);
  const edits = events.filter((e): e is InboundEdit | InboundRevoke => e.kind === "edit" || e.kind === "revoke");
  if (edits.length > 0) await applyEdits(client, edits, changes);
  finishing?.();
  await recordChanges(client, changes);
  return result;
}

/**
 * Ingest's first statement (decision 0114): which of the batch's messages are stored already (a channel redelivers),
 * the contacts of the others inserted when new and looked up when known, and the batch's connections that reopen a
 * recently closed ticket (timeCreateNewTicket). Known contacts are read through the unique btree on (company_id,
 * number), never the trigram search index (migration 0062, decision 0064; the plan is tested). A contact another
 * transaction inserted after this statement's snapshot is neither inserted nor seen here: the caller looks it up.
 */
export const BATCH_CONTACTS_SQL = `WITH i AS (
    SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[])
      WITH ORDINALITY AS i(c, w, r, num, name, ch, g, ord)),
  dup AS (SELECT i.ord FROM i JOIN messages m ON m.whatsapp_id = i.w AND m.remote_id = i.r AND m.company_id = i.c),
  want AS (
    SELECT DISTINCT ON (i.c, i.num) i.c, i.num, i.name, i.ch, i.w, i.g FROM i
    WHERE NOT EXISTS (SELECT 1 FROM dup WHERE dup.ord = i.ord) ORDER BY i.c, i.num, i.ord),
  ins AS (
    INSERT INTO contacts (company_id, name, number, channel, whatsapp_id, is_group)
    SELECT c, name, num, ch, w, g FROM want ORDER BY c, num
    ON CONFLICT (company_id, number) DO NOTHING RETURNING id, company_id, number)
  SELECT 0 AS k, dup.ord::int AS ord, NULL::int AS id, NULL::int AS c, NULL::text AS num, NULL::boolean AS active
    FROM dup
  UNION ALL SELECT 1, NULL, ins.id, ins.company_id, ins.number, true FROM ins
  UNION ALL SELECT 2, NULL, ct.id, ct.company_id, ct.number, ct.active
    FROM want JOIN contacts ct ON ct.company_id = want.c AND ct.number = want.num
  UNION ALL SELECT 3, NULL, wa.id, wa.company_id, NULL, NULL
    FROM whatsapps wa JOIN (SELECT DISTINCT c, w FROM want) ww ON wa.id = ww.w AND wa.company_id = ww.c
    WHERE wa.time_create_new_ticket > 0`;

const contactKey = (companyId: number, number: string) => `${companyId}:${number}`;

/**
 * The known contacts among (company, number) pairs: an equality lookup through the unique btree on (company_id,
 * number), which the trigram search index must never serve (migration 0062, decision 0064; its plan is tested).
 */
export const CONTACTS_BY_NUMBER_SQL = `SELECT c.id, c.company_id, c.number, c.active FROM contacts c
       JOIN unnest($1::int[], $2::text[]) AS i(cid, num) ON c.company_id = i.cid AND c.number = i.num`;

/** A WhatsApp group's jid (Baileys with groupAsTicket): its contact and tickets are groups. */
const isGroupNumber = (number: string) => number.endsWith("@g.us");

/** The batch's contacts by contactKey, which of them are blocked (active false), and the reopening connections. */
type BatchContacts = { ids: Map<string, number>; blocked: Set<number>; reopening: Set<number> };

/**
 * The batch's messages not stored before (in arrival order, each once) and their contacts, in one statement.
 * Counts the duplicates into `result`.
 */
async function freshMessagesAndContacts(
  client: pg.ClientBase,
  all: InboundMessage[],
  result: IngestResult,
  changes: Change[],
): Promise<{ messages: InboundMessage[]; contacts: BatchContacts }> {
  const seen = new Set<string>();
  const unique = all.filter((m) => {
    const k = inboundKey(m.whatsappId, m.remoteId);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const contacts: BatchContacts = { ids: new Map(), blocked: new Set(), reopening: new Set() };
  type Row = { k: 0 | 1 | 2 | 3; ord: number | null; id: number; c: number; num: string; active: boolean };
  const { rows } = await client.query<Row>(BATCH_CONTACTS_SQL, [
    unique.map((m) => m.companyId),
    unique.map((m) => m.whatsappId),
    unique.map((m) => m.remoteId),
    unique.map((m) => m.from),
    unique.map((m) => m.name || m.from),
    unique.map((m) => m.channel),
    unique.map((m) => isGroupNumber(m.from)),
  ]);
  const stored = new Set<number>();
  for (const r of rows) {
    if (r.k === 0) stored.add(r.ord! - 1);
    else if (r.k === 3) contacts.reopening.add(r.id);
    else {
      contacts.ids.set(contactKey(r.c, r.num), r.id);
      // A contact inserted here is new, hence active; only those already known can be blocked.
      if (r.k === 1) changes.push({ companyId: r.c, entity: "contacts", id: r.id });
      else if (!r.active) contacts.blocked.add(r.id);
    }
  }
  const messages = stored.size === 0 ? unique : unique.filter((_, i) => !stored.has(i));
  result.duplicates = all.length - messages.length;
  // Inserted by a transaction that committed after the statement began (another core's): read now.
  const missing = messages.filter((m) => !contacts.ids.has(contactKey(m.companyId, m.from)));
  if (missing.length > 0) {
    const found = await client.query<{ id: number; company_id: number; number: string; active: boolean }>(
      CONTACTS_BY_NUMBER_SQL,
      [missing.map((m) => m.companyId), missing.map((m) => m.from)],
    );
    for (const r of found.rows) {
      contacts.ids.set(contactKey(r.company_id, r.number), r.id);
      if (!r.active) contacts.blocked.add(r.id);
    }
  }
  return { messages, contacts };
}

const ticketKey = (companyId: number, contactId: number, whatsappId: number) =>
  `${companyId}:${contactId}:${whatsappId}`;

const ticketKeyOf = (m: InboundMessage, contactIds: Map<string, number>) =>
  ticketKey(m.companyId, contactIds.get(contactKey(m.companyId, m.from))!, m.whatsappId);

/** Each ticket's share of the batch, in the order every ingest locks tickets in (company, contact). */
function ticketTotals(messages: InboundMessage[], contactIds: Map<string, number>): TicketTotals[] {
  const acc = new Map<string, TicketTotals>();
  for (const m of messages) {
    const contactId = contactIds.get(contactKey(m.companyId, m.from))!;
    const k = ticketKey(m.companyId, contactId, m.whatsappId);
    let a = acc.get(k);
    if (a === undefined) {
      a = {
        companyId: m.companyId,
        contactId,
        whatsappId: m.whatsappId,
        channel: m.channel,
        last: "",
        count: 0,
        isGroup: isGroupNumber(m.from),
      };
      acc.set(k, a);
    }
    // The list's preview is the customer's last message (decision 0089): one sent from the phone leaves it.
    if (!m.fromMe) {
      a.last = m.body;
      a.count += 1;
    }
  }
  // Lock tickets in one order everywhere, so two batches never deadlock.
  return [...acc.values()].sort((a, b) => a.companyId - b.companyId || a.contactId - b.contactId);
}

/** The batch's messages, each with its id (UUIDv7, made here so the batch's order is the ids' order) and contact. */
function messageRows(messages: InboundMessage[], contactIds: Map<string, number>): MessageRow<InboundMessage>[] {
  return messages.map((m) => ({ id: uuidv7(), m, contactId: contactIds.get(contactKey(m.companyId, m.from))! }));
}

/** What storing a batch's messages answers to the rules that follow. */
type Stored = {
  ticketIds: Map<string, number>;
  /** The messages that had a ticket to join (a blocked contact's with none are dropped). */
  kept: InboundMessage[];
  /** Those inserted now, in arrival order (not a copy stored before). */
  stored: InboundMessage[];
  rules: Map<number, RuleFlags>;
};

/** No blocked contact in the batch: one statement (STORE_BATCH_SQL). */
async function storeAtOnce(
  client: pg.ClientBase,
  messages: InboundMessage[],
  tickets: TicketTotals[],
  contactIds: Map<string, number>,
  changes: Change[],
): Promise<Stored> {
  const rows = messageRows(messages, contactIds);
  const batch = await storeBatch(client, tickets, rows, changes);
  const ticketIds = new Map<string, number>();
  for (const t of batch.tickets) ticketIds.set(ticketKey(t.companyId, t.contactId, t.whatsappId), t.id);
  const kept = messages.filter((m) => ticketIds.has(ticketKeyOf(m, contactIds)));
  const stored: InboundMessage[] = [];
  for (const r of rows) {
    if (!batch.stored.has(r.id)) continue;
    changes.push({ companyId: r.m.companyId, entity: "messages", id: r.id });
    stored.push(r.m);
  }
  return { ticketIds, kept, stored, rules: batch.rules };
}

/** A batch with a blocked contact: the tickets, the messages and the rules' look one statement each. */
async function storeStepwise(
  own: pg.ClientBase,
  client: pg.ClientBase,
  messages: InboundMessage[],
  tickets: TicketTotals[],
  contacts: BatchContacts,
  changes: Change[],
): Promise<Stored> {
  const ticketIds = await upsertTickets(own, tickets, contacts, changes);
  // A blocked contact's message with no ticket to join is ignored, as the original product does.
  const kept = messages.filter((m) => ticketIds.has(ticketKeyOf(m, contacts.ids)));
  const stored = await insertMessages(own, kept, contacts.ids, ticketIds, changes);
  // One look tells which rules can act on this batch; each rule then reads only its companies' tickets
  // (decision 0080). A rule with no ticket left returns at once, without a statement.
  const rules = await rulesInPlay(client, lastBodies(stored, contacts.ids, ticketIds));
  return { ticketIds, kept, stored, rules };
}

/**
 * Opens a pending ticket per contact and connection, or adds to the one in
 * progress. A blocked contact (active false) gets no new ticket: only one it
 * already has in progress takes its messages (the caller drops the others).
 */
async function upsertTickets(
  client: pg.ClientBase,
  all: TicketTotals[],
  contacts: BatchContacts,
  changes: Change[],
): Promise<Map<string, number>> {
  const list = all.filter((a) => !contacts.blocked.has(a.contactId));
  type Row = { id: number; company_id: number; contact_id: number; whatsapp_id: number; created: boolean };
  const { rows } = await client.query<Row>(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, channel, last_message, unread_messages, status, is_group)
     SELECT c, ct, w, ch, l, n, 'pending', g
     FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::boolean[])
       AS i(c, ct, w, ch, l, n, g)
     ON CONFLICT (company_id, contact_id, whatsapp_id) WHERE status <> 'closed'
     DO UPDATE SET last_message = CASE WHEN EXCLUDED.last_message = '' THEN tickets.last_message
       ELSE EXCLUDED.last_message END,
       unread_messages = tickets.unread_messages + EXCLUDED.unread_messages, updated_at = now()
     RETURNING id, company_id, contact_id, whatsapp_id, (xmax = 0) AS created`,
    [
      list.map((a) => a.companyId),
      list.map((a) => a.contactId),
      list.map((a) => a.whatsappId),
      list.map((a) => a.channel),
      list.map((a) => a.last),
      list.map((a) => a.count),
      list.map((a) => a.isGroup),
    ],
  );
  if (list.length < all.length) {
    // Blocked contacts, rare: a statement of their own, so the hot path stays one INSERT.
    // An UPDATE re-checks the status of a row it waited for, so a ticket closed meanwhile is not joined.
    const held = all.filter((a) => contacts.blocked.has(a.contactId));
    // Locked first in the order the INSERT above uses (company, contact): an UPDATE ... FROM does not
    // promise an order, and two batches locking in different orders could deadlock.
    const kept = await client.query<Row>(
      `WITH i AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[]) AS i(c, ct, w, l, n)),
       locked AS (
         SELECT t.id, i.l, i.n FROM tickets t JOIN i ON t.company_id = i.c AND t.contact_id = i.ct AND t.whatsapp_id = i.w
         WHERE t.status <> 'closed' ORDER BY t.company_id, t.contact_id FOR UPDATE OF t)
       UPDATE tickets t SET last_message = CASE WHEN locked.l = '' THEN t.last_message ELSE locked.l END, unread_messages = t.unread_messages + locked.n, updated_at = now()
       FROM locked WHERE t.id = locked.id AND t.status <> 'closed'
       RETURNING t.id, t.company_id, t.contact_id, t.whatsapp_id, false AS created`,
      [
        held.map((a) => a.companyId),
        held.map((a) => a.contactId),
        held.map((a) => a.whatsappId),
        held.map((a) => a.last),
        held.map((a) => a.count),
      ],
    );
    rows.push(...kept.rows);
  }
  const ids = new Map<string, number>();
  for (const r of rows) {
    ids.set(ticketKey(r.company_id, r.contact_id, r.whatsapp_id), r.id);
    changes.push({ companyId: r.company_id, entity: "tickets", id: r.id });
  }
  // xmax = 0: the row was inserted, not updated by ON CONFLICT, so its log starts here.
  const created = rows.filter((r) => r.created);
  if (created.length > 0) {
    await client.query(
      `INSERT INTO ticket_logs (company_id, ticket_id, type)
       SELECT c, t, 'create' FROM unnest($1::int[], $2::int[]) AS i(c, t)`,
      [created.map((r) => r.company_id), created.map((r) => r.id)],
    );
  }
  return ids;
}

async function insertMessages(
  client: pg.ClientBase,
  messages: InboundMessage[],
  contactIds: Map<string, number>,
  ticketIds: Map<string, number>,
  changes: Change[],
): Promise<InboundMessage[]> {
  const rows = messageRows(messages, contactIds).map((r) => ({
    ...r,
    ticketId: ticketIds.get(ticketKey(r.m.companyId, r.contactId, r.m.whatsappId))!,
  }));
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, media_type, remote_id, data_json,
       created_at, updated_at, from_me, ack, media_url, quoted_msg_id)
     SELECT id, c, t, ct, w, b, mt, r, d, ts, ts, fm, a, mu,
       CASE WHEN q IS NOT NULL THEN
         (SELECT qm.id FROM messages qm WHERE qm.company_id = c AND qm.whatsapp_id = w AND qm.remote_id = q) END
     FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[],
       $9::jsonb[], $10::timestamptz[], $11::text[], $12::boolean[], $13::text[], $14::int[])
       AS i(id, c, t, ct, w, b, mt, r, d, ts, mu, fm, q, a)
     ON CONFLICT (whatsapp_id, remote_id) WHERE remote_id IS NOT NULL DO NOTHING RETURNING id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.m.companyId),
      rows.map((r) => r.ticketId),
      rows.map((r) => r.contactId),
      rows.map((r) => r.m.whatsappId),
      rows.map((r) => r.m.body),
      rows.map((r) => r.m.mediaType),
      rows.map((r) => r.m.remoteId),
      rows.map((r) => (r.m.dataJson === undefined ? null : JSON.stringify(r.m.dataJson))),
      rows.map((r) => r.m.timestamp.toISOString()),
      rows.map((r) => r.m.mediaUrl ?? null),
      rows.map((r) => r.m.fromMe === true),
      rows.map((r) => r.m.quotedRemoteId ?? null),
      rows.map((r) => r.m.ack ?? 0),
    ],
  );
  // A copy committed by a concurrent batch meanwhile is skipped, so it cannot answer the bot or the rating twice.
  const stored = new Set(inserted.rows.map((r) => r.id));
  const out: InboundMessage[] = [];
  for (const r of rows) {
    if (!stored.has(r.id)) continue;
    changes.push({ companyId: r.m.companyId, entity: "messages", id: r.id });
    out.push(r.m);
  }
  return out;
}

/** The last text each ticket received in this batch (the rating answer, the queue bot's option). */
function lastBodies(
  messages: InboundMessage[],
  contactIds: Map<string, number>,
  ticketIds: Map<string, number>,
): BatchBodies {
  const out: BatchBodies = new Map();
  for (const m of messages) {
    const contactId = contactIds.get(contactKey(m.companyId, m.from))!;
    const ticketId = ticketIds.get(ticketKey(m.companyId, contactId, m.whatsappId));
    if (ticketId !== undefined) out.set(ticketId, { companyId: m.companyId, body: m.body });
  }
  return out;
}

async function applyAcks(client: pg.ClientBase, acks: InboundAck[], changes: Change[]): Promise<number> {
  const echoed = acks.filter((a) => a.messageId !== undefined);
  if (echoed.length > 0) {
    // Only a message of that connection still without a remote id, left sending or failed as in doubt; a send
    // the status calls failed keeps its failed mark (with the id now known).
    const reconciled = await client.query<{ id: string; company_id: number; send_state: string }>(
      `UPDATE messages m SET remote_id = i.r, ack = GREATEST(m.ack, i.a), updated_at = now(),
         send_state = CASE WHEN i.a >= 1 THEN 'sent' ELSE m.send_state END,
         error_code = CASE WHEN i.a >= 1 THEN NULL ELSE m.error_code END
       FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::uuid[]) AS i(w, r, a, c, id)
       WHERE m.company_id = i.c AND m.id = i.id AND m.whatsapp_id = i.w AND m.from_me AND m.remote_id IS NULL
         AND m.send_state IN ('sending', 'failed')
         AND NOT EXISTS (SELECT 1 FROM messages o WHERE o.company_id = i.c AND o.whatsapp_id = i.w AND o.remote_id = i.r)
       RETURNING m.id, m.company_id, m.send_state`,
      [
        echoed.map((a) => a.whatsappId),
        echoed.map((a) => a.remoteId),
        echoed.map((a) => a.ack),
        echoed.map((a) => a.companyId),
        echoed.map((a) => a.messageId),
      ],
    );
    for (const r of reconciled.rows) changes.push({ companyId: r.company_id, entity: "messages", id: r.id });
    // A send judged in doubt (its schedule then shows ERRO) that the channel now says went out.
    await confirmScheduledSends(
      client,
      reconciled.rows.filter((r) => r.send_state === "sent"),
    );
  }
  const failures = acks.filter((a) => a.failure !== undefined);
  if (failures.length > 0) await applyFailures(client, failures, changes);
  // A platform's failure (dataJson.deliveryFailure) is overruled only by a status it dates later, never by one
  // that was sent before it and arrived after it; a later one clears the failure's mark (decision 0092).
  const { rows } = await client.query<{ id: string; company_id: number }>(
    `UPDATE messages m SET ack = i.a, updated_at = now(),
       send_state = CASE WHEN m.ack = -1 AND m.data_json->'deliveryFailure' IS NOT NULL THEN 'sent' ELSE m.send_state END,
       error_code = CASE WHEN m.ack = -1 AND m.data_json->'deliveryFailure' IS NOT NULL THEN NULL ELSE m.error_code END
     FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::timestamptz[]) AS i(w, r, a, c, at)
     WHERE m.whatsapp_id = i.w AND m.remote_id = i.r AND m.company_id = i.c AND m.ack < i.a AND i.a >= 0
       AND NOT (m.ack = -1 AND m.data_json->'deliveryFailure' IS NOT NULL
         AND COALESCE((m.data_json->'deliveryFailure'->>'at')::timestamptz >= i.at, true))
     RETURNING m.id, m.company_id`,
    [
      acks.map((a) => a.whatsappId),
      acks.map((a) => a.remoteId),
      acks.map((a) => a.ack),
      acks.map((a) => a.companyId),
      acks.map((a) => a.at?.toISOString() ?? null),
    ],
  );
  for (const r of rows) changes.push({ companyId: r.company_id, entity: "messages", id: r.id });
  return rows.length;
}

/**
 * A platform's `failed` status: the message shows failed with the platform's reason (dataJson.deliveryFailure) and
 * the error code, whatever it showed before (a `sent` that came first). A redelivered failure changes nothing.
 */
async function applyFailures(client: pg.ClientBase, failures: InboundAck[], changes: Change[]): Promise<void> {
  const { rows } = await client.query<{ id: string; company_id: number }>(
    `UPDATE messages m SET ack = -1, send_state = 'failed', error_code = i.code, updated_at = now(),
       data_json = CASE WHEN jsonb_typeof(m.data_json) = 'object' THEN m.data_json ELSE '{}'::jsonb END
         || jsonb_build_object('deliveryFailure', i.f)
     FROM unnest($1::int[], $2::text[], $3::int[], $4::jsonb[], $5::text[]) AS i(w, r, c, f, code)
     WHERE m.whatsapp_id = i.w AND m.remote_id = i.r AND m.company_id = i.c AND m.from_me
       AND (m.ack <> -1 OR m.data_json->'deliveryFailure' IS DISTINCT FROM i.f)
     RETURNING m.id, m.company_id`,
    [
      failures.map((a) => a.whatsappId),
      failures.map((a) => a.remoteId),
      failures.map((a) => a.companyId),
      failures.map((a) => JSON.stringify(a.failure!.reason)),
      failures.map((a) => a.failure!.errorCode),
    ],
  );
  for (const r of rows) changes.push({ companyId: r.company_id, entity: "messages", id: r.id });
}

/** Edits and deletes for everyone, applied in order to the message the channel names (already stored or not: a no-op). */
async function applyEdits(
  client: pg.ClientBase,
  edits: (InboundEdit | InboundRevoke)[],
  changes: Change[],
): Promise<void> {
  const touched: { companyId: number; ticketId: number }[] = [];
  for (const e of edits) {
    const { rows } = await client.query<{ id: string; ticket_id: number; from_me: boolean }>(
      e.kind === "edit"
        ? `UPDATE messages SET body = $4, is_edited = true, updated_at = now()
           WHERE company_id = $1 AND whatsapp_id = $2 AND remote_id = $3 AND NOT is_deleted RETURNING id, ticket_id, from_me`
        : // The connection's obfuscate deleted (decision 0117): a contact's deleted message loses its text, file
          // and payload here and in every replica, as the LGPD refusal's wipe does; otherwise it is only marked.
          `UPDATE messages m SET is_deleted = true, updated_at = now(),
             body = CASE WHEN wipe THEN $4 ELSE m.body END,
             media_url = CASE WHEN wipe THEN NULL ELSE m.media_url END,
             media_type = CASE WHEN wipe THEN 'chat' ELSE m.media_type END,
             data_json = CASE WHEN wipe THEN NULL ELSE m.data_json END
           FROM (SELECT mm.id, NOT mm.from_me AND w.lgpd_obfuscate_deleted AS wipe
                 FROM messages mm JOIN whatsapps w ON w.id = mm.whatsapp_id AND w.company_id = mm.company_id
                 WHERE mm.company_id = $1 AND mm.whatsapp_id = $2 AND mm.remote_id = $3 AND NOT mm.is_deleted) d
           WHERE m.id = d.id AND m.company_id = $1 RETURNING m.id, m.ticket_id, m.from_me`,
      e.kind === "edit"
        ? [e.companyId, e.whatsappId, e.remoteId, e.body]
        : [e.companyId, e.whatsappId, e.remoteId, LGPD_DELETED_BODY],
    );
    for (const r of rows) {
      changes.push({ companyId: e.companyId, entity: "messages", id: r.id });
      if (!r.from_me) touched.push({ companyId: e.companyId, ticketId: r.ticket_id });
    }
  }
  // A customer's message edited or deleted: the preview follows it (a deleted text never stays there).
  await refreshTicketPreviews(client, touched, changes);
}

/** A caller's events waiting for a transaction; resolved with the storedKeys it stored. */
type Waiting = {
  events: InboundEvent[];
  /** What orders this caller against the others (orderKeys). */
  keys: string[];
  resolve: (stored: Set<string>) => void;
  reject: (e: unknown) => void;
};

/**
 * What must not be in two transactions at once, in an event: its contact (so a contact's messages, its ticket and the
 * rules that answer them run in arrival order) and the channel's ids it names (a message, the one it quotes, an
 * ack, an edit or a delete of it: a status or an edit never overtakes the message it is about).
 */
export function orderKeys(events: InboundEvent[]): string[] {
  const keys = new Set<string>();
  for (const e of events) {
    keys.add(`r${e.whatsappId}:${e.remoteId}`);
    if (e.kind === "message") {
      keys.add(`c${e.companyId}:${e.from}`);
      if (e.quotedRemoteId) keys.add(`r${e.whatsappId}:${e.quotedRemoteId}`);
    }
  }
  return [...keys];
}

/**
 * Group commit, pipelined (decision 0114): callers add events and wait; a transaction takes everything that arrived
 * and may run now. While one transaction does its statements the next gathers; once the running ones are down to
 * their change log and COMMIT, the next starts on another connection (up to `concurrency` at once), so a commit's
 * wait is spent on the next batch's statements. The next does not start earlier: on a CPU-bound machine more, smaller
 * transactions cost more per message than they save (measured; decision 0114). One whose statements take longer
 * than `stallMs` (a lock wait) no longer holds the next back.
 *
 * An event waits while an earlier event sharing one of its orderKeys is waiting or in a running transaction: a
 * contact's messages, and a message's statuses and edits, go in arrival order, and two running transactions never
 * touch the same contact, ticket or message. They meet at the company's change counter (recordChanges), which orders
 * their commits.
 */
export class IngestBatcher {
  private queue: Waiting[] = [];
  /** Running transactions still doing their statements (not yet finishing). */
  private working = 0;
  private running = 0;
  private startScheduled = false;
  /** The orderKeys of the running transactions' events. */
  private readonly busy = new Set<string>();
  private readonly pool: pg.Pool;
  private readonly maxBatch: number;
  private readonly concurrency: number;
  private readonly stallMs: number;
  private readonly onCommitted?: (events: number, stored: number, seconds: number) => void;
  constructor(
    pool: pg.Pool,
    opts: {
      maxBatch?: number;
      /** Transactions at once (3): each holds a pooled connection while it runs. */
      concurrency?: number;
      /** How long a transaction's statements may hold the next one back (50 ms). */
      stallMs?: number;
      /** Told after each committed transaction (core's metrics). */
      onCommitted?: (events: number, stored: number, seconds: number) => void;
    } = {},
  ) {
    this.pool = pool;
    this.maxBatch = opts.maxBatch ?? 1000;
    this.concurrency = Math.max(1, opts.concurrency ?? 3);
    this.stallMs = opts.stallMs ?? 50;
    this.onCommitted = opts.onCommitted;
  }

  /**
   * Resolves once the events are committed, with the storedKey of the messages stored: of the
   * whole transaction, which may hold other callers' events too, so a caller looks up its own.
   */
  add(events: InboundEvent[]): Promise<Set<string>> {
    if (events.length === 0) return Promise.resolve(new Set());
    return new Promise((resolve, reject) => {
      this.queue.push({ events, keys: orderKeys(events), resolve, reject });
      // Gathered for the rest of this turn of the event loop: every webhook whose request arrived in the same poll
      // phase joins the same transaction, rather than the first starting one alone.
      if (!this.startScheduled) {
        this.startScheduled = true;
        setImmediate(() => {
          this.startScheduled = false;
          this.start();
        });
      }
    });
  }

  /** A transaction started when none is doing its statements, a connection is free and some waiting events may run. */
  private start(): void {
    if (this.working > 0 || this.running >= this.concurrency || this.queue.length === 0) return;
    const batch = this.take();
    if (batch.length === 0) return;
    this.running++;
    this.working++;
    let finished = false;
    const finishing = () => {
      if (finished) return;
      finished = true;
      clearTimeout(stalled);
      this.working--;
      this.start();
    };
    // A transaction that takes long over its statements (waiting for a lock an agent's action holds, say) stops
    // holding the others back: they go on past it on other connections.
    const stalled = setTimeout(finishing, this.stallMs);
    void this.commit(batch, finishing).finally(() => {
      finishing();
      for (const b of batch) for (const k of b.keys) this.busy.delete(k);
      this.running--;
      this.start();
    });
  }

  /**
   * The next transaction's callers, in arrival order, up to maxBatch events: each one none of whose keys is busy
   * or held by an earlier caller left waiting (which then keeps its place for the next transaction).
   */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    const held = new Set<string>();
    const mine = new Set<string>();
    let size = 0;
    for (const item of this.queue) {
      if (size >= this.maxBatch || item.keys.some((k) => this.busy.has(k) || held.has(k))) {
        left.push(item);
        for (const k of item.keys) held.add(k);
        continue;
      }
      // Callers sharing a key may share a transaction: ingest keeps their events in this order.
      batch.push(item);
      size += item.events.length;
      for (const k of item.keys) mine.add(k);
    }
    for (const k of mine) this.busy.add(k);
    this.queue = left;
    return batch;
  }

  private async commit(batch: Waiting[], finishing: () => void): Promise<void> {
    try {
      const events = batch.length === 1 ? batch[0]!.events : batch.flatMap((b) => b.events);
      const stored = await this.ingestOnce(events, finishing);
      for (const b of batch) b.resolve(stored);
    } catch (err) {
      // One bad event must not fail the others: retry each caller alone.
      if (batch.length === 1) batch[0]!.reject(err);
      else {
        for (const b of batch) await this.ingestOnce(b.events, finishing).then(b.resolve, b.reject);
      }
    }
  }

  /** One transaction; answers the storedKey of the messages it stored. */
  private async ingestOnce(events: InboundEvent[], finishing: () => void): Promise<Set<string>> {
    const started = performance.now();
    const stored = await transaction(
      this.pool,
      async (client) => {
        const keys = new Set<string>();
        await ingest(client, events, keys, new Date(), finishing);
        return keys;
      },
      // Running transactions share no contact, ticket or message, but a rule's statement may still meet another's
      // row in a different order (a deadlock PostgreSQL breaks by aborting one): ingest writes only to the
      // database, so running it again from the start is safe.
      { retries: 2 },
    );
    this.onCommitted?.(events.length, stored.size, (performance.now() - started) / 1000);
    return stored;
  }
}
