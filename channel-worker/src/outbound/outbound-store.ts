// The outbound queue's state changes, each one short transaction that also
// appends the change log (so PWAs see the ticks move):
//   queued -> claimed -> sending -> sent | failed, and back to queued when the
//   request certainly never left. Every change is guarded by the state it
//   expects and by who claimed the row, so a stale worker's write is a no-op.
import type { DeliveryFailure } from "@chatflow/core/contract/delivery-failure.ts";
import type { ErrorCode } from "@chatflow/core/contract/errors.ts";
import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { confirmScheduledSends, failScheduledSends } from "@chatflow/core/schedules/scheduled-send-outcome.ts";
import type pg from "pg";
import type { Amendment, OutboundMessage } from "../adapters/adapter.ts";
import { leaseCte } from "./leases.ts";

/**
 * Who sends for a connection: the worker, the generation of its lease (the fencing token, decision 0042), how
 * long the lease must still run for a send to start, and the connection's company (every statement names it).
 */
export type Owner = { workerId: string; generation: number; guardMs: number; companyId: number };

type Row = { id: string; company_id: number };

async function logChanges(client: pg.ClientBase, rows: Row[]): Promise<void> {
  await recordChanges(
    client,
    rows.map((r) => ({ companyId: r.company_id, entity: "messages" as const, id: r.id })),
  );
}

/**
 * Claims the connection's oldest queued messages; only while `owner` holds the lease. Rows we
 * claimed earlier and could not put back (the database failed mid-batch) are taken again:
 * the sender is the connection's only one, so none of them is in flight.
 */
export async function claimBatch(
  pool: pg.Pool,
  whatsappId: number,
  owner: Owner,
  limit: number,
): Promise<OutboundMessage[]> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<OutboundMessage & { company_id: number }>(
      `WITH ${leaseCte("$1", "$2", "$4", "$6")}, claimed AS (
         UPDATE messages SET send_state = 'claimed', claimed_by = $2, claimed_at = now(), updated_at = now()
         WHERE company_id = $5 AND id IN (SELECT id FROM messages WHERE whatsapp_id = $1 AND company_id = $5
                        AND (send_state = 'queued' OR (send_state = 'claimed' AND claimed_by = $2))
                      ORDER BY created_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
           AND EXISTS (SELECT 1 FROM lease)
         RETURNING id, company_id, ticket_id, contact_id, body, media_type, media_url, data_json, quoted_msg_id,
           send_attempts, created_at, is_forwarded)
       SELECT c.id, c.company_id, c.company_id AS "companyId", c.ticket_id AS "ticketId", ct.number AS "to",
         c.body, c.media_type AS "mediaType", c.media_url AS "mediaUrl", c.data_json AS "dataJson",
         q.remote_id AS "quotedRemoteId", c.quoted_msg_id AS "quotedMsgId", c.send_attempts + 1 AS "attempt",
         c.is_forwarded AS "isForwarded"
       FROM claimed c
       LEFT JOIN contacts ct ON ct.id = c.contact_id AND ct.company_id = c.company_id
       LEFT JOIN messages q ON q.id = c.quoted_msg_id AND q.company_id = c.company_id
       ORDER BY c.created_at, c.id`,
      [whatsappId, owner.workerId, limit, owner.generation, owner.companyId, owner.guardMs],
    );
    await logChanges(client, rows);
    return rows.map(({ company_id: _c, ...m }) => ({ ...m, to: m.to ?? "" }));
  });
}

/** Spec 1 §4/§9: forwarded copies are sent 900 ms apart. */
export const FORWARD_SPACING_MS = 900;

/**
 * How long a forwarded copy must still wait for the spacing, by the database's clock: since the connection's
 * latest other forwarded copy was marked sending or sent (its updated_at). Read from the rows, so it holds
 * across a worker's restart and a lease moving to another worker; a later ack on that copy (which also sets
 * updated_at) can only make the gap longer, never shorter.
 */
