// Use case: one row of the spreadsheet import screen (POST /contactsImport).
// The screen sends rows one by one and counts created and ignored itself: a
// number the company already has answers 409 ERR_DUPLICATED_CONTACT.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TImportContactRequest } from "../contract/contacts.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { duplicatedContact, whatsappInvalidContact } from "../kernel/errors.ts";
import { getCompanySetting, isOn } from "../settings/company-settings.ts";
import { checkContactNumber } from "./contact-number-check.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { addContactTags, findOrCreateTagsByName } from "./tag-queries.ts";

/**
 * What validateContact checks: core holds no channel session to ask WhatsApp,
 * so it checks the shape of an international number (country code, area code,
 * number: 10 to 15 digits, E.164's maximum). docs/decisions/0011-contacts.md.
 */
export const isPlausiblePhoneNumber = (digits: string) => /^[1-9]\d{9,14}$/.test(digits);

/**
 * validateContact's check, before the row's transaction: the number's shape, then WhatsApp itself through the
 * company's connected WhatsApp-by-QR connection when it has one (decision 0122): not on WhatsApp answers
 * ERR_WAPP_INVALID_CONTACT, no answer from the connection ERR_WAPP_CHECK_CONTACT.
 */
export async function checkImportedNumber(pool: pg.Pool, actor: Actor, input: TImportContactRequest): Promise<void> {
  if (!(input.validateContact === true || input.validateContact === "true")) return;
  authorizeContacts(actor, "import");
  if (!isPlausiblePhoneNumber(input.number)) throw whatsappInvalidContact({ number: "Not a valid WhatsApp number" });
  await checkContactNumber(pool, actor.companyId, input.number);
}

/** Returns the new contact's id. */
export async function importContact(
  client: pg.ClientBase,
  actor: Actor,
  input: TImportContactRequest,
): Promise<number> {
  authorizeContacts(actor, "import");
  const companyId = actor.companyId;
  const validate = input.validateContact === true || input.validateContact === "true";
  if (validate && !isPlausiblePhoneNumber(input.number)) {
    throw whatsappInvalidContact({ number: "Not a valid WhatsApp number" });
  }
  const acceptAudio = isOn(await getCompanySetting(client, companyId, "acceptAudioMessageContact"));
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO contacts (company_id, name, number, email, accept_audio_message) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (company_id, number) DO NOTHING RETURNING id`,
    [companyId, input.name, input.number, input.email, acceptAudio],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw duplicatedContact();
  // Inline tags need 3 characters (spec 1 §5); shorter names are dropped.
  const names = input.tags.filter((t) => t.length >= 3);
  const tags = await findOrCreateTagsByName(client, companyId, names);
  await addContactTags(
    client,
    companyId,
    tags.map((t) => ({ contactId: id, tagId: t.id })),
  );
  await recordChanges(client, [{ companyId, entity: "contacts", id }]);
  return id;
}
