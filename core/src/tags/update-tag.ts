// Use case: a tag is renamed, recoloured or made a kanban lane (PUT /tags/{id}), on the company EntityManager
// (decision 0028). Contacts and tickets carrying it are re-announced so replicas show the change.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { TagDTO, TUpdateTagRequest } from "../contract/contacts.ts";
import { companyEm } from "../db/company-em.ts";
import { Tag } from "../db/entities/contacts.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { assertLaneTargets, assertTagNameFree, tagNameConflict } from "./create-tag.ts";
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
  await assertLaneTargets(client, actor.companyId, input);
  // undefined keeps a field; null clears a lane reference or the greeting.
  const keep = <T>(v: T | undefined, old: T) => (v === undefined ? old : v);
  const changed = {
    name: input.name ?? tag.name,
    color: input.color ?? tag.color,
    kanban: input.kanban ?? tag.kanban,
    timeLane: input.timeLane ?? tag.timeLane,
    nextLaneId: keep(input.nextLaneId, tag.nextLaneId ?? null),
    rollbackLaneId: keep(input.rollbackLaneId, tag.rollbackLaneId ?? null),
    greetingMessageLane: keep(input.greetingMessageLane, tag.greetingMessageLane ?? null),
  };
  // nativeUpdate, not a flush: its WHERE carries the company filter (a flush's names only the id).
  await em.nativeUpdate(Tag, { id: tagId }, { ...changed, updatedAt: raw("now()") }).catch((err) => {
    throw tagNameConflict(err);
  });
  await recordChanges(client, [
    ...(await tagHolders(client, actor.companyId, tagId)),
    listChanged(actor.companyId, "tags"),
  ]);
  await recordAudit(client, actor, {
    kind: "tag.update",
    subjectId: tagId,
    subject: changed.name,
    detail: { fields: Object.keys(input).filter((k) => input[k as keyof TUpdateTagRequest] !== undefined) },
  });
  return tagAnswer({ id: tagId, ...changed, lanePosition: tag.lanePosition ?? null });
}
