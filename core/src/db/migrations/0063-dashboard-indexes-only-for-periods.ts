// The dashboard's (company_id, created_at) indexes on tickets and contacts (migration 0057) become partial on
// `created_at IS NOT NULL`, which holds for every row (the column is NOT NULL), so they keep serving the dashboard's
// periods (a range on created_at implies it) while a query that does not name created_at can no longer use them.
// On tables never analyzed, ingest's per-ticket joins took them for "the company's rows, about one" and read every
// ticket of the company once per contact: 4,000,000 rows for one message among 2,000 tickets (decision 0066).
import { Migration } from "@mikro-orm/migrations";

export class Migration0063DashboardIndexesOnlyForPeriods extends Migration {
  override up(): void {
    this.addSql("DROP INDEX tickets_company_created");
    this.addSql(
      "CREATE INDEX tickets_company_created ON tickets (company_id, created_at) WHERE created_at IS NOT NULL",
    );
    this.addSql("DROP INDEX contacts_company_created");
    this.addSql(`CREATE INDEX contacts_company_created ON contacts (company_id, created_at)
      WHERE NOT is_group AND created_at IS NOT NULL`);
  }
}
