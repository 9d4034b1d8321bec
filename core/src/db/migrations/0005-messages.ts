// Messages domain (docs/decisions/0010-messages.md): the company-wide message
// counts of GET /messages-allMe read a date range per company.
import { Migration } from "@mikro-orm/migrations";

export class Migration0005Messages extends Migration {
  override up(): void {
    // Covers the count's filters, so a period is an index-only range scan, not a pass over every message.
    this.addSql(
      "CREATE INDEX messages_company_created ON messages (company_id, created_at) INCLUDE (from_me, is_private)",
    );
  }
}
