// The dashboard's periods (decision 0059): a company's tickets and new contacts by creation time, and the log
// entries and ratings of a range of its tickets read as one index range each (not one probe per ticket).
import { Migration } from "@mikro-orm/migrations";

export class Migration0057DashboardIndexes extends Migration {
  override up(): void {
    this.addSql("CREATE INDEX tickets_company_created ON tickets (company_id, created_at)");
    this.addSql("CREATE INDEX contacts_company_created ON contacts (company_id, created_at) WHERE NOT is_group");
    this.addSql(`CREATE INDEX ticket_logs_company_ticket ON ticket_logs (company_id, ticket_id)
      INCLUDE (type, user_id, created_at)`);
    this.addSql("CREATE INDEX user_ratings_company_ticket ON user_ratings (company_id, ticket_id, id) INCLUDE (rate)");
  }
}
