// Use case: an admin deletes a contact (DELETE /contacts/{id}, permission
// contacts-page:deleteContact). Its tickets, messages, notes and tags go with it
// (foreign keys cascade); the change log names every replicated row that went,
// so each PWA drops them from its replica.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { Change } from "../kernel/change-log.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { lockContact } from "./contact-queries.ts";

export async function deleteContact(client: pg.ClientBase, actor: Actor, contactId: number): Promise<void> {
  authorizeContacts(actor, "delete");
  const companyId = actor.companyId;
  await lockContact(client, companyId, contactId);
  const tickets = await client.query<{ id: number }>(
    "SELECT id FROM tickets WHERE contact_id = $1 AND company_id = $2",
    [contactId, companyId],
  );
  const ticketIds = tickets.rows.map((t) => t.id);
  const messages = await client.query<{ id: string }>(
    "SELECT id FROM messages WHERE ticket_id = ANY($1::int[]) AND company_id = $2",
    [ticketIds, companyId],
  );
  await client.query("DELETE FROM contacts WHERE id = $1 AND company_id = $2", [contactId, companyId]);
  const changes: Change[] = [
    { companyId, entity: "contacts", id: contactId },
    ...ticketIds.map((id): Change => ({ companyId, entity: "tickets", id })),
    ...messages.rows.map((m): Change => ({ companyId, entity: "messages", id: m.id })),
  ];
  await recordChanges(client, changes);
  // By id only: the number is the customer's personal data, the log is kept for months.
  await recordAudit(client, actor, {
    kind: "contact.delete",
    subjectId: contactId,
    detail: { tickets: ticketIds.length },
  });
}