export async function forwardSpacingLeft(
  pool: pg.Pool,
  whatsappId: number,
  companyId: number,
  id: string,
): Promise<number> {
  const { rows } = await pool.query<{ left: number | null }>(
    `SELECT ceil($4::int - EXTRACT(EPOCH FROM clock_timestamp() - max(updated_at)) * 1000)::int AS "left"
     FROM messages WHERE company_id = $2 AND whatsapp_id = $1 AND is_forwarded AND from_me AND id <> $3
       AND send_state IN ('sending', 'sent') AND updated_at > clock_timestamp() - make_interval(secs => $4::int / 1000.0)`,
    [whatsappId, companyId, id, FORWARD_SPACING_MS],
  );
  return Math.max(0, rows[0]?.left ?? 0);
}

/**
 * An agent's edit or delete of a message that already reached the channel (core marks the intent in data_json,
 * find-message.ts markIntentSql): the worker tells the channel, then clears the mark.
 */

/** The connection's sent messages with an edit or delete still to tell the channel; only while `owner` holds the lease. */
export async function pendingAmendments(
  pool: pg.Pool,
  whatsappId: number,
  owner: Owner,
  limit: number,
): Promise<Amendment[]> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<Amendment>(
      `WITH ${leaseCte("$1", "$2", "$4", "$6")}
       SELECT m.id, coalesce(ct.number, '') AS "to", m.remote_id AS "remoteId", m.body,
         coalesce(m.data_json->>'edit' = 'true', false) AS edit, coalesce(m.data_json->>'delete' = 'true', false) AS delete
       FROM messages m LEFT JOIN contacts ct ON ct.id = m.contact_id AND ct.company_id = m.company_id
       WHERE m.whatsapp_id = $1 AND m.company_id = $5 AND m.from_me AND m.send_state = 'sent' AND m.remote_id IS NOT NULL
         AND jsonb_typeof(m.data_json) = 'object' AND (m.data_json->>'edit' = 'true' OR m.data_json->>'delete' = 'true')
         AND EXISTS (SELECT 1 FROM lease)
       ORDER BY m.updated_at, m.id LIMIT $3`,
      [whatsappId, owner.workerId, limit, owner.generation, owner.companyId, owner.guardMs],
    );
    return rows;
  });
}

/**
 * Clears only the intents told to the channel: a delete (which makes any edit moot), or an edit while the body is
 * still the one sent. An edit or delete an agent made meanwhile stays marked and is told next.
 */
export async function markAmended(pool: pg.Pool, a: Amendment, owner: Owner): Promise<void> {
  await transaction(pool, async (client) => {
    const { rows } = await client.query<Row>(
      `UPDATE messages SET data_json = data_json - (CASE WHEN $4 THEN 'delete' ELSE '' END)
         - (CASE WHEN $4 OR body = $3 THEN 'edit' ELSE '' END) - 'amendAttempts', updated_at = now()
       WHERE id = $1 AND company_id = $2 RETURNING id, company_id`,
      [a.id, owner.companyId, a.body, a.delete],
    );
    await logChanges(client, rows);
  });
}

/** Tries of one edit or delete the channel keeps refusing before it is given up (the sends behind it go on). */
export const MAX_AMEND_ATTEMPTS = 6;

/**
 * Counts a refused edit or delete (`data_json.amendAttempts`). At MAX_AMEND_ATTEMPTS it is given up: the intent is
 * cleared and `data_json.amendFailure` says what the channel refused, with the spec's code (ERR_DELETE_WAPP_MSG for a
 * delete; an edit's customer still sees the original, ERR_SENDING_WAPP_MSG), so the agent is told that the message
 * changed in the app only. Answers whether it was given up.
 */
