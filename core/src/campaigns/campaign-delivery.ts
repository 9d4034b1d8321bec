// Where a campaign's message goes and how it is queued (decision 0076): the contact found or made by number, the
// ticket chosen as a schedule's is, and the outbound message queued on it (sent once by the outbound path).
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { mediaTypeOfMime, mimeOfFileName, parseMediaUrl } from "../media/media-store.ts";
import { customerWindowRefusal } from "../tickets/customer-window.ts";
import { ticketForOutbound } from "../tickets/ticket-for-outbound.ts";

/** What of a running campaign the delivery reads. */
export type CampaignSend = {
  id: number;
  companyId: number;
  whatsappId: number | null;
  userId: number | null;
  queueId: number | null;
  openTicket: string;
  statusTicket: string;
  mediaPath: string | null;
};

/** Where a contact's messages go: its contact (made from the list item) and ticket; undefined when it cannot. */
export async function destination(
  client: pg.ClientBase,
  c: CampaignSend,
  s: { id: number; number: string; itemId: number | null },
): Promise<{ contactId: number; whatsappId: number; name: string; email: string } | undefined> {
  const fail = (reason: string) =>
    client.query(
      "UPDATE campaign_shippings SET failed_at = now(), error = $3, updated_at = now() WHERE id = $1 AND company_id = $2",
      [s.id, c.companyId, reason],
    );
  const connection = await client.query<{ id: number; channel: string }>(
    "SELECT id, channel FROM whatsapps WHERE company_id = $1 AND id = $2",
    [c.companyId, c.whatsappId],
  );
  const whatsapp = connection.rows[0];
  if (!whatsapp) return void (await fail("No connection to send through"));
  const item = s.itemId
    ? (
        await client.query<{ name: string; email: string }>(
          "SELECT name, email FROM contact_list_items WHERE company_id = $1 AND id = $2",
          [c.companyId, s.itemId],
        )
      ).rows[0]
    : undefined;
  const contactId = await contactFor(
    client,
    c.companyId,
    s.number,
    item?.name ?? s.number,
    item?.email ?? "",
    whatsapp,
  );
  const contact = (
    await client.query<{ name: string; email: string; active: boolean }>(
      "SELECT name, email, active FROM contacts WHERE company_id = $1 AND id = $2",
      [c.companyId, contactId],
    )
  ).rows[0]!;
  if (!contact.active) return void (await fail("Contato bloqueado"));
  return { contactId, whatsappId: whatsapp.id, name: item?.name ?? contact.name, email: item?.email ?? contact.email };
}

/**
 * A queued outbound message on the contact's ticket (the attachment with the campaign's message, not its
 * confirmation). Past the 24-hour window of Meta's channels it is stored failed with the window's code instead
 * (decision 0116): the shipping then fails with that code when the campaign's next turn settles its outcomes.
 */
export async function queueMessage(
  client: pg.ClientBase,
  c: CampaignSend,
  to: { contactId: number; whatsappId: number },
  body: string,
  withMedia: boolean,
): Promise<string> {
  const changes: Change[] = [];
  const ticket = await ticketFor(client, c, to.contactId, to.whatsappId, changes);
  const media = withMedia && c.mediaPath ? parseMediaUrl(c.mediaPath) : null;
  const mediaType = media ? mediaTypeOfMime(mimeOfFileName(media.fileName)) : "chat";
  const refused = await customerWindowRefusal(client, c.companyId, to, mediaType);
  const id = uuidv7();
  await client.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, body, from_me, read,
       ack, send_state, media_type, media_url, error_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, true, CASE WHEN $11::text IS NULL THEN 0 ELSE -1 END,
       CASE WHEN $11::text IS NULL THEN 'queued' ELSE 'failed' END, $9, $10, $11)`,
    [
      id,
      c.companyId,
      ticket.id,
      to.contactId,
      to.whatsappId,
      c.userId,
      ticket.queueId,
      body,
      mediaType,
      media ? c.mediaPath : null,
      refused,
    ],
  );
  // The preview stays the customer's last message (decision 0089).
  await client.query("UPDATE tickets SET updated_at = now() WHERE id = $1 AND company_id = $2", [
    ticket.id,
    c.companyId,
  ]);
  changes.push(
    { companyId: c.companyId, entity: "messages", id },
    { companyId: c.companyId, entity: "tickets", id: ticket.id },
  );
  await recordChanges(client, changes);
  if (!refused) await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(to.whatsappId)]);
  return id;
}

/** The company's contact with that number, made from the list item when there is none. */
async function contactFor(
  client: pg.ClientBase,
  companyId: number,
  number: string,
  name: string,
  email: string,
  whatsapp: { id: number; channel: string },
): Promise<number> {
  const made = await client.query<{ id: number }>(
    `INSERT INTO contacts (company_id, name, number, email, whatsapp_id, channel) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (company_id, number) DO NOTHING RETURNING id`,
    [companyId, name, number, email, whatsapp.id, whatsapp.channel],
  );
  if (made.rows[0]) {
    await recordChanges(client, [{ companyId, entity: "contacts", id: made.rows[0].id }]);
    return made.rows[0].id;
  }
  const found = await client.query<{ id: number }>("SELECT id FROM contacts WHERE company_id = $1 AND number = $2", [
    companyId,
    number,
  ]);
  return found.rows[0]!.id;
}

/**
 * The ticket the message goes out on (as a schedule's): the contact's ticket in progress on that connection; else,
 * with openTicket enabled, a new ticket with statusTicket, the campaign's queue and (when open) its user; else the
 * contact's latest ticket there, left as it is; else a new closed ticket.
 */
function ticketFor(
  client: pg.ClientBase,
  c: CampaignSend,
  contactId: number,
  whatsappId: number,
  changes: Change[],
): Promise<{ id: number; queueId: number | null }> {
  const open = c.openTicket === "enabled";
  const status = open ? c.statusTicket : "closed";
  const rules = {
    reuseLatest: !open,
    status,
    queueId: open ? c.queueId : null,
    userId: open && status === "open" ? c.userId : null,
    createdBy: c.userId,
  };
  return ticketForOutbound(client, { companyId: c.companyId, contactId, whatsappId }, rules, changes);
}
