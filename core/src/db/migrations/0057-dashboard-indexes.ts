// The dashboard's periods (decision 0059): a company's tickets and new contacts by creation time, so a
// period reads its own rows however many the company has.
import { Migration } from "@mikro-orm/migrations";

export class Migration0057DashboardIndexes extends Migration {
  override up(): void {
    this.addSql("CREATE INDEX tickets_company_created ON tickets (company_id, created_at)");
    this.addSql("CREATE INDEX contacts_company_created ON contacts (company_id, created_at) WHERE NOT is_group");
  }
}