export async function noteAmendRefused(
  pool: pg.Pool,
  a: Amendment,
  owner: Owner,
  reason: string,
): Promise<"retry" | "given-up"> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<Row & { given_up: boolean }>(
      `WITH m AS (
         SELECT id, company_id, coalesce((data_json->>'amendAttempts')::int, 0) + 1 AS tries
         FROM messages WHERE id = $1 AND company_id = $2 AND jsonb_typeof(data_json) = 'object' FOR UPDATE)
       UPDATE messages t SET updated_at = now(), data_json = CASE WHEN m.tries >= $3
           THEN (t.data_json - 'delete' - 'edit' - 'amendAttempts') || jsonb_build_object('amendFailure',
             jsonb_build_object('kind', CASE WHEN $4 THEN 'delete' ELSE 'edit' END,
               'code', CASE WHEN $4 THEN 'ERR_DELETE_WAPP_MSG' ELSE 'ERR_SENDING_WAPP_MSG' END,
               'reason', left($5, 300), 'at', now()))
           ELSE t.data_json || jsonb_build_object('amendAttempts', m.tries) END
       FROM m WHERE t.id = m.id AND t.company_id = m.company_id
       RETURNING t.id, t.company_id, m.tries >= $3 AS given_up`,
      [a.id, owner.companyId, MAX_AMEND_ATTEMPTS, a.delete, reason],
    );
    const givenUp = rows.filter((r) => r.given_up);
    // Only a given-up amendment changes what the agent sees; a counted try is the worker's own bookkeeping.
    await logChanges(client, givenUp);
    return givenUp.length > 0 ? "given-up" : "retry";
  });
}

export type SendingOutcome = "sending" | "gone" | "lease-lost";

/**
 * The point of no return, committed before the request goes out: from here a crash leaves
 * the row 'sending', which the next owner treats as in doubt and never resends. Refused unless the
 * lease is still ours, under our generation, with at least the send guard to run.
 */
export async function markSending(
  pool: pg.Pool,
  id: string,
  whatsappId: number,
  owner: Owner,
): Promise<SendingOutcome> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<Row>(
      `WITH ${leaseCte("$4", "$2", "$3", "$6")}
       UPDATE messages SET send_state = 'sending', send_attempts = send_attempts + 1, updated_at = now()
       WHERE id = $1 AND company_id = $5 AND send_state = 'claimed' AND claimed_by = $2 AND EXISTS (SELECT 1 FROM lease)
       RETURNING id, company_id`,
      [id, owner.workerId, owner.generation, whatsappId, owner.companyId, owner.guardMs],
    );
    if (rows.length > 0) {
      await logChanges(client, rows);
      return "sending";
    }
    // Still ours yet refused: the lease check failed. Otherwise the row was taken back or deleted.
    const still = await client.query(
      "SELECT 1 FROM messages WHERE id = $1 AND company_id = $3 AND send_state = 'claimed' AND claimed_by = $2",
      [id, owner.workerId, owner.companyId],
    );
    return still.rows.length > 0 ? "lease-lost" : "gone";
  });
}

/**
 * Records the channel's id. Also over 'failed': a new owner may have judged this send in
 * doubt while it was still in flight here, and now we know it went out. A row already 'sent'
 * under this very id had its ack arrive before the send's answer (ingest recorded both): done.
 */
/**
 * Records a send the channel took. `quoteDropped`: the reply quoted a message that never reached the channel (no
 * remote id), so it went without the quote; dataJson.quoteNotSent says so (spec 1 §8 ERR_FETCH_WAPP_MSG).
 */
export async function markSent(
  pool: pg.Pool,
  id: string,
  remoteId: string,
  owner: Owner,
  quoteDropped = false,
): Promise<boolean> {
  return transaction(pool, async (client) => {
    // `was` is the state before this update (the FROM's row, read under the update's lock): only a send judged in
    // doubt has a schedule to put back, so the common send costs no second statement.
    const { rows } = await client.query<Row & { was: string }>(
      `UPDATE messages m SET send_state = 'sent', remote_id = $3, ack = GREATEST(m.ack, 1), error_code = NULL,
         updated_at = now(),
         data_json = CASE WHEN $5 THEN (CASE WHEN jsonb_typeof(m.data_json) = 'object' THEN m.data_json
           ELSE '{}'::jsonb END) || '{"quoteNotSent": {"code": "ERR_FETCH_WAPP_MSG"}}'::jsonb ELSE m.data_json END
       FROM (SELECT id, send_state FROM messages WHERE id = $1 AND company_id = $4 FOR UPDATE) o
       WHERE m.id = o.id AND m.company_id = $4 AND m.claimed_by = $2
         AND (m.send_state IN ('sending', 'failed') OR (m.send_state = 'sent' AND m.remote_id = $3))
       RETURNING m.id, m.company_id, o.send_state AS was`,
      [id, owner.workerId, remoteId, owner.companyId, quoteDropped],
    );
    await logChanges(client, rows);
    await confirmScheduledSends(
      client,
      rows.filter((r) => r.was === "failed"),
    );
    return rows.length > 0;
  });
}

