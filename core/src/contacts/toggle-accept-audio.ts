// Use case: the drawer's accept-audio switch (PUT /contacts/toggleAcceptAudio/{id}).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../sync/change-log.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { contactNotFound } from "./contact-queries.ts";

/** Flips whether the contact may send audio; returns the new value. */
export async function toggleAcceptAudio(client: pg.ClientBase, actor: Actor, contactId: number): Promise<boolean> {
  authorizeContacts(actor, "update");
  const { rows } = await client.query<{ value: boolean }>(
    `UPDATE contacts SET accept_audio_message = NOT accept_audio_message, updated_at = now()
     WHERE id = $1 AND company_id = $2 RETURNING accept_audio_message AS value`,
    [contactId, actor.companyId],
  );
  if (!rows[0]) throw contactNotFound();
  await recordChanges(client, [{ companyId: actor.companyId, entity: "contacts", id: contactId }]);
  return rows[0].value;
}
