// Spreadsheet imports as jobs (docs/decisions/0021): the state and counts of each
// upload, read back by GET /contacts/upload/{id}; one running import per company.
import { Migration } from "@mikro-orm/migrations";

export class Migration0021ContactImports extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE contact_imports (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      file_name text NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'finished', 'failed')),
      rows_read integer NOT NULL DEFAULT 0,
      created integer NOT NULL DEFAULT 0,
      ignored integer NOT NULL DEFAULT 0,
      error jsonb,
      heartbeat_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`);
    // The database, not a check-then-insert, keeps a company to one import at a time.
    this.addSql(
      "CREATE UNIQUE INDEX contact_imports_one_active ON contact_imports (company_id) WHERE state IN ('queued', 'running')",
    );
    this.addSql("CREATE INDEX contact_imports_company ON contact_imports (company_id, id)");
  }
}
