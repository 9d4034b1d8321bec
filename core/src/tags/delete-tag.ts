// Use case: a tag is deleted (DELETE /tags/{id}), on the company EntityManager (decision 0028); it leaves every
// contact and ticket that carried it (foreign keys cascade), and those are re-announced.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { companyEm } from "../db/company-em.ts";
import { Tag } from "../db/entities/contacts.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { tagNotFound } from "../kernel/errors.ts";
import { tagHolders } from "./tag-holders.ts";

export async function deleteTag(client: pg.ClientBase, actor: Actor, tagId: number): Promise<void> {
  const holders = await tagHolders(client, actor.companyId, tagId);
  const deleted = await companyEm(client, actor.companyId).nativeDelete(Tag, { id: tagId });
  if (deleted === 0) throw tagNotFound();
  await recordChanges(client, [...holders, listChanged(actor.companyId, "tags")]);
}
