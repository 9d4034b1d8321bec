// Use case: someone edits a contact (PUT /contacts/{id}). Only the fields sent
// change; extraInfo, when sent, is the whole new list.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { type TUpdateContactRequest, ZContactNumberSchema } from "../contract/contacts.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { duplicatedContact, invalidInput, ValidationError } from "../kernel/errors.ts";
import { maskNumber } from "../presenters/mask-number.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { assignExtraInfoIds, connectionChannel } from "./contact-fields.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { isDuplicateNumber, lockContact } from "./contact-queries.ts";

export async function updateContact(
  client: pg.ClientBase,
  actor: Actor,
  contactId: number,
  input: TUpdateContactRequest,
): Promise<void> {
  authorizeContacts(actor, "update");
  const companyId = actor.companyId;
  const current = await lockContact(client, companyId, contactId);
  const sets: string[] = [];
  const params: unknown[] = [contactId, companyId];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (input.name !== undefined) set("name", input.name);
  if (input.email !== undefined) set("email", input.email);
  const number = await newNumber(client, actor, current, input.number);
  if (number !== undefined) set("number", number);
  if (input.extraInfo !== undefined)
    set("extra_info", JSON.stringify(assignExtraInfoIds(current.extraInfo, input.extraInfo)));
  if (input.whatsappId !== undefined) {
    set("whatsapp_id", input.whatsappId);
    if (input.whatsappId !== null) set("channel", await connectionChannel(client, companyId, input.whatsappId));
  }
  if (input.acceptAudioMessage !== undefined) set("accept_audio_message", input.acceptAudioMessage);
  if (input.disableBot !== undefined) set("disable_bot", input.disableBot);
  if (sets.length === 0) return;
  await client.query("SAVEPOINT update_contact");
  try {
    await client.query(
      `UPDATE contacts SET ${sets.join(", ")}, updated_at = now() WHERE id = $1 AND company_id = $2`,
      params,
    );
  } catch (err) {
    if (!isDuplicateNumber(err)) throw err;
    await client.query("ROLLBACK TO SAVEPOINT update_contact");
    throw duplicatedContact();
  }
  await client.query("RELEASE SAVEPOINT update_contact");
  await recordChanges(client, [{ companyId, entity: "contacts", id: contactId }]);
}

/**
 * The number to store, or undefined to keep the current one. A form sends back
 * what it was shown: the current number, or for a caller who sees numbers
 * masked its masked form; either means "unchanged".
 */
async function newNumber(
  client: pg.ClientBase,
  actor: Actor,
  current: { number: string; isGroup: boolean },
  sent: string | undefined,
): Promise<string | undefined> {
  if (sent === undefined || sent.trim() === current.number) return undefined;
  const hidden = !current.isGroup && (await loadViewer(client, actor)).hideNumbers;
  if (hidden && sent.trim() === maskNumber(current.number)) return undefined;
  const parsed = ZContactNumberSchema.safeParse(sent);
  if (!parsed.success) {
    const err = ValidationError(parsed.error);
    throw invalidInput(err.message, "number");
  }
  return parsed.data === current.number ? undefined : parsed.data;
}
