// Use case of the channel worker's timed job "campaigns:send" (spec 3 §4, §9; decision 0076): scheduled campaigns
// whose time came start; each running campaign takes its audience once as shipping records (one per number), then
// queues one contact's message at a time on the outbound path, paced by the company's campaign settings. The
// message is queued in the same transaction that marks its shipping record, so a contact is sent to once whatever
// the restarts, cancels and workers (the schedules' pattern, decision 0037); the outbound path sends it once.

import type pg from "pg";
import {
  CAMPAIGN_MESSAGE_SLOTS,
  type CampaignSettings,
  type CampaignVariable,
  renderCampaignMessage,
} from "../contract/campaigns.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import { type Change, listChanged, recordChanges } from "../kernel/change-log.ts";
import { destination, queueMessage } from "./campaign-delivery.ts";
import { NOT_ON_WHATSAPP, NUMBER_CHECK_VALID_MS } from "./campaign-number-check.ts";
import { loadCampaignSettings } from "./campaign-settings.ts";

/** Messages queued per transaction at most; a full batch makes the job run again at once (timed-jobs.ts). */
export const CAMPAIGNS_BATCH = 50;
/** Campaigns looked at per run. */
const CAMPAIGNS_PER_RUN = 20;
/** Outside the sending hours or days, or waiting for the last outcomes, a campaign is looked at again this late. */
const RECHECK_MS = 60_000;
const OUTCOME_RECHECK_MS = 2_000;
/** A channel's refusal that proves a number is not on WhatsApp (decisions 0076, 0120). */
const INVALID_NUMBER_CODE = NOT_ON_WHATSAPP;
/** Failures Meta reports after a campaign ended (a `failed` status follows the send) still mark it this long. */
const LATE_OUTCOMES_MS = 60 * 60 * 1000;

type Running = {
  id: number;
  companyId: number;
  whatsappId: number | null;
  /** The connection's channel: on WhatsApp by QR code ("whatsapp") list items are checked before they are sent to. */
  channel: string | null;
  contactListId: number | null;
  tagListId: number | null;
  userId: number | null;
  queueId: number | null;
  openTicket: string;
  statusTicket: string;
  mediaPath: string | null;
  sentCount: number;
  shippingsMadeAt: Date | null;
  confirmation: boolean;
  messages: string[];
  confirmations: string[];
};

/** One of the campaign's messages and its confirmation message (spec 3 §3: up to five pairs). */
type Slot = { message: string; confirmation: string };

/** Whether `now` falls in the settings' hours and days (São Paulo time). */
export function withinSendingWindow(
  now: Date,
  s: Pick<CampaignSettings, "startHour" | "endHour" | "sabado" | "domingo">,
) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = get("weekday");
  if (weekday === "Sat" && s.sabado !== "true") return false;
  if (weekday === "Sun" && s.domingo !== "true") return false;
  const hhmm = `${get("hour")}:${get("minute")}`;
  return hhmm >= s.startHour && hhmm < s.endHour;
}

/** The pause after the `sent`-th message: the interval, plus the longer one every longerIntervalAfter messages. */
export function pauseAfter(
  sent: number,
  s: Pick<CampaignSettings, "messageInterval" | "longerIntervalAfter" | "greaterInterval">,
) {
  const longer = s.longerIntervalAfter > 0 && sent % s.longerIntervalAfter === 0 ? s.greaterInterval : 0;
  return (s.messageInterval + longer) * 1000;
}

