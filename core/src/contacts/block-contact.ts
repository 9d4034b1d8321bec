// Use case: block or unblock a contact (PUT /contacts/block/{id} {active}).
// A blocked contact (active false) gets no new ticket (contact-rules.ts).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { contactNotFound } from "../kernel/errors.ts";
import { authorizeContacts } from "./contact-policy.ts";

export async function blockContact(
  client: pg.ClientBase,
  actor: Actor,
  contactId: number,
  active: boolean,
): Promise<void> {
  authorizeContacts(actor, "block");
  const { rowCount } = await client.query(
    "UPDATE contacts SET active = $3, updated_at = now() WHERE id = $1 AND company_id = $2",
    [contactId, actor.companyId, active],
  );
  if (rowCount === 0) throw contactNotFound();
  await recordChanges(client, [{ companyId: actor.companyId, entity: "contacts", id: contactId }]);
}
