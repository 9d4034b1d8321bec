// Use case: a tag is created (POST /tags, and the sync push's createTag), inline from a picker or on the tags
// page. Names are unique in the company, whatever their case. Runs on the company EntityManager (decision 0028).
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { assertCompanyTags, randomTagColor } from "../contacts/tag-queries.ts";
import type { TagDTO, TCreateTagRequest } from "../contract/contacts.ts";
import { companyEm, type EntityManager } from "../db/company-em.ts";
import { Tag } from "../db/entities/contacts.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { tagAlreadyExists } from "../kernel/errors.ts";
import { tagAnswer } from "./find-tag.ts";

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

/** The next and rollback lanes a request names must be tags of the caller's company (ERR_NO_TAG_FOUND otherwise). */
export async function assertLaneTargets(
  client: pg.ClientBase,
  companyId: number,
  lanes: { nextLaneId?: number | null; rollbackLaneId?: number | null },
): Promise<void> {
  await assertCompanyTags(
    client,
    companyId,
    [lanes.nextLaneId, lanes.rollbackLaneId].filter((id): id is number => typeof id === "number"),
  );
}

export async function createTag(client: pg.ClientBase, actor: Actor, input: TCreateTagRequest): Promise<TagDTO> {
  const em = companyEm(client, actor.companyId);
  await assertTagNameFree(em, input.name);
  await assertLaneTargets(client, actor.companyId, input);
  const tag = em.create(Tag, {
    companyId: actor.companyId,
    name: input.name,
    color: input.color ?? randomTagColor(),
    kanban: input.kanban,
    timeLane: input.timeLane ?? 0,
    nextLaneId: input.nextLaneId ?? null,
    rollbackLaneId: input.rollbackLaneId ?? null,
    greetingMessageLane: input.greetingMessageLane ?? null,
  });
  await em.flush().catch((err) => {
    throw tagNameConflict(err);
  });
  await recordChanges(client, [listChanged(actor.companyId, "tags")]);
  await recordAudit(client, actor, {
    kind: "tag.create",
    subjectId: tag.id,
    subject: tag.name,
    detail: { kanban: tag.kanban },
  });
  return tagAnswer(tag);
}
