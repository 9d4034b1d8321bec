// Use cases: an admin creates, renames or deletes a contact list (POST, PUT, DELETE /contact-lists), on the
// company EntityManager (decision 0028). Deleting a list deletes its items (foreign key cascade).
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { authorizeCampaigns, contactListNotFound } from "../campaigns/campaign-policy.ts";
import type { ContactListDTO, TSaveContactListRequest } from "../contract/contact-lists.ts";
import { companyEm } from "../db/company-em.ts";
import { ContactList } from "../db/entities/contact-lists.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { loadContactList } from "./contact-list-queries.ts";

export async function createContactList(
  client: pg.ClientBase,
  actor: Actor,
  input: TSaveContactListRequest,
): Promise<ContactListDTO> {
  await authorizeCampaigns(client, actor);
  const em = companyEm(client, actor.companyId);
  const list = em.create(ContactList, { companyId: actor.companyId, name: input.name });
  await em.flush();
  await recordChanges(client, [listChanged(actor.companyId, "contactLists")]);
  return loadContactList(client, actor.companyId, list.id);
}

export async function updateContactList(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TSaveContactListRequest,
): Promise<ContactListDTO> {
  await authorizeCampaigns(client, actor);
  const changed = await companyEm(client, actor.companyId).nativeUpdate(
    ContactList,
    { id },
    { name: input.name, updatedAt: raw("now()") },
  );
  if (changed === 0) throw contactListNotFound();
  await recordChanges(client, [listChanged(actor.companyId, "contactLists")]);
  return loadContactList(client, actor.companyId, id);
}

export async function deleteContactList(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  await authorizeCampaigns(client, actor);
  const deleted = await companyEm(client, actor.companyId).nativeDelete(ContactList, { id });
  if (deleted === 0) throw contactListNotFound();
  await recordChanges(client, [
    listChanged(actor.companyId, "contactLists"),
    listChanged(actor.companyId, "contactListItems"),
  ]);
}
