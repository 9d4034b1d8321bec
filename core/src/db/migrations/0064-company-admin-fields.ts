// The company fields the super user's companies page shows and edits (spec 3 §2, §3 Company): the tax id, the
// payment method, and when someone of the company last signed in. Folder size and file count are read from the
// media folder, not stored (decision 0071).
import { Migration } from "@mikro-orm/migrations";

export class Migration0064CompanyAdminFields extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE companies
      ADD COLUMN document text,
      ADD COLUMN payment_method text,
      ADD COLUMN last_login timestamptz`);
  }
}
