// Two more keys that a client or an admin makes stop being unique across the platform (decision 0039), so that
// no answer depends on what another company stored:
// - a connection's external API token is unique within its company only;
// - a pushed mutation is keyed by the user who pushed it: another user's (or company's) client id is a new one.
// Both indexes are rebuilt under the migration's lock: a one-off cost at start, proportional to the tables.
import { Migration } from "@mikro-orm/migrations";

export class Migration0039KeysPerCompany extends Migration {
  override up(): void {
    this.addSql("DROP INDEX whatsapps_token_key");
    this.addSql(
      "CREATE UNIQUE INDEX whatsapps_company_id_token_key ON whatsapps (company_id, token) WHERE token IS NOT NULL",
    );
    this.addSql("ALTER TABLE client_mutations DROP CONSTRAINT client_mutations_pkey");
    this.addSql(
      "ALTER TABLE client_mutations ADD CONSTRAINT client_mutations_pkey PRIMARY KEY (company_id, user_id, client_id, mutation_id)",
    );
  }
}
