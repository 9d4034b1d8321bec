// Use case of the channel worker's timed job "schedules:send" (spec 1 §2 schedule dialog, spec 2 §3/§4 Schedule;
// decision 0037): every due schedule of every company becomes one queued outbound message on the contact's
// ticket, in the same transaction that counts the send, so a send is queued exactly once whatever the number of
// workers or crashes; the outbound path then sends it once (decision 0004).
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { nextSendAt } from "../contract/schedules.ts";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { mediaTypeOfMime, mimeOfFileName, parseMediaUrl } from "../media/media-store.ts";
import { loadVariableContext, renderVariables } from "../message-variables/render-variables.ts";
import { customerWindowRefusal } from "../tickets/customer-window.ts";
import { ticketForOutbound } from "../tickets/ticket-for-outbound.ts";
import { failScheduledSends } from "./scheduled-send-outcome.ts";

/** Schedules sent per transaction; a full batch makes the job run again at once (timed-jobs.ts). */
export const SCHEDULES_BATCH = 100;

type DueSchedule = {
  id: number;
  companyId: number;
  body: string;
  contactId: number;
  assinar: boolean;
  openTicket: string;
  ticketUserId: number | null;
  queueId: number | null;
  statusTicket: string;
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
  mediaPath: string | null;
  whatsappId: number | null;
  userId: number | null;
  sentCount: number;
  anchorAt: Date;
};

/** A send that cannot be made: the schedule takes status ERRO with this reason. */
class ScheduleSendError extends Error {}