/** Starts the due campaigns and sends what their pacing allows; answers how many messages it queued. */
export async function sendDueCampaigns(
  client: pg.ClientBase,
  opts: { batch?: number; now?: Date } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const changes: Change[] = [];
  const started = await client.query<{ companyId: number }>(
    `/* all-companies: the timed sender starts every company's due campaigns */
     UPDATE campaigns SET status = 'EM_ANDAMENTO', next_send_at = $1, updated_at = now()
     WHERE status = 'PROGRAMADA' AND scheduled_at <= $1 RETURNING company_id AS "companyId"`,
    [now],
  );
  for (const r of started.rows) changes.push(listChanged(r.companyId, "campaigns"));
  // SKIP LOCKED: a campaign another worker (or a cancel) holds is left to it; its status is read under the lock.
  const { rows } = await client.query<Running & Record<string, unknown>>(
    `/* all-companies: the timed sender serves every company's running campaigns */
     SELECT id, company_id AS "companyId", whatsapp_id AS "whatsappId",
       (SELECT w.channel FROM whatsapps w WHERE w.company_id = campaigns.company_id AND w.id = campaigns.whatsapp_id)
         AS channel, contact_list_id AS "contactListId",
       tag_list_id AS "tagListId", user_id AS "userId", queue_id AS "queueId", open_ticket AS "openTicket",
       status_ticket AS "statusTicket", media_path AS "mediaPath", sent_count AS "sentCount",
       shippings_made_at AS "shippingsMadeAt", confirmation,
       ARRAY[${CAMPAIGN_MESSAGE_SLOTS.map((n) => `message${n}`).join(", ")}] AS messages,
       ARRAY[${CAMPAIGN_MESSAGE_SLOTS.map((n) => `confirmation_message${n}`).join(", ")}] AS confirmations
     FROM campaigns WHERE status = 'EM_ANDAMENTO' AND (next_send_at IS NULL OR next_send_at <= $1)
     ORDER BY next_send_at NULLS FIRST, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, CAMPAIGNS_PER_RUN],
  );
  await settleLateOutcomes(client, now);
  let budget = opts.batch ?? CAMPAIGNS_BATCH;
  for (const c of rows) {
    const turn = await runCampaign(client, c, now, budget);
    budget -= turn.sent;
    // The list and the report follow the turns that changed something (sends, outcomes, the end).
    if (turn.changed) changes.push(listChanged(c.companyId, "campaigns"));
    if (budget <= 0) break;
  }
  await recordChanges(client, dedupe(changes));
  return (opts.batch ?? CAMPAIGNS_BATCH) - budget;
}

const dedupe = (changes: Change[]) => [
  ...new Map(changes.map((c) => [`${c.companyId}:${c.entity}:${c.id}`, c])).values(),
];

/** One campaign's turn: settle outcomes, take the audience once, send while the pacing allows. */
async function runCampaign(
  client: pg.ClientBase,
  c: Running,
  now: Date,
  budget: number,
): Promise<{ sent: number; changed: boolean }> {
  const settled = await settleOutcomes(client, c);
  const settings = await loadCampaignSettings(client, c.companyId);
  const later = (ms: number) =>
    client.query("UPDATE campaigns SET next_send_at = $3 WHERE id = $1 AND company_id = $2", [
      c.id,
      c.companyId,
      new Date(now.getTime() + ms),
    ]);
  if (!withinSendingWindow(now, settings)) {
    await later(RECHECK_MS);
    return { sent: 0, changed: settled };
  }
  if (!c.shippingsMadeAt) await makeShippings(client, c);
  const slots: Slot[] = c.messages
    .map((message, i) => ({ message: message ?? "", confirmation: c.confirmations[i] ?? "" }))
    .filter((slot) => slot.message.trim() !== "");
  let sent = 0;
  let sentCount = c.sentCount;
  while (sent < budget) {
    // A contact who answered the confirmation gets the message first; then the next contact not yet asked.
    const confirmed = c.confirmation ? await nextConfirmed(client, c) : undefined;
    const shipping = confirmed ?? (await nextUnsent(client, c, now));
    if (!shipping) {
      const finished = await finishWhenSettled(client, c, now);
      return { sent, changed: settled || finished || sent > 0 };
    }
    if (confirmed) await sendConfirmed(client, c, confirmed);
    else await sendShipping(client, c, shipping, slots, settings.variables);
    sent++;
    sentCount++;
    const pause = pauseAfter(sentCount, settings);
    await client.query("UPDATE campaigns SET sent_count = $3, next_send_at = $4 WHERE id = $1 AND company_id = $2", [
      c.id,
      c.companyId,
      sentCount,
      new Date(now.getTime() + pause),
    ]);
    if (pause > 0) return { sent, changed: true };
  }
  return { sent, changed: true };
}

type Shipping = { id: number; number: string; message: string; itemId: number | null };
const SHIPPING_COLUMNS = `id, number, message, contact_list_item_id AS "itemId"`;

/**
 * The next contact not yet sent to. On WhatsApp by QR code a list item goes only once WhatsApp said it is on it
 * (the worker's number check, campaign-number-check.ts; decision 0120): an unchecked one waits for the check.
 */
async function nextUnsent(client: pg.ClientBase, c: Running, now: Date): Promise<Shipping | undefined> {
  const { rows } = await client.query<Shipping>(
    `SELECT ${SHIPPING_COLUMNS} FROM campaign_shippings s
     WHERE company_id = $1 AND campaign_id = $2 AND message_id IS NULL AND confirmation_requested_at IS NULL
       AND failed_at IS NULL AND delivered_at IS NULL
       AND (NOT $3::boolean OR contact_list_item_id IS NULL OR EXISTS (SELECT 1 FROM contact_list_items i
         WHERE i.company_id = s.company_id AND i.id = s.contact_list_item_id AND i.whatsapp_checked_at >= $4))
     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [c.companyId, c.id, c.channel === "whatsapp", new Date(now.getTime() - NUMBER_CHECK_VALID_MS)],
  );
  return rows[0];
}

