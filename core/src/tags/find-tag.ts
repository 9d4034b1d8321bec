// One tag of the caller's company as the tag calls answer it, read through the company EntityManager (decision
// 0028): another company's tag is as absent as a missing one.

import { LockMode } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TagDTO } from "../contract/contacts.ts";
import { companyEm, type EntityManager } from "../db/company-em.ts";
import { type ITag, Tag } from "../db/entities/contacts.ts";
import { tagNotFound } from "../kernel/errors.ts";

/** What the tag calls answer of a tag. */
export const tagAnswer = (tag: Pick<ITag, TagField>): Required<TagDTO> => ({
  id: tag.id,
  name: tag.name,
  color: tag.color,
  kanban: tag.kanban,
  timeLane: tag.timeLane,
  nextLaneId: tag.nextLaneId ?? null,
  rollbackLaneId: tag.rollbackLaneId ?? null,
  greetingMessageLane: tag.greetingMessageLane ?? null,
  lanePosition: tag.lanePosition ?? null,
});

type TagField = keyof TagDTO;

/** The tag, or ERR_NO_TAG_FOUND; `lock` holds it until the transaction ends. */
export async function findTag(em: EntityManager, id: number, opts: { lock?: boolean } = {}): Promise<ITag> {
  const tag = await em.findOne(Tag, { id }, opts.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!tag) throw tagNotFound();
  return tag;
}

/** GET /tags/{id}: the caller's company's tag as the tag calls answer it. */
export async function showTag(client: pg.ClientBase, actor: Actor, id: number): Promise<TagDTO> {
  return tagAnswer(await findTag(companyEm(client, actor.companyId), id));
}
