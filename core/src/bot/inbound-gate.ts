// What an inbound message meets before the queue bot (spec 2 §3 Connection, §4; spec 1 LGPD): the connection's
// collective vacation, the LGPD consent request, and the service hours of the one source the company's
// scheduleType selects (decision 0046). Each may hold a ticket: the bot then leaves it alone for this batch.
// Runs inside the ingest transaction, set-based: one read for the whole batch, a few writes only when a rule acts.
import type pg from "pg";
import type { QueueSchedule } from "../contract/queues.ts";
import type { Change } from "../kernel/change-log.ts";
import { renderVariables } from "../message-variables/render-variables.ts";
import type { HoldingRule } from "./inbound-batch.ts";
import { consentAnswer, consentRequest, LGPD_DELETED_BODY, LGPD_REFUSED_TEXT } from "./lgpd.ts";
import { type BotMessage, sendBotMessages } from "./send-bot-message.ts";
import { onCollectiveVacation, outOfHoursDue, vacationDue, withinServiceHours } from "./service-hours.ts";

type GateRow = {
  id: number;
  companyId: number;
  contactId: number;
  whatsappId: number;
  status: string;
  queueId: number | null;
  isBot: boolean;
  outOfHoursSentAt: Date | null;
  vacationSentAt: Date | null;
  protocol: string | null;
  createdAt: Date;
  contactName: string;
  lgpdAccepted: boolean;
  /** The contact accepted since this ticket began (what the connection's always-confirm asks; decision 0117). */
  lgpdAcceptedHere: boolean;
  lgpdAlwaysConfirm: boolean;
  connectionName: string;
  outOfHoursMessage: string | null;
  vacationMessage: string | null;
  vacationStart: string | null;
  vacationEnd: string | null;
  connectionSchedules: QueueSchedule[];
  companySchedules: QueueSchedule[];
  queueName: string | null;
  queueSchedules: QueueSchedule[] | null;
  queueOutOfHoursMessage: string | null;
  scheduleType: string | null;
  enableLgpd: string | null;
  lgpdConsent: string | null;
  lgpdMessage: string | null;
  lgpdLink: string | null;
  lgpdDeleteMessage: string | null;
};

const on = (v: string | null) => v === "enabled";

/** The hours that decide for a ticket, and the text its contact gets outside them; null when none apply. */
export function hoursSource(
  t: Pick<
    GateRow,
    | "scheduleType"
    | "companySchedules"
    | "connectionSchedules"
    | "outOfHoursMessage"
    | "queueId"
    | "isBot"
    | "queueSchedules"
    | "queueOutOfHoursMessage"
  >,
): { schedules: QueueSchedule[]; message: string | null } | null {
  switch (t.scheduleType) {
    // Spec 3 §3 gives the company hours and no text of its own: the connection's outOfHoursMessage speaks for it.
    case "company":
      return { schedules: t.companySchedules, message: t.outOfHoursMessage };
    case "connection":
      return { schedules: t.connectionSchedules, message: t.outOfHoursMessage };
    // A ticket entering its queue meets the hours in the queue bot; here only one already waiting in it.
    case "queue":
      return t.queueId !== null && !t.isBot && t.queueSchedules
        ? { schedules: t.queueSchedules, message: t.queueOutOfHoursMessage }
        : null;
    default:
      return null;
  }
}

type Acts = {
  messages: BotMessage[];
  outOfHours: number[];
  vacation: number[];
  toLgpd: number[];
  toPending: number[];
  accepted: GateRow[];
  refused: GateRow[];
};

/**
 * `lastBodies` maps each ticket of the batch whose company uses one of these rules (ingest picks them with
 * inbound-rules.ts) to its last inbound text. Answers the tickets held this time (the queue bot skips them).
 * `now` is the clock the rules read (tests pass their own).
 */
