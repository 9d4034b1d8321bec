// Indexes for the contacts and tags calls (spec 1 §7): contact pages ordered by
// name within a company, and tags found by name whatever the case.
import { Migration } from "@mikro-orm/migrations";

export class Migration0006Contacts extends Migration {
  override up(): void {
    // GET /contacts and /contacts/list order by lower(name), id: an index walk, no sort.
    this.addSql("CREATE INDEX contacts_company_name ON contacts (company_id, lower(name), id)");
    // Import and /tags/sync find tags by lower(name); the tags page searches it.
    this.addSql("CREATE INDEX tags_company_lower_name ON tags (company_id, lower(name))");
  }
}
