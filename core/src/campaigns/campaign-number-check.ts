// A WhatsApp-by-QR campaign's number check (spec 3 §2, §3 ContactListItem.isWhatsappValid; decision 0120): the
// channel worker holding the connection's socket asks WhatsApp (Baileys' onWhatsApp) about the list items its
// running campaigns are about to send to, and answers here. An item not on WhatsApp is marked invalid (the list's
// icon, out of the report's denominator) and its shippings not yet sent fail with ERR_WAPP_INVALID_CONTACT, so it
// is never sent to; the sender (send-due-campaigns.ts) sends to an item of such a campaign only once it is checked.
import type pg from "pg";
import { listChanged, recordChanges } from "../kernel/change-log.ts";

/** An answer stays good this long; a list item asked longer ago is asked again (numbers join WhatsApp). */
export const NUMBER_CHECK_VALID_MS = 30 * 24 * 60 * 60 * 1000;
/** The error a shipping to a number not on WhatsApp fails with (as a channel's refusal, send-due-campaigns.ts). */
export const NOT_ON_WHATSAPP = "ERR_WAPP_INVALID_CONTACT";

export type NumberToCheck = { itemId: number; number: string };

/**
 * Up to `limit` list items the connection's running campaigns have still to send to, valid and not asked about
 * since `checkedSince`, lowest id first (the sender's order).
 */
export async function numbersToCheck(
  client: pg.ClientBase | pg.Pool,
  connection: { companyId: number; whatsappId: number },
  limit: number,
  now = new Date(),
): Promise<NumberToCheck[]> {
  const { rows } = await client.query<NumberToCheck>(
    `SELECT DISTINCT i.id AS "itemId", i.number FROM campaigns c
     JOIN campaign_shippings s ON s.company_id = c.company_id AND s.campaign_id = c.id
     JOIN contact_list_items i ON i.company_id = s.company_id AND i.id = s.contact_list_item_id
     WHERE c.company_id = $1 AND c.whatsapp_id = $2 AND c.status = 'EM_ANDAMENTO'
       AND s.message_id IS NULL AND s.confirmation_requested_at IS NULL AND s.failed_at IS NULL
       AND i.is_whatsapp_valid AND (i.whatsapp_checked_at IS NULL OR i.whatsapp_checked_at < $3)
     ORDER BY i.id LIMIT $4`,
    [connection.companyId, connection.whatsappId, new Date(now.getTime() - NUMBER_CHECK_VALID_MS), limit],
  );
  return rows;
}

/** WhatsApp's answers: every item asked is checked now; those not on WhatsApp invalid, their open shippings failed. */
export async function recordNumberCheck(
  client: pg.ClientBase,
  companyId: number,
  answers: { itemId: number; onWhatsapp: boolean }[],
): Promise<void> {
  if (answers.length === 0) return;
  const invalid = answers.filter((a) => !a.onWhatsapp).map((a) => a.itemId);
  await client.query(
    `UPDATE contact_list_items SET whatsapp_checked_at = now(), is_whatsapp_valid = NOT (id = ANY($3::int[])),
       updated_at = now()
     WHERE company_id = $1 AND id = ANY($2::int[])`,
    [companyId, answers.map((a) => a.itemId), invalid],
  );
  if (invalid.length === 0) return;
  await client.query(
    `UPDATE campaign_shippings SET failed_at = now(), error = $3, updated_at = now()
     WHERE company_id = $1 AND contact_list_item_id = ANY($2::int[]) AND message_id IS NULL
       AND confirmation_requested_at IS NULL AND failed_at IS NULL`,
    [companyId, invalid, NOT_ON_WHATSAPP],
  );
  await recordChanges(client, [listChanged(companyId, "contactListItems"), listChanged(companyId, "campaigns")]);
}
