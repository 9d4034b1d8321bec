// Use case: the tags page's contacts modal removes one contact from a tag
// (DELETE /tags-contacts/{tagId}/{contactId}, spec 2 §7).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { lockContact } from "../contacts/contact-queries.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { tagNotFound } from "../kernel/errors.ts";

export async function removeContactTag(client: pg.ClientBase, actor: Actor, tagId: number, contactId: number) {
  const companyId = actor.companyId;
  const tag = await client.query("SELECT id FROM tags WHERE id = $1 AND company_id = $2", [tagId, companyId]);
  if (!tag.rows[0]) throw tagNotFound();
  await lockContact(client, companyId, contactId);
  const { rowCount } = await client.query(
    "DELETE FROM contact_tags WHERE tag_id = $1 AND contact_id = $2 AND company_id = $3",
    [tagId, contactId, companyId],
  );
  if (rowCount) await recordChanges(client, [{ companyId, entity: "contacts", id: contactId }]);
}
