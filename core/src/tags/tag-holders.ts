// The contacts and tickets that carry a tag: a change to the tag is a change to them.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";

export async function tagHolders(client: pg.ClientBase, companyId: number, tagId: number): Promise<Change[]> {
  const { rows } = await client.query<{ entity: "contacts" | "tickets"; id: number }>(
    `SELECT 'contacts' AS entity, contact_id AS id FROM contact_tags WHERE tag_id = $1 AND company_id = $2
     UNION ALL
     SELECT 'tickets', ticket_id FROM ticket_tags WHERE tag_id = $1 AND company_id = $2`,
    [tagId, companyId],
  );
  return rows.map((r) => ({ companyId, entity: r.entity, id: r.id }));
}
