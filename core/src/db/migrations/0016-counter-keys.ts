// A primary key for the two counter tables of 0003, which had none: MikroORM needs one to describe a table
// (docs/decisions/0023-schema-from-entities.md), and a row with an identity is also one a person can fix by
// hand. Surrogate keys: the counter key has nullable columns, which a primary key cannot hold.
import { Migration } from "@mikro-orm/migrations";

export class Migration0016CounterKeys extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE ticket_counts ADD COLUMN id bigserial PRIMARY KEY");
    this.addSql("ALTER TABLE ticket_count_deltas ADD COLUMN id bigserial PRIMARY KEY");
  }
}