/** A contact asked to confirm who has written since: the message may go. */
async function nextConfirmed(client: pg.ClientBase, c: Running): Promise<Shipping | undefined> {
  const { rows } = await client.query<Shipping>(
    `SELECT s.id, s.number, s.message, s.contact_list_item_id AS "itemId" FROM campaign_shippings s
     WHERE s.company_id = $1 AND s.campaign_id = $2 AND s.confirmation_requested_at IS NOT NULL
       AND s.message_id IS NULL AND s.failed_at IS NULL
       AND EXISTS (SELECT 1 FROM contacts ct JOIN messages m ON m.contact_id = ct.id AND m.company_id = ct.company_id
         WHERE ct.company_id = s.company_id AND ct.number = s.number AND NOT m.from_me
           AND m.created_at > s.confirmation_requested_at)
     ORDER BY s.id LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
    [c.companyId, c.id],
  );
  return rows[0];
}

/** The audience as one shipping record per number: the list's items not refused by WhatsApp, or the tag's contacts. */
async function makeShippings(client: pg.ClientBase, c: Running): Promise<void> {
  if (c.contactListId !== null) {
    await client.query(
      `INSERT INTO campaign_shippings (company_id, campaign_id, contact_list_item_id, number)
       SELECT $1, $2, i.id, i.number FROM contact_list_items i
       WHERE i.company_id = $1 AND i.contact_list_id = $3 AND i.is_whatsapp_valid ORDER BY i.id
       ON CONFLICT (company_id, campaign_id, number) DO NOTHING`,
      [c.companyId, c.id, c.contactListId],
    );
  } else if (c.tagListId !== null) {
    await client.query(
      `INSERT INTO campaign_shippings (company_id, campaign_id, number)
       SELECT $1, $2, ct.number FROM contact_tags t JOIN contacts ct ON ct.id = t.contact_id AND ct.company_id = t.company_id
       WHERE t.company_id = $1 AND t.tag_id = $3 AND NOT ct.is_group ORDER BY ct.id
       ON CONFLICT (company_id, campaign_id, number) DO NOTHING`,
      [c.companyId, c.id, c.tagListId],
    );
  }
  await client.query("UPDATE campaigns SET shippings_made_at = now() WHERE id = $1 AND company_id = $2", [
    c.id,
    c.companyId,
  ]);
}

/** Campaigns that ended lately: a failure Meta reports after the end still fails the shipping and marks the item. */
async function settleLateOutcomes(client: pg.ClientBase, now: Date): Promise<void> {
  const { rows } = await client.query<{ id: number; companyId: number }>(
    `/* all-companies: the timed sender settles every company's lately ended campaigns */
     SELECT id, company_id AS "companyId" FROM campaigns WHERE status = 'FINALIZADA' AND completed_at > $1`,
    [new Date(now.getTime() - LATE_OUTCOMES_MS)],
  );
  for (const c of rows) {
    if (await settleOutcomes(client, c)) await recordChanges(client, [listChanged(c.companyId, "campaigns")]);
  }
}

/**
 * Sent messages mark their shipping delivered; refused ones failed, and a number WhatsApp refuses invalid. A
 * message the platform calls failed after it went out (a Cloud API `failed` status: decision 0120) turns its
 * delivered shipping failed; a failed shipping is never marked delivered again (its sent message does not undo a
 * confirmation that failed after it).
 */
async function settleOutcomes(client: pg.ClientBase, c: Pick<Running, "id" | "companyId">): Promise<boolean> {
  const delivered = await client.query(
    `UPDATE campaign_shippings s SET delivered_at = m.updated_at, updated_at = now()
     FROM messages m WHERE m.id = s.message_id AND m.company_id = s.company_id
       AND s.company_id = $1 AND s.campaign_id = $2 AND s.delivered_at IS NULL AND s.failed_at IS NULL
       AND m.send_state = 'sent'`,
    [c.companyId, c.id],
  );
  const failed = await client.query<{ itemId: number | null; code: string | null }>(
    `UPDATE campaign_shippings s SET failed_at = now(), delivered_at = NULL, error = m.error_code, updated_at = now()
     FROM messages m WHERE m.id IN (s.message_id, s.confirmation_message_id) AND m.company_id = s.company_id
       AND s.company_id = $1 AND s.campaign_id = $2 AND s.failed_at IS NULL
       AND m.send_state = 'failed'
     RETURNING s.contact_list_item_id AS "itemId", m.error_code AS code`,
    [c.companyId, c.id],
  );
  const invalid = failed.rows.filter((r) => r.code === INVALID_NUMBER_CODE && r.itemId !== null).map((r) => r.itemId);
  if (invalid.length > 0) {
    await client.query(
      "UPDATE contact_list_items SET is_whatsapp_valid = false, updated_at = now() WHERE company_id = $1 AND id = ANY($2::int[])",
      [c.companyId, invalid],
    );
    await recordChanges(client, [listChanged(c.companyId, "contactListItems")]);
  }
  return (delivered.rowCount ?? 0) + failed.rows.length > 0;
}

/** Every contact sent to and every outcome known: FINALIZADA. Else look again soon. */
async function finishWhenSettled(client: pg.ClientBase, c: Running, now: Date): Promise<boolean> {
  const { rows } = await client.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM campaign_shippings
     WHERE company_id = $1 AND campaign_id = $2 AND delivered_at IS NULL AND failed_at IS NULL`,
    [c.companyId, c.id],
  );
  if (rows[0]!.open === 0) {
    await client.query(
      `UPDATE campaigns SET status = 'FINALIZADA', completed_at = now(), next_send_at = NULL, updated_at = now()
       WHERE id = $1 AND company_id = $2`,
      [c.id, c.companyId],
    );
    return true;
  }
  await client.query("UPDATE campaigns SET next_send_at = $3 WHERE id = $1 AND company_id = $2", [
    c.id,
    c.companyId,
    new Date(now.getTime() + OUTCOME_RECHECK_MS),
  ]);
  return false;
}