/** Sends every due schedule (at most `batch`); answers how many were sent or marked ERRO. */
export async function sendDueSchedules(
  client: pg.ClientBase,
  opts: { batch?: number; now?: Date } = {},
): Promise<number> {
  // SKIP LOCKED: a schedule another worker (or an edit) holds is left to it; the status test re-checks the row.
  const { rows } = await client.query<DueSchedule>(
    `/* all-companies: the timed sender serves every company's due schedules */
     SELECT id, company_id AS "companyId", body, contact_id AS "contactId", assinar, open_ticket AS "openTicket",
       ticket_user_id AS "ticketUserId", queue_id AS "queueId", status_ticket AS "statusTicket", intervalo,
       valor_intervalo AS "valorIntervalo", enviar_quantas_vezes AS "enviarQuantasVezes", tipo_dias AS "tipoDias",
       media_path AS "mediaPath", whatsapp_id AS "whatsappId", user_id AS "userId", sent_count AS "sentCount",
       anchor_at AS "anchorAt"
     FROM schedules WHERE status = 'PENDENTE' AND send_at <= COALESCE($2::timestamptz, now())
     ORDER BY send_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [opts.batch ?? SCHEDULES_BATCH, opts.now ?? null],
  );
  const changes: Change[] = [];
  /** The connections with a new message queued: told once each, at commit (NOTIFY is transactional). */
  const woken = new Set<number>();
  for (const s of rows) {
    await client.query("SAVEPOINT schedule_send");
    try {
      const whatsappId = await sendOne(client, s, changes);
      await client.query("RELEASE SAVEPOINT schedule_send");
      if (whatsappId !== null) woken.add(whatsappId);
    } catch (err) {
      // Nothing of the failed send stays; the schedule shows the send error (spec 2 §4: status ERRO). An
      // unexpected error (a ticket created meanwhile by ingest) is an ERRO too: retrying blindly could loop.
      await client.query("ROLLBACK TO SAVEPOINT schedule_send");
      const reason = err instanceof Error ? err.message : String(err);
      await client.query(
        "UPDATE schedules SET status = 'ERRO', last_error = $3, updated_at = now() WHERE id = $1 AND company_id = $2",
        [s.id, s.companyId, reason.slice(0, 500)],
      );
    }
    changes.push({ companyId: s.companyId, entity: "schedules", id: s.id });
  }
  if (woken.size > 0) {
    await client.query("SELECT pg_notify($1, id::text) FROM unnest($2::int[]) AS id", [OUTBOUND_CHANNEL, [...woken]]);
  }
  await recordChanges(client, changes);
  return rows.length;
}

/**
 * Queues the schedule's message and moves the schedule on; answers the connection it goes out through. Past the
 * 24-hour window of Meta's channels the message is stored failed with the window's code instead, and the schedule
 * shows ERRO with that code, as a send the channel refused does (decision 0116); it answers null then.
 */
async function sendOne(client: pg.ClientBase, s: DueSchedule, changes: Change[]): Promise<number | null> {
  // The contact, and the connection: the schedule's, else the contact's, else the company's default one.
  const contact = await client.query<{ active: boolean; whatsappId: number | null }>(
    `SELECT c.active,
       (SELECT w.id FROM whatsapps w
        WHERE w.company_id = c.company_id AND (w.id = $3 OR w.id = c.whatsapp_id OR w.is_default)
        ORDER BY (w.id = $3) DESC NULLS LAST, (w.id = c.whatsapp_id) DESC NULLS LAST, w.id LIMIT 1) AS "whatsappId"
     FROM contacts c WHERE c.id = $1 AND c.company_id = $2 FOR SHARE OF c`,
    [s.contactId, s.companyId, s.whatsappId],
  );
  if (!contact.rows[0]) throw new ScheduleSendError("Contact not found");
  if (!contact.rows[0].active) throw new ScheduleSendError("Contato bloqueado");
  const whatsappId = contact.rows[0].whatsappId;
  if (whatsappId === null) throw new ScheduleSendError("No connection to send through");
  const ticket = await ticketFor(client, s, whatsappId, changes);
  // The ticket's context is read only when the text uses it: a variable, or the signature's user name.
  const context =
    s.assinar || s.body.includes("{{")
      ? await loadVariableContext(client, s.companyId, ticket.id, { userId: s.userId })
      : {};
  const text = renderVariables(s.body, context).trim();
  const userName = context.user?.name?.trim() ?? "";
  const body = s.assinar && userName ? `*${userName}:*\n${text}` : text;
  const media = s.mediaPath ? parseMediaUrl(s.mediaPath) : null;
  const mediaType = media ? mediaTypeOfMime(mimeOfFileName(media.fileName)) : "chat";
  const refused = await customerWindowRefusal(client, s.companyId, { contactId: s.contactId, whatsappId }, mediaType);
  const id = uuidv7();

  // A repeat the day rule moves onto or before this send (Saturday back to this Friday) merges with it.
  const thisSend = nextSendAt(s, new Date(s.anchorAt), s.sentCount) ?? new Date();
  let sent = s.sentCount + 1;
  let next = nextSendAt(s, new Date(s.anchorAt), sent);
  while (next && next.getTime() <= thisSend.getTime()) next = nextSendAt(s, new Date(s.anchorAt), ++sent);
  // The message, the ticket's time (its preview stays the customer's, decision 0089) and the schedule's next send.
  await client.query(
    `WITH message AS (
       INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, body, from_me,
         read, ack, send_state, media_type, media_url, error_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, true, CASE WHEN $15::text IS NULL THEN 0 ELSE -1 END,
         CASE WHEN $15::text IS NULL THEN 'queued' ELSE 'failed' END, $9, $10, $15)
     ), ticket AS (
       UPDATE tickets SET updated_at = now() WHERE id = $3 AND company_id = $2
     )
     UPDATE schedules SET sent_count = $12, sent_at = now(), status = $13,
       send_at = COALESCE($14::timestamptz, send_at), last_error = NULL, last_message_id = $1, updated_at = now()
     WHERE id = $11 AND company_id = $2`,
    [
      id,
      s.companyId,
      ticket.id,
      s.contactId,
      whatsappId,
      s.userId,
      ticket.queueId,
      body,
      mediaType,
      media ? s.mediaPath : null,
      s.id,
      sent,
      next ? "PENDENTE" : "ENVIADA",
      next,
      refused,
    ],
  );
  changes.push({ companyId: s.companyId, entity: "messages", id });
  changes.push({ companyId: s.companyId, entity: "tickets", id: ticket.id });
  if (!refused) return whatsappId;
  await failScheduledSends(client, [{ id, company_id: s.companyId }], refused);
  return null;
}

/**
 * The ticket the message goes out on: the contact's ticket in progress on that connection as it is; else, with
 * openTicket enabled and statusTicket open, a new open ticket for ticketUserId (or the scheduler) in queueId;
 * else the contact's latest ticket there, left as it is (a closed one stays closed); else a new closed ticket.
 */
function ticketFor(
  client: pg.ClientBase,
  s: DueSchedule,
  whatsappId: number,
  changes: Change[],
): Promise<{ id: number; queueId: number | null }> {
  const open = s.openTicket === "enabled" && s.statusTicket === "open";
  const rules = {
    reuseLatest: !open,
    status: open ? "open" : "closed",
    // A closed ticket still takes the queue when openTicket is enabled (statusTicket other than open).
    queueId: s.openTicket === "enabled" ? s.queueId : null,
    userId: open ? (s.ticketUserId ?? s.userId) : null,
    createdBy: s.userId,
  };
  return ticketForOutbound(client, { companyId: s.companyId, contactId: s.contactId, whatsappId }, rules, changes);
}