export const runInboundGate: HoldingRule = async (client, lastBodies, changes, now) => {
  const held = new Set<number>();
  if (lastBodies.size === 0) return held;
  const { rows } = await client.query<GateRow>(
    `SELECT t.id, t.company_id AS "companyId", t.contact_id AS "contactId", t.whatsapp_id AS "whatsappId", t.status,
       t.queue_id AS "queueId", t.is_bot AS "isBot", t.out_of_hours_sent_at AS "outOfHoursSentAt",
       t.vacation_sent_at AS "vacationSentAt", t.protocol, t.created_at AS "createdAt",
       c.name AS "contactName", c.lgpd_accepted_at IS NOT NULL AS "lgpdAccepted",
       COALESCE(c.lgpd_accepted_at >= t.created_at, false) AS "lgpdAcceptedHere",
       w.lgpd_always_confirm AS "lgpdAlwaysConfirm", w.name AS "connectionName", w.out_of_hours_message AS "outOfHoursMessage",
       w.collective_vacation_message AS "vacationMessage",
       to_char(w.collective_vacation_start, 'YYYY-MM-DD') AS "vacationStart",
       to_char(w.collective_vacation_end, 'YYYY-MM-DD') AS "vacationEnd",
       w.schedules AS "connectionSchedules", co.schedules AS "companySchedules",
       q.name AS "queueName", q.schedules AS "queueSchedules", q.out_of_hours_message AS "queueOutOfHoursMessage",
       s."scheduleType", s."enableLgpd", s."lgpdConsent", s."lgpdDeleteMessage",
       -- The connection's own LGPD texts speak over the company's, each on its own (decision 0117).
       COALESCE(NULLIF(btrim(w.lgpd_message), ''), s."lgpdMessage") AS "lgpdMessage",
       COALESCE(NULLIF(btrim(w.lgpd_link), ''), s."lgpdLink") AS "lgpdLink"
     FROM unnest($1::int[], $2::int[]) AS i(id, c)
     JOIN tickets t ON t.id = i.id AND t.company_id = i.c
     JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
     JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
     JOIN companies co ON co.id = t.company_id
     LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
     CROSS JOIN LATERAL (
       SELECT max(value) FILTER (WHERE key = 'scheduleType') AS "scheduleType",
         max(value) FILTER (WHERE key = 'enableLGPD') AS "enableLgpd",
         max(value) FILTER (WHERE key = 'lgpdConsent') AS "lgpdConsent",
         max(value) FILTER (WHERE key = 'lgpdMessage') AS "lgpdMessage",
         max(value) FILTER (WHERE key = 'lgpdLink') AS "lgpdLink",
         max(value) FILTER (WHERE key = 'lgpdDeleteMessage') AS "lgpdDeleteMessage"
       FROM settings st WHERE st.company_id = t.company_id
         AND st.key IN ('scheduleType', 'enableLGPD', 'lgpdConsent', 'lgpdMessage', 'lgpdLink', 'lgpdDeleteMessage')
     ) s
     WHERE t.status IN ('pending', 'lgpd') AND t.user_id IS NULL AND NOT t.is_group AND NOT c.is_group`,
    [[...lastBodies.keys()], [...lastBodies.values()].map((b) => b.companyId)],
  );
  if (rows.length === 0) return held;
  const acts: Acts = {
    messages: [],
    outOfHours: [],
    vacation: [],
    toLgpd: [],
    toPending: [],
    accepted: [],
    refused: [],
  };
  for (const t of rows) {
    if (decide(t, lastBodies.get(t.id)?.body ?? "", now, acts)) held.add(t.id);
  }
  await apply(client, acts, new Map(rows.map((t) => [t.id, t.companyId])), changes, now);
  return held;
};

/** One ticket's rules in order; true when the ticket is held (the bot skips it). */
function decide(t: GateRow, body: string, now: Date, acts: Acts): boolean {
  const say = (text: string | null, queueId: number | null = t.queueId) => {
    const rendered = render(t, text, now);
    if (rendered)
      acts.messages.push({
        companyId: t.companyId,
        ticketId: t.id,
        contactId: t.contactId,
        whatsappId: t.whatsappId,
        queueId,
        body: rendered,
      });
  };
  // 1. Collective vacation: before everything else, once per ticket per vacation.
  const vacation = { message: t.vacationMessage, start: t.vacationStart, end: t.vacationEnd };
  if (onCollectiveVacation(vacation, now)) {
    if (vacationDue(t.vacationStart!, t.vacationSentAt)) {
      say(t.vacationMessage);
      acts.vacation.push(t.id);
    }
    return true;
  }
  // 2. LGPD consent, for a contact who has not accepted yet, or (the connection's always confirm) not on this ticket.
  const consented = t.lgpdAlwaysConfirm ? t.lgpdAcceptedHere : t.lgpdAccepted;
  const askConsent = on(t.enableLgpd) && on(t.lgpdConsent) && !consented;
  if (t.status === "lgpd" && !askConsent) {
    // Consent was switched off (or given on another ticket) meanwhile: the ticket goes on as a new one.
    acts.toPending.push(t.id);
  } else if (askConsent && t.status === "pending") {
    say(consentRequest(t.lgpdMessage ?? "", t.lgpdLink ?? ""));
    acts.toLgpd.push(t.id);
    return true;
  } else if (t.status === "lgpd") {
    const answer = consentAnswer(body);
    if (answer === "refuse") {
      say(LGPD_REFUSED_TEXT);
      acts.refused.push(t);
      return true;
    }
    if (answer === null) {
      say(consentRequest(t.lgpdMessage ?? "", t.lgpdLink ?? ""));
      return true;
    }
    // Accepted: the bot starts as on a first message (its answer "1" is not read as a menu choice).
    acts.accepted.push(t);
  }
  // 3. Service hours of the source scheduleType selects.
  const source = hoursSource(t);
  if (!source || withinServiceHours(source.schedules, now)) return false;
  if (outOfHoursDue(source.schedules, now, t.outOfHoursSentAt)) {
    say(source.message);
    acts.outOfHours.push(t.id);
  }
  return true;
}

