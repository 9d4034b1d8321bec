// Tag reads and the find-or-create by name that the contact import and the
// tag sync share. Names are unique per company, compared case-insensitively here.
import { randomInt } from "node:crypto";
import type pg from "pg";
import type { TagDTO } from "../contract/contacts.ts";
import { tagNotFound } from "../kernel/errors.ts";

export const TAG_COLUMNS = `tg.id, tg.name, tg.color, tg.kanban, tg.time_lane AS "timeLane", tg.next_lane_id AS "nextLaneId",
  tg.rollback_lane_id AS "rollbackLaneId", tg.greeting_message_lane AS "greetingMessageLane",
  tg.lane_position AS "lanePosition"`;

/** Spec 2 §9: a new tag gets a random colour. */
export const randomTagColor = () => `#${randomInt(0, 0x1000000).toString(16).padStart(6, "0").toUpperCase()}`;

/** The company's tags with these names, created (kanban 0, random colour) when missing. */
export async function findOrCreateTagsByName(
  client: pg.ClientBase,
  companyId: number,
  names: string[],
): Promise<TagDTO[]> {
  const wanted = [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).entries()].filter(([k]) => k);
  if (wanted.length === 0) return [];
  const select = () =>
    client.query<TagDTO>(
      `SELECT ${TAG_COLUMNS} FROM tags tg WHERE tg.company_id = $1 AND lower(tg.name) = ANY($2::text[])`,
      [companyId, wanted.map(([k]) => k)],
    );
  const found = await select();
  const have = new Set(found.rows.map((t) => t.name.toLowerCase()));
  const missing = wanted.filter(([k]) => !have.has(k)).map(([, name]) => name);
  if (missing.length === 0) return found.rows;
  await client.query(
    `INSERT INTO tags (company_id, name, color, kanban)
     SELECT $1, n, c, 0 FROM unnest($2::text[], $3::text[]) AS t(n, c)
     ON CONFLICT (company_id, name) DO NOTHING`,
    [companyId, missing, missing.map(() => randomTagColor())],
  );
  return (await select()).rows;
}

/** Which of these ids are tags of the company; 404 if any is not. */
export async function assertCompanyTags(client: pg.ClientBase, companyId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const { rows } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM tags WHERE company_id = $1 AND id = ANY($2::int[])",
    [companyId, unique],
  );
  if (rows[0]!.n !== unique.length) throw tagNotFound();
}

/** Adds tags to contacts (pairs), ignoring pairs that exist. */
export async function addContactTags(
  client: pg.ClientBase,
  companyId: number,
  pairs: { contactId: number; tagId: number }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await client.query(
    `INSERT INTO contact_tags (contact_id, tag_id, company_id)
     SELECT c, t, $1 FROM unnest($2::int[], $3::int[]) AS p(c, t) ON CONFLICT DO NOTHING`,
    [companyId, pairs.map((p) => p.contactId), pairs.map((p) => p.tagId)],
  );
}
