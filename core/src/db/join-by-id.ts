// One row of a tenant table joined by its id, as a lateral subquery that the planner must run once per outer row
// (OFFSET 0 keeps it from being flattened into the join). Ingest's per-batch queries reach each ticket, and its
// contact, connection and queue, through these: written as plain joins, the company_id equalities between the
// tables let the planner join "the company's contacts" to "the company's connections" before any ticket, and on
// tables never analyzed (each about one row to it) it read every contact and ticket of the company once per message
// of the batch (decision 0066; core/src/messages/ingest-plans.test.ts).
export function joinById(
  table: string,
  alias: string,
  id: string,
  companyId: string,
  o: { left?: boolean; on?: string } = {},
): string {
  const row = `LATERAL (SELECT * FROM ${table} ${alias} WHERE ${alias}.id = ${id} AND ${alias}.company_id = ${companyId}
    OFFSET 0) ${alias}`;
  return o.left ? `LEFT JOIN ${row} ON ${o.on ?? "true"}` : `CROSS JOIN ${row}`;
}
