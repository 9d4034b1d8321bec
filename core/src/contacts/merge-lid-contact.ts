// A WhatsApp customer seen once by LID ("<lid>@lid") and once by phone number is one person (decision 0049):
// when the channel tells the mapping, the LID contact becomes the phone number's contact. With no contact under
// the number yet, the LID contact is renamed; with both, the LID contact's tickets, messages and schedules move to
// the number's contact (an open ticket on a connection where the number's contact has one too pours its messages
// into that one and is closed), and the LID contact is deleted.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";

export async function mergeLidContact(
  client: pg.ClientBase,
  companyId: number,
  lidNumber: string,
  pnNumber: string,
): Promise<Change[]> {
  const changes: Change[] = [];
  const { rows } = await client.query<{ id: number; number: string }>(
    "SELECT id, number FROM contacts WHERE company_id = $1 AND number = ANY($2::text[]) ORDER BY id FOR UPDATE",
    [companyId, [lidNumber, pnNumber]],
  );
  const lid = rows.find((r) => r.number === lidNumber);
  const pn = rows.find((r) => r.number === pnNumber);
  if (!lid) return changes;
  if (!pn) {
    await client.query("UPDATE contacts SET number = $3, updated_at = now() WHERE company_id = $1 AND id = $2", [
      companyId,
      lid.id,
      pnNumber,
    ]);
    changes.push({ companyId, entity: "contacts", id: lid.id });
    return changes;
  }
  // Open tickets of both on one connection: the number's ticket takes the LID ticket's messages.
  const pairs = await client.query<{ from_id: number; to_id: number }>(
    `SELECT l.id AS from_id, p.id AS to_id FROM tickets l
     JOIN tickets p ON p.company_id = l.company_id AND p.whatsapp_id = l.whatsapp_id AND p.contact_id = $3
       AND p.status <> 'closed'
     WHERE l.company_id = $1 AND l.contact_id = $2 AND l.status <> 'closed' ORDER BY l.id FOR UPDATE OF l, p`,
    [companyId, lid.id, pn.id],
  );
  for (const { from_id, to_id } of pairs.rows) {
    const moved = await client.query<{ id: string }>(
      "UPDATE messages SET ticket_id = $3, contact_id = $4, updated_at = now() WHERE company_id = $1 AND ticket_id = $2 RETURNING id",
      [companyId, from_id, to_id, pn.id],
    );
    for (const m of moved.rows) changes.push({ companyId, entity: "messages", id: m.id });
    await client.query(
      `UPDATE tickets SET unread_messages = unread_messages + (SELECT unread_messages FROM tickets WHERE company_id = $1 AND id = $2),
         updated_at = now() WHERE company_id = $1 AND id = $3`,
      [companyId, from_id, to_id],
    );
    await client.query(
      "UPDATE tickets SET status = 'closed', unread_messages = 0, updated_at = now() WHERE company_id = $1 AND id = $2",
      [companyId, from_id],
    );
    changes.push({ companyId, entity: "tickets", id: to_id });
  }
  const tickets = await client.query<{ id: number }>(
    "UPDATE tickets SET contact_id = $3, updated_at = now() WHERE company_id = $1 AND contact_id = $2 RETURNING id",
    [companyId, lid.id, pn.id],
  );
  for (const t of tickets.rows) changes.push({ companyId, entity: "tickets", id: t.id });
  const messages = await client.query<{ id: string }>(
    "UPDATE messages SET contact_id = $3, updated_at = now() WHERE company_id = $1 AND contact_id = $2 RETURNING id",
    [companyId, lid.id, pn.id],
  );
  for (const m of messages.rows) changes.push({ companyId, entity: "messages", id: m.id });
  await client.query("UPDATE schedules SET contact_id = $3 WHERE company_id = $1 AND contact_id = $2", [
    companyId,
    lid.id,
    pn.id,
  ]);
  await client.query("DELETE FROM contacts WHERE company_id = $1 AND id = $2", [companyId, lid.id]);
  changes.push({ companyId, entity: "contacts", id: lid.id });
  return changes;
}
