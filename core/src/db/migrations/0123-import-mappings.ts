// Issue 25 (decision 0123): `npm run import:whaticket` keeps, per Chat-flow company, which row of which Whaticket
// database became which row here (source, kind, old id -> new id), so a second run imports nothing twice. Only a new
// table (decision 0097). A super-user import finds the company it made for a source company by (source, old id).
import { Migration } from "@mikro-orm/migrations";

export class Migration0123ImportMappings extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE import_mappings (
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      source text NOT NULL,
      kind text NOT NULL,
      old_id text NOT NULL,
      new_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, source, kind, old_id)
    )`);
    this.addSql("CREATE INDEX import_mappings_companies ON import_mappings (source, old_id) WHERE kind = 'company'");
  }
}