/**
 * One contact's turn: one of the messages drawn at random, its variables filled. With confirmation (and a
 * confirmation text for that message) the confirmation goes first and the message waits for the reply (stored
 * already written); otherwise the message goes now.
 */
async function sendShipping(
  client: pg.ClientBase,
  c: Running,
  s: Shipping,
  slots: Slot[],
  variables: CampaignVariable[],
): Promise<void> {
  if (slots.length === 0 && !c.mediaPath) {
    // Nothing to send (every message empty, no attachment): the contact is not messaged.
    await client.query(
      "UPDATE campaign_shippings SET failed_at = now(), error = 'No message', updated_at = now() WHERE id = $1 AND company_id = $2",
      [s.id, c.companyId],
    );
    return;
  }
  const to = await destination(client, c, s);
  if (!to) return;
  const slot = slots.length > 0 ? slots[Math.floor(Math.random() * slots.length)]! : { message: "", confirmation: "" };
  const fill = (text: string) =>
    renderCampaignMessage(text, { name: to.name, number: s.number, email: to.email }, variables);
  const message = fill(slot.message);
  if (c.confirmation && slot.confirmation.trim() !== "") {
    const confirmation = fill(slot.confirmation);
    const id = await queueMessage(client, c, to, confirmation, false);
    await client.query(
      `UPDATE campaign_shippings SET confirmation = true, confirmation_message = $3, message = $4,
         confirmation_message_id = $5, confirmation_requested_at = now(), updated_at = now()
       WHERE id = $1 AND company_id = $2`,
      [s.id, c.companyId, confirmation, message, id],
    );
    return;
  }
  const id = await queueMessage(client, c, to, message, true);
  await client.query(
    "UPDATE campaign_shippings SET message_id = $3, message = $4, updated_at = now() WHERE id = $1 AND company_id = $2",
    [s.id, c.companyId, id, message],
  );
}

/** The contact answered the confirmation: the message written when it was asked goes now. */
async function sendConfirmed(client: pg.ClientBase, c: Running, s: Shipping): Promise<void> {
  const to = await destination(client, c, s);
  if (!to) return;
  const id = await queueMessage(client, c, to, s.message, true);
  await client.query(
    `UPDATE campaign_shippings SET message_id = $3, confirmed_at = now(), updated_at = now()
     WHERE id = $1 AND company_id = $2`,
    [s.id, c.companyId, id],
  );
}
