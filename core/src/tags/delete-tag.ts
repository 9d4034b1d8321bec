// Use case: a tag is deleted (DELETE /tags/{id}), on the company EntityManager (decision 0028); it leaves every
// contact and ticket that carried it (foreign keys cascade), and those are re-announced.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { companyEm } from "../db/company-em.ts";
import { Tag } from "../db/entities/contacts.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { tagNotFound } from "../kernel/errors.ts";
import { tagHolders } from "./tag-holders.ts";

export async function deleteTag(client: pg.ClientBase, actor: Actor, tagId: number): Promise<void> {
  const holders = await tagHolders(client, actor.companyId, tagId);
  const em = companyEm(client, actor.companyId);
  const tag = await em.findOne(Tag, { id: tagId }, { fields: ["name"] });
  const deleted = await em.nativeDelete(Tag, { id: tagId });
  if (deleted === 0) throw tagNotFound();
  await recordChanges(client, [...holders, listChanged(actor.companyId, "tags")]);
  await recordAudit(client, actor, { kind: "tag.delete", subjectId: tagId, subject: tag?.name ?? "" });
}
