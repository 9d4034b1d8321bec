// Use case: the contact's tag picker saves (POST /tags/sync {contactId, tags}):
// the contact ends up with exactly the listed tags. Tags named but not known
// to the company are created (spec 1 §5: at least 3 characters).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { lockContact } from "../contacts/contact-queries.ts";
import { addContactTags, assertCompanyTags, findOrCreateTagsByName } from "../contacts/tag-queries.ts";
import { type TSyncTagsRequest, ZTagNameSchema } from "../contract/contacts.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { parse } from "../kernel/errors.ts";

/** Returns the contact's tag ids afterwards. */
export async function syncContactTags(client: pg.ClientBase, actor: Actor, input: TSyncTagsRequest): Promise<number[]> {
  const companyId = actor.companyId;
  await lockContact(client, companyId, input.contactId);
  const byId = input.tags.flatMap((t) => (t.id !== undefined ? [t.id] : []));
  const names = input.tags.flatMap((t) => (t.id === undefined ? [parse(ZTagNameSchema, t.name)] : []));
  await assertCompanyTags(client, companyId, byId);
  const created = await findOrCreateTagsByName(client, companyId, names);
  const tagIds = [...new Set([...byId, ...created.map((t) => t.id)])];
  await client.query(
    "DELETE FROM contact_tags WHERE contact_id = $1 AND company_id = $2 AND NOT (tag_id = ANY($3::int[]))",
    [input.contactId, companyId, tagIds],
  );
  await addContactTags(
    client,
    companyId,
    tagIds.map((tagId) => ({ contactId: input.contactId, tagId })),
  );
  await client.query("UPDATE contacts SET updated_at = now() WHERE id = $1 AND company_id = $2", [
    input.contactId,
    companyId,
  ]);
  await recordChanges(client, [{ companyId, entity: "contacts", id: input.contactId }]);
  return tagIds;
}
