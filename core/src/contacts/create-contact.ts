// Use case: someone adds a contact by hand (POST /contacts). The number is
// unique in the company: a second one answers 409 ERR_DUPLICATED_CONTACT.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TCreateContactRequest } from "../contract/contacts.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { duplicatedContact } from "../kernel/errors.ts";
import { getCompanySetting, isOn } from "../settings/company-settings.ts";
import { assignExtraInfoIds, connectionChannel } from "./contact-fields.ts";
import { authorizeContacts } from "./contact-policy.ts";

/** Returns the new contact's id. */
export async function createContact(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateContactRequest,
): Promise<number> {
  authorizeContacts(actor, "create");
  const companyId = actor.companyId;
  const whatsappId = input.whatsappId ?? null;
  const channel = whatsappId ? await connectionChannel(client, companyId, whatsappId) : "whatsapp";
  // Spec 3 company setting: new contacts accept audio unless the company says otherwise.
  const acceptAudio =
    input.acceptAudioMessage ?? isOn(await getCompanySetting(client, companyId, "acceptAudioMessageContact"));
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO contacts (company_id, name, number, email, extra_info, whatsapp_id, channel, accept_audio_message,
       disable_bot)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (company_id, number) DO NOTHING RETURNING id`,
    [
      companyId,
      input.name,
      input.number,
      input.email,
      JSON.stringify(assignExtraInfoIds([], input.extraInfo)),
      whatsappId,
      channel,
      acceptAudio,
      input.disableBot ?? false,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw duplicatedContact();
  await recordChanges(client, [{ companyId, entity: "contacts", id }]);
  return id;
}
