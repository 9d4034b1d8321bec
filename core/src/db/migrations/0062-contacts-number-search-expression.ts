// The trigram index that serves "number contains these digits" searches is built on the expression
// `(number || '')` instead of the column. pg_trgm's operator class also answers `=`, and the planner took the
// trigram index for ingest's equality lookup of contacts by (company, number) once statistics existed: about 76
// buffers per contact instead of 3 through the unique btree, growing with the table (decision 0064). On the
// expression, only a search that names it (`numberSearchSql`) can use the trigram index.
import { Migration } from "@mikro-orm/migrations";

export class Migration0062ContactsNumberSearchExpression extends Migration {
  override up(): void {
    this.addSql(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        DROP INDEX IF EXISTS contacts_search_number;
        CREATE INDEX contacts_search_number ON contacts USING gin ((number || '') gin_trgm_ops);
      END IF;
    END $$`);
  }
}
