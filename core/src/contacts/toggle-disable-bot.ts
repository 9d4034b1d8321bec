// Use case: the drawer's chatbot switch (PUT /contacts/toggleDisableBot/{id}):
// a contact with disableBot is never answered by the chatbot or a flow.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../sync/change-log.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { contactNotFound } from "./contact-queries.ts";

/** Flips disableBot; returns the new value. */
export async function toggleDisableBot(client: pg.ClientBase, actor: Actor, contactId: number): Promise<boolean> {
  authorizeContacts(actor, "update");
  const { rows } = await client.query<{ value: boolean }>(
    `UPDATE contacts SET disable_bot = NOT disable_bot, updated_at = now()
     WHERE id = $1 AND company_id = $2 RETURNING disable_bot AS value`,
    [contactId, actor.companyId],
  );
  if (!rows[0]) throw contactNotFound();
  await recordChanges(client, [{ companyId: actor.companyId, entity: "contacts", id: contactId }]);
  return rows[0].value;
}
