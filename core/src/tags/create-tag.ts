// Use case: a tag is created (POST /tags, and the sync push's createTag), inline from a picker or on the tags
// page. Names are unique in the company, whatever their case. Runs on the company EntityManager (decision 0028).
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TagDTO, TCreateTagRequest } from "../contract/contacts.ts";
import { companyEm, type EntityManager } from "../db/company-em.ts";
import { Tag } from "../db/entities/contacts.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { tagAlreadyExists } from "../http/errors.ts";
import { tagAnswer } from "./find-tag.ts";
import { randomTagColor } from "./tag-queries.ts";

/** No code of spec 1 §8 names it: ERR_TAG_ALREADY_EXISTS (409) with the field (decision 0018). */
export const duplicatedTag = () => tagAlreadyExists();

/** Refuses a name another tag of the company has, compared case-insensitively as the database does. */
export async function assertTagNameFree(em: EntityManager, name: string, exceptId?: number): Promise<void> {
  const sameName = raw((alias: string) => `lower(${alias}.name) = lower(?)`, [name]);
  if ((await em.count(Tag, { [sameName]: [], id: { $ne: exceptId ?? 0 } })) > 0) throw duplicatedTag();
}

/** The database's own judgement of a name taken meanwhile (the unique key is on the exact name). */
export function tagNameConflict(err: unknown): unknown {
  return uniqueViolation(err) === "tags_company_id_name_key" ? duplicatedTag() : err;
}

export async function createTag(client: pg.ClientBase, actor: Actor, input: TCreateTagRequest): Promise<TagDTO> {
  const em = companyEm(client, actor.companyId);
  await assertTagNameFree(em, input.name);
  const tag = em.create(Tag, {
    companyId: actor.companyId,
    name: input.name,
    color: input.color ?? randomTagColor(),
    kanban: input.kanban,
  });
  await em.flush().catch((err) => {
    throw tagNameConflict(err);
  });
  return tagAnswer(tag);
}