function render(t: GateRow, text: string | null, now: Date): string {
  if (!text?.trim()) return "";
  return renderVariables(
    text,
    {
      contact: { name: t.contactName },
      ticket: { id: t.id, protocol: t.protocol, createdAt: t.createdAt },
      connection: { name: t.connectionName },
      queue: t.queueName ? { name: t.queueName } : null,
    },
    now,
  ).trim();
}

async function apply(
  client: pg.ClientBase,
  acts: Acts,
  companyOf: Map<number, number>,
  changes: Change[],
  now: Date,
): Promise<void> {
  const update = async (set: string, ids: number[], value: unknown) => {
    if (ids.length === 0) return;
    await client.query(
      `UPDATE tickets t SET ${set} FROM unnest($1::int[], $2::int[]) AS i(id, c) WHERE t.id = i.id AND t.company_id = i.c`,
      [ids, ids.map((id) => companyOf.get(id)!), value],
    );
  };
  await update("out_of_hours_sent_at = $3", acts.outOfHours, now);
  await update("vacation_sent_at = $3", acts.vacation, now);
  await update("status = $3, updated_at = now()", acts.toLgpd, "lgpd");
  await update("status = $3, updated_at = now()", [...acts.toPending, ...acts.accepted.map((t) => t.id)], "pending");
  if (acts.accepted.length > 0) {
    // The latest acceptance, never before the transaction's own time: a ticket begun earlier counts as consented.
    await client.query(
      `UPDATE contacts c SET lgpd_accepted_at = GREATEST($3::timestamptz, now()), updated_at = now()
       FROM unnest($1::int[], $2::int[]) AS i(id, co)
       WHERE c.id = i.id AND c.company_id = i.co`,
      [acts.accepted.map((t) => t.contactId), acts.accepted.map((t) => t.companyId), now],
    );
    for (const t of acts.accepted) changes.push({ companyId: t.companyId, entity: "contacts", id: t.contactId });
  }
  // The refusal text goes out first, then the ticket closes (log 'closed', as the bot's own closes).
  await sendBotMessages(client, acts.messages, changes);
  if (acts.refused.length > 0) await refuse(client, acts.refused, changes);
}

/**
 * A refusal ends the conversation. With lgpdDeleteMessage on, what the contact wrote on it is not kept: each of
 * their messages keeps its place in the conversation, emptied of text and media (decision 0046).
 */
async function refuse(client: pg.ClientBase, refused: GateRow[], changes: Change[]): Promise<void> {
  const ids = refused.map((t) => t.id);
  const companies = refused.map((t) => t.companyId);
  await client.query(
    `UPDATE tickets t SET status = 'closed', closed_at = now(), unread_messages = 0, is_bot = false,
       amount_used_bot_queues = 0, updated_at = now()
     FROM unnest($1::int[], $2::int[]) AS i(id, c) WHERE t.id = i.id AND t.company_id = i.c`,
    [ids, companies],
  );
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type) SELECT c, id, 'closed' FROM unnest($1::int[], $2::int[]) AS i(id, c)`,
    [ids, companies],
  );
  const wiping = refused.filter((t) => on(t.lgpdDeleteMessage));
  if (wiping.length === 0) return;
  const { rows } = await client.query<{ id: string; company_id: number }>(
    `UPDATE messages m SET body = $3, media_url = NULL, media_type = 'chat', data_json = NULL, updated_at = now()
     FROM unnest($1::int[], $2::int[]) AS i(id, c)
     WHERE m.ticket_id = i.id AND m.company_id = i.c AND NOT m.from_me
     RETURNING m.id, m.company_id`,
    [wiping.map((t) => t.id), wiping.map((t) => t.companyId), LGPD_DELETED_BODY],
  );
  for (const r of rows) changes.push({ companyId: r.company_id, entity: "messages", id: r.id });
}
