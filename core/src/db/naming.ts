// MikroORM's naming, with constraint names as PostgreSQL picks them when a
// migration leaves them out (`plan_id REFERENCES plans(id)` is companies_plan_id_fkey,
// `UNIQUE (company_id, name)` is queues_company_id_name_key): the entities and the
// hand-written migrations then name the same constraint the same way.
import { UnderscoreNamingStrategy } from "@mikro-orm/core";

const POSTGRES_SUFFIX: Record<string, string> = { foreign: "fkey", unique: "key" };

export class PostgresNamingStrategy extends UnderscoreNamingStrategy {
  override indexName(
    tableName: string,
    columns: string[],
    type: "primary" | "foreign" | "unique" | "index" | "sequence" | "check" | "default" | "trigger",
  ): string {
    const suffix = POSTGRES_SUFFIX[type];
    if (!suffix) return super.indexName(tableName, columns, type);
    return `${tableName}_${columns.join("_")}_${suffix}`;
  }
}
