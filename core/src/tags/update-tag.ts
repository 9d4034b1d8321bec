// Use case: a tag is renamed, recoloured or made a kanban lane (PUT /tags/{id}).
// Contacts and tickets carrying it are re-announced so replicas show the change.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TUpdateTagRequest } from "../contract/contacts.ts";
import { tagNotFound } from "../http/errors.ts";
import { recordChanges } from "../sync/change-log.ts";
import { assertTagNameFree, duplicatedTag } from "./create-tag.ts";
import { tagHolders } from "./tag-holders.ts";

export async function updateTag(client: pg.ClientBase, actor: Actor, tagId: number, input: TUpdateTagRequest) {
  const companyId = actor.companyId;
  const found = await client.query("SELECT id FROM tags WHERE id = $1 AND company_id = $2 FOR UPDATE", [
    tagId,
    companyId,
  ]);
  if (!found.rows[0]) throw tagNotFound();
  if (input.name !== undefined) await assertTagNameFree(client, companyId, input.name, tagId);
  await client.query("SAVEPOINT update_tag");
  try {
    await client.query(
      `UPDATE tags SET name = COALESCE($3, name), color = COALESCE($4, color), kanban = COALESCE($5, kanban),
         updated_at = now() WHERE id = $1 AND company_id = $2`,
      [tagId, companyId, input.name ?? null, input.color ?? null, input.kanban ?? null],
    );
  } catch (err) {
    if ((err as { code?: string }).code !== "23505") throw err;
    await client.query("ROLLBACK TO SAVEPOINT update_tag");
    throw duplicatedTag();
  }
  await client.query("RELEASE SAVEPOINT update_tag");
  await recordChanges(client, await tagHolders(client, companyId, tagId));
}
