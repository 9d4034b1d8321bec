// Use cases: the contact drawer's switches. PUT /contacts/toggleAcceptAudio/{id}
// flips whether the contact may send audio; PUT /contacts/toggleDisableBot/{id}
// flips disableBot (a contact with it is never answered by the chatbot or a flow).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { contactNotFound } from "../kernel/errors.ts";
import { authorizeContacts } from "./contact-policy.ts";

/** The switchable columns; the name is interpolated into SQL, so only these. */
type Flag = "accept_audio_message" | "disable_bot";

/** Flips the flag; returns its new value. */
async function toggleFlag(client: pg.ClientBase, actor: Actor, contactId: number, flag: Flag): Promise<boolean> {
  authorizeContacts(actor, "update");
  const { rows } = await client.query<{ value: boolean }>(
    `UPDATE contacts SET ${flag} = NOT ${flag}, updated_at = now()
     WHERE id = $1 AND company_id = $2 RETURNING ${flag} AS value`,
    [contactId, actor.companyId],
  );
  if (!rows[0]) throw contactNotFound();
  await recordChanges(client, [{ companyId: actor.companyId, entity: "contacts", id: contactId }]);
  return rows[0].value;
}

export const toggleAcceptAudio = (client: pg.ClientBase, actor: Actor, contactId: number) =>
  toggleFlag(client, actor, contactId, "accept_audio_message");

export const toggleDisableBot = (client: pg.ClientBase, actor: Actor, contactId: number) =>
  toggleFlag(client, actor, contactId, "disable_bot");
