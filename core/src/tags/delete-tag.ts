// Use case: a tag is deleted (DELETE /tags/{id}); it leaves every contact and
// ticket that carried it (foreign keys cascade), and those are re-announced.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { tagNotFound } from "../http/errors.ts";
import { recordChanges } from "../sync/change-log.ts";
import { tagHolders } from "./tag-holders.ts";

export async function deleteTag(client: pg.ClientBase, actor: Actor, tagId: number): Promise<void> {
  const companyId = actor.companyId;
  const holders = await tagHolders(client, companyId, tagId);
  const { rowCount } = await client.query("DELETE FROM tags WHERE id = $1 AND company_id = $2", [tagId, companyId]);
  if (rowCount === 0) throw tagNotFound();
  await recordChanges(client, holders);
}
