// Issue 25 (decision 0124): each message keeps its words as search_vector (the tsvector of migration 0115's
// portuguese_unaccent configuration), so the search tests and ranks the newest messages without parsing and stemming
// their text again. A nullable column (no rewrite of the table) kept by a trigger on every write of body, whichever
// path writes it (ingest, sends, bots, campaigns, edits, imports). Rows stored before this migration keep NULL until
// an operator fills them (decision 0124, batched); the search reads `coalesce(search_vector, to_tsvector(...))`, so
// they are found the same, only more slowly. Expand-only (decision 0097): a column, a function, a trigger.
import { Migration } from "@mikro-orm/migrations";

export class Migration0124MessageSearchVector extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE messages ADD COLUMN IF NOT EXISTS search_vector tsvector");
    this.addSql(`CREATE OR REPLACE FUNCTION messages_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_vector := to_tsvector('portuguese_unaccent'::regconfig, NEW.body);
        RETURN NEW;
      END $$`);
    this.addSql("DROP TRIGGER IF EXISTS messages_search_vector ON messages");
    this.addSql(`CREATE TRIGGER messages_search_vector BEFORE INSERT OR UPDATE OF body ON messages
      FOR EACH ROW EXECUTE FUNCTION messages_search_vector()`);
  }
}
