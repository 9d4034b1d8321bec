// Users, connections and signup: public plans for the signup selector, and
// connection API tokens unique across the platform (the external messages API
// finds the connection by its token alone).
import { Migration } from "@mikro-orm/migrations";

export class Migration0007UsersSettings extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE plans ADD COLUMN is_public boolean NOT NULL DEFAULT true");
    this.addSql("CREATE UNIQUE INDEX whatsapps_token_key ON whatsapps (token) WHERE token IS NOT NULL");
    // The users list searches by name or e-mail within one company, in name order.
    this.addSql("CREATE INDEX users_company_name ON users (company_id, lower(name), id)");
  }
}