/**
 * Fails a message for good. `failure` is the channel's own reason when it refused the send (a Graph API error): kept
 * in dataJson.deliveryFailure, as a `failed` status's is (core's ingest), so the conversation shows both alike; a
 * failure without one drops an earlier try's reason. A payload that is not an object (never one of ours) keeps only
 * the code: the message's own data is never replaced.
 */
export async function markFailed(
  pool: pg.Pool,
  id: string,
  code: ErrorCode,
  owner: Owner,
  failure?: DeliveryFailure,
): Promise<void> {
  await transaction(pool, async (client) => {
    const { rows } = await client.query<Row>(
      `UPDATE messages SET send_state = 'failed', ack = -1, error_code = $3, updated_at = now(),
         data_json = CASE
           WHEN $5::jsonb IS NOT NULL AND jsonb_typeof(data_json) = 'object'
             THEN data_json || jsonb_build_object('deliveryFailure', $5::jsonb)
           WHEN $5::jsonb IS NOT NULL AND (data_json IS NULL OR jsonb_typeof(data_json) = 'null')
             THEN jsonb_build_object('deliveryFailure', $5::jsonb)
           WHEN jsonb_typeof(data_json) = 'object' THEN data_json - 'deliveryFailure'
           ELSE data_json END
       WHERE id = $1 AND company_id = $4 AND claimed_by = $2 AND send_state IN ('claimed', 'sending')
       RETURNING id, company_id`,
      [id, owner.workerId, code, owner.companyId, failure ? JSON.stringify(failure) : null],
    );
    await logChanges(client, rows);
    await failScheduledSends(client, rows, code);
  });
}

/**
 * Puts messages back in the queue: those still 'claimed' by us (never sent), and with
 * `notDelivered` the one whose request certainly never reached the channel.
 */
export async function requeue(pool: pg.Pool, ids: string[], owner: Owner, notDelivered?: string): Promise<void> {
  if (ids.length === 0 && !notDelivered) return;
  await transaction(pool, async (client) => {
    const { rows } = await client.query<Row>(
      `UPDATE messages SET send_state = 'queued', claimed_by = NULL, claimed_at = NULL, updated_at = now()
       WHERE company_id = $4 AND claimed_by = $2 AND ((id = ANY($1::uuid[]) AND send_state = 'claimed')
         OR (id = $3::uuid AND send_state = 'sending'))
       RETURNING id, company_id`,
      [ids, owner.workerId, notDelivered ?? null, owner.companyId],
    );
    await logChanges(client, rows);
  });
}

export type Recovered = { requeued: number; inDoubt: number };

/**
 * Run by a new owner right after taking a connection's lease, so no other worker can be
 * between claim and send for it. 'claimed' rows were never sent: back to the queue.
 * 'sending' rows may have reached the channel: failed, never resent (docs/decisions/0004).
 */
export async function recoverConnection(
  pool: pg.Pool,
  connection: { id: number; companyId: number },
): Promise<Recovered> {
  return transaction(pool, async (client) => {
    const requeued = await client.query<Row>(
      `UPDATE messages SET send_state = 'queued', claimed_by = NULL, claimed_at = NULL, updated_at = now()
       WHERE whatsapp_id = $1 AND company_id = $2 AND send_state = 'claimed' RETURNING id, company_id`,
      [connection.id, connection.companyId],
    );
    const inDoubt = await client.query<Row>(
      `UPDATE messages SET send_state = 'failed', ack = -1, error_code = 'ERR_SEND_OUTCOME_UNKNOWN', updated_at = now()
       WHERE whatsapp_id = $1 AND company_id = $2 AND send_state = 'sending' RETURNING id, company_id`,
      [connection.id, connection.companyId],
    );
    await logChanges(client, [...requeued.rows, ...inDoubt.rows]);
    await failScheduledSends(client, inDoubt.rows, "ERR_SEND_OUTCOME_UNKNOWN");
    return { requeued: requeued.rows.length, inDoubt: inDoubt.rows.length };
  });
}
