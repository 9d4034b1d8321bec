// Use case: a tag is created (POST /tags), inline from a picker or on the tags
// page. Names are unique in the company, whatever their case.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TCreateTagRequest } from "../contract/contacts.ts";
import { tagAlreadyExists } from "../http/errors.ts";
import { randomTagColor } from "./tag-queries.ts";

/** No code of spec 1 §8 names it; ERR_VALIDATION with the field, as a 409. */
export const duplicatedTag = () => tagAlreadyExists();

export async function assertTagNameFree(
  client: pg.ClientBase,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<void> {
  const { rows } = await client.query(
    "SELECT 1 FROM tags WHERE company_id = $1 AND lower(name) = lower($2) AND id <> $3 LIMIT 1",
    [companyId, name, exceptId ?? 0],
  );
  if (rows.length > 0) throw duplicatedTag();
}

/** Returns the new tag's id. */
export async function createTag(client: pg.ClientBase, actor: Actor, input: TCreateTagRequest): Promise<number> {
  await assertTagNameFree(client, actor.companyId, input.name);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO tags (company_id, name, color, kanban) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id, name) DO NOTHING RETURNING id`,
    [actor.companyId, input.name, input.color ?? randomTagColor(), input.kanban],
  );
  if (!rows[0]) throw duplicatedTag();
  return rows[0].id;
}
