// Ingest's hot path in one statement (decision 0126): a batch's tickets opened or added to, their 'create' logs, the
// messages inserted into them and which rules may act on the tickets that received one. Separately these were three
// to four round trips per transaction (tickets, ticket logs, messages, the rules' look), each a write, a wait and a
// parse in core; at the ten or so messages a pipelined transaction gathers, that fixed cost was most of the batch's.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";
import { RULE_FLAGS_SELECT, type RuleFlags } from "./inbound-rules.ts";

/** One ticket's share of the batch: its key, what the list's preview shows and how many messages it counts unread. */
export type TicketTotals = {
  companyId: number;
  contactId: number;
  whatsappId: number;
  channel: string;
  /** The customer's last text of the batch ('' when the batch holds only our own, which leaves the preview). */
  last: string;
  count: number;
  isGroup: boolean;
};

/** A message of the batch with its id (made here, UUIDv7) and its contact's id. */
export type MessageRow<M> = {
  id: string;
  m: M;
  contactId: number;
};

/** What a message row stores: the InboundMessage fields the messages table takes. */
export type StoredFields = {
  companyId: number;
  whatsappId: number;
  body: string;
  mediaType: string;
  remoteId: string;
  dataJson?: unknown;
  timestamp: Date;
  mediaUrl?: string;
  fromMe?: boolean;
  quotedRemoteId?: string;
  ack?: number;
};

/**
 * The tickets upsert (a pending ticket per contact and connection, or the one in progress), the 'create' log of each
 * ticket it inserted (xmax = 0), the messages joined to their ticket by (company, contact, connection) and inserted
 * unless a copy is stored (a concurrent batch's), and RULE_FLAGS_SELECT over the tickets that received a message. One
 * snapshot serves them all, as in the statements it replaces: each of those read only rows that the earlier ones of
 * the same batch had not touched (a quoted message is looked up among those stored before the batch, as before).
 * Tickets are upserted in the caller's (company, contact) order, the order every ingest locks them in.
 */
export const STORE_BATCH_SQL = `WITH t AS (
    INSERT INTO tickets (company_id, contact_id, whatsapp_id, channel, last_message, unread_messages, status, is_group)
    SELECT c, ct, w, ch, l, n, 'pending', g
    FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::boolean[])
      AS i(c, ct, w, ch, l, n, g)
    ON CONFLICT (company_id, contact_id, whatsapp_id) WHERE status <> 'closed'
    DO UPDATE SET last_message = CASE WHEN EXCLUDED.last_message = '' THEN tickets.last_message
      ELSE EXCLUDED.last_message END,
      unread_messages = tickets.unread_messages + EXCLUDED.unread_messages, updated_at = now()
    RETURNING id, company_id, contact_id, whatsapp_id, status, (xmax = 0) AS created),
  lg AS (
    INSERT INTO ticket_logs (company_id, ticket_id, type) SELECT t.company_id, t.id, 'create' FROM t WHERE t.created),
  m AS (
    INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, media_type, remote_id, data_json,
      created_at, updated_at, from_me, ack, media_url, quoted_msg_id)
    SELECT i.id, i.c, t.id, i.ct, i.w, i.b, i.mt, i.r, i.d, i.ts, i.ts, i.fm, i.a, i.mu,
      CASE WHEN i.q IS NOT NULL THEN
        (SELECT qm.id FROM messages qm WHERE qm.company_id = i.c AND qm.whatsapp_id = i.w AND qm.remote_id = i.q) END
    FROM unnest($8::uuid[], $9::int[], $10::int[], $11::int[], $12::text[], $13::text[], $14::text[],
      $15::jsonb[], $16::timestamptz[], $17::text[], $18::boolean[], $19::text[], $20::int[])
      AS i(id, c, ct, w, b, mt, r, d, ts, mu, fm, q, a)
    JOIN t ON t.company_id = i.c AND t.contact_id = i.ct AND t.whatsapp_id = i.w
    ON CONFLICT (whatsapp_id, remote_id) WHERE remote_id IS NOT NULL DO NOTHING
    RETURNING id, ticket_id),
  b AS (SELECT t.id, t.company_id, t.whatsapp_id, t.status FROM t WHERE EXISTS (SELECT 1 FROM m WHERE m.ticket_id = t.id)),
  co AS (SELECT DISTINCT company_id FROM b),
  rf AS (${RULE_FLAGS_SELECT})
  SELECT 0 AS k, t.id, t.company_id AS c, t.contact_id AS ct, t.whatsapp_id AS w, NULL::uuid AS mid, NULL::jsonb AS flags
    FROM t
  UNION ALL SELECT 1, NULL, NULL, NULL, NULL, m.id, NULL FROM m
  UNION ALL SELECT 2, NULL, rf."companyId", NULL, NULL, NULL, to_jsonb(rf) - 'companyId' FROM rf`;

export type StoredBatch = {
  /** Each ticket of the batch by its key (see `ticketKey`): opened, or the one in progress. */
  tickets: { id: number; companyId: number; contactId: number; whatsappId: number }[];
  /** The ids of the messages inserted (a copy stored before is not among them). */
  stored: Set<string>;
  /** The rules that may act, per company of a ticket that received a message (as rulesInPlay answers). */
  rules: Map<number, RuleFlags>;
};

/**
 * Runs STORE_BATCH_SQL for `tickets` (in locking order) and `rows`, every row's contact among `tickets`; records the
 * changes (each ticket, each message stored) in `changes`.
 */
export async function storeBatch<M extends StoredFields>(
  client: pg.ClientBase,
  tickets: TicketTotals[],
  rows: MessageRow<M>[],
  changes: Change[],
): Promise<StoredBatch> {
  type Row = {
    k: 0 | 1 | 2;
    id: number | null;
    c: number | null;
    ct: number | null;
    w: number | null;
    mid: string | null;
    flags: RuleFlags | null;
  };
  const result = await client.query<Row>(STORE_BATCH_SQL, [
    tickets.map((a) => a.companyId),
    tickets.map((a) => a.contactId),
    tickets.map((a) => a.whatsappId),
    tickets.map((a) => a.channel),
    tickets.map((a) => a.last),
    tickets.map((a) => a.count),
    tickets.map((a) => a.isGroup),
    rows.map((r) => r.id),
    rows.map((r) => r.m.companyId),
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
  ]);
  const out: StoredBatch = { tickets: [], stored: new Set(), rules: new Map() };
  for (const r of result.rows) {
    if (r.k === 0) {
      out.tickets.push({ id: r.id!, companyId: r.c!, contactId: r.ct!, whatsappId: r.w! });
      changes.push({ companyId: r.c!, entity: "tickets", id: r.id! });
    } else if (r.k === 1) out.stored.add(r.mid!);
    else out.rules.set(r.c!, r.flags!);
  }
  return out;
}
