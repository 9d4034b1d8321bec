// Conversation flows (spec 2 §3 Flow; decision 0051): the list's rows and the published snapshot.
import { Migration } from "@mikro-orm/migrations";

export class Migration0049Flows extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE flows (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL,
      active boolean NOT NULL DEFAULT true,
      flow jsonb,
      saved_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX flows_company_name ON flows (company_id, name)");
  }
}
