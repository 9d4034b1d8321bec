// File lists (spec 2 §3 File list) and the quick message fields that spec 2 §3 lists beyond what the projection
// kept (visao, the media's name): decision 0048.
import { Migration } from "@mikro-orm/migrations";

export class Migration0046FileListsQuickMessageFields extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE file_lists (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      message text NOT NULL,
      options jsonb NOT NULL DEFAULT '[]',
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX file_lists_company_name ON file_lists (company_id, name)");
    this.addSql(`ALTER TABLE quick_messages
      ADD COLUMN visao boolean NOT NULL DEFAULT true,
      ADD COLUMN media_name text`);
    // Personal quick messages were their owner's alone until now: they stay private until the owner shows them.
    this.addSql("UPDATE quick_messages SET visao = false WHERE NOT geral");
  }
}
