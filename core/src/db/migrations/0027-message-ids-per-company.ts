// A message id names a message within its company (decision 0027): the primary key is (company_id, id),
// so a client-made id another company already used is a new id here, and nothing answers that it is taken.
// The index is rebuilt under the migration's lock: a one-off cost at start, proportional to the table.
import { Migration } from "@mikro-orm/migrations";

export class Migration0027MessageIdsPerCompany extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE messages DROP CONSTRAINT messages_pkey");
    this.addSql("ALTER TABLE messages ADD CONSTRAINT messages_pkey PRIMARY KEY (company_id, id)");
  }
}
