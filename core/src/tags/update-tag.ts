// Use case: a tag is renamed, recoloured or made a kanban lane (PUT /tags/{id}), on the company EntityManager
// (decision 0028). Contacts and tickets carrying it are re-announced so replicas show the change.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TagDTO, TUpdateTagRequest } from "../contract/contacts.ts";
import { companyEm } from "../db/company-em.ts";
import { Tag } from "../db/entities/contacts.ts";
import { recordChanges } from "../sync/change-log.ts";
import { assertTagNameFree, tagNameConflict } from "./create-tag.ts";
import { findTag, tagAnswer } from "./find-tag.ts";
import { tagHolders } from "./tag-holders.ts";

export async function updateTag(
  client: pg.ClientBase,
  actor: Actor,
  tagId: number,
  input: TUpdateTagRequest,
): Promise<TagDTO> {
  const em = companyEm(client, actor.companyId);
  const tag = await findTag(em, tagId, { lock: true });
  if (input.name !== undefined) await assertTagNameFree(em, input.name, tagId);
  const changed = {
    name: input.name ?? tag.name,
    color: input.color ?? tag.color,
    kanban: input.kanban ?? tag.kanban,
  };
  // nativeUpdate, not a flush: its WHERE carries the company filter (a flush's names only the id).
  await em.nativeUpdate(Tag, { id: tagId }, { ...changed, updatedAt: raw("now()") }).catch((err) => {
    throw tagNameConflict(err);
  });
  await recordChanges(client, await tagHolders(client, actor.companyId, tagId));
  return tagAnswer({ id: tagId, ...changed });
}
