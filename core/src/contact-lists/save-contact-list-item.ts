// Use cases: an admin adds, edits or deletes an item of a contact list (POST, PUT, DELETE /contact-list-items),
// on the company EntityManager (decision 0028). A number appears at most once per list (the database judges).
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { authorizeCampaigns, contactListItemNotFound } from "../campaigns/campaign-policy.ts";
import type {
  ContactListItemDTO,
  TCreateContactListItemRequest,
  TUpdateContactListItemRequest,
} from "../contract/contact-lists.ts";
import { companyEm } from "../db/company-em.ts";
import { ContactListItem } from "../db/entities/contact-lists.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { invalidInput } from "../kernel/errors.ts";
import { loadContactList, loadContactListItem } from "./contact-list-queries.ts";

const numberTaken = (err: unknown) =>
  uniqueViolation(err) === "contact_list_items_list_number"
    ? invalidInput("Number already in the list", "number")
    : err;

const itemsChanged = (companyId: number) => [
  listChanged(companyId, "contactListItems"),
  // The lists page shows each list's count.
  listChanged(companyId, "contactLists"),
];

export async function createContactListItem(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateContactListItemRequest,
): Promise<ContactListItemDTO> {
  await authorizeCampaigns(client, actor);
  await loadContactList(client, actor.companyId, input.contactListId);
  const em = companyEm(client, actor.companyId);
  const item = em.create(ContactListItem, {
    companyId: actor.companyId,
    contactListId: input.contactListId,
    name: input.name,
    number: input.number,
    email: input.email,
    isWhatsappValid: true,
  });
  await em.flush().catch((err) => {
    throw numberTaken(err);
  });
  await recordChanges(client, itemsChanged(actor.companyId));
  return loadContactListItem(client, actor.companyId, item.id);
}

export async function updateContactListItem(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdateContactListItemRequest,
): Promise<ContactListItemDTO> {
  await authorizeCampaigns(client, actor);
  const before = await loadContactListItem(client, actor.companyId, id);
  // A new number has not been refused by WhatsApp yet, nor asked about (decisions 0076, 0120).
  const sameNumber = before.number === input.number;
  const isWhatsappValid = sameNumber ? before.isWhatsappValid : true;
  const changed = await companyEm(client, actor.companyId)
    .nativeUpdate(
      ContactListItem,
      { id },
      {
        name: input.name,
        number: input.number,
        email: input.email,
        isWhatsappValid,
        ...(sameNumber ? {} : { whatsappCheckedAt: null }),
        updatedAt: raw("now()"),
      },
    )
    .catch((err) => {
      throw numberTaken(err);
    });
  if (changed === 0) throw contactListItemNotFound();
  await recordChanges(client, itemsChanged(actor.companyId));
  return loadContactListItem(client, actor.companyId, id);
}

export async function deleteContactListItem(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  await authorizeCampaigns(client, actor);
  const deleted = await companyEm(client, actor.companyId).nativeDelete(ContactListItem, { id });
  if (deleted === 0) throw contactListItemNotFound();
  await recordChanges(client, itemsChanged(actor.companyId));
}
