// Issue 26 (decision 0117): the connection form's LGPD labels of spec 2 §3 Connection: the connection's own LGPD
// link and message (over the company's in the consent request), obfuscate deleted (a message the contact deletes
// loses its text and file) and always confirm (consent asked on every new ticket). Nullable and defaulted columns.
import { Migration } from "@mikro-orm/migrations";

export class Migration0117ConnectionLgpd extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE whatsapps
      ADD COLUMN lgpd_link text,
      ADD COLUMN lgpd_message text,
      ADD COLUMN lgpd_obfuscate_deleted boolean NOT NULL DEFAULT false,
      ADD COLUMN lgpd_always_confirm boolean NOT NULL DEFAULT false`);
  }
}
