// Issue 25 (decision 0124): each message keeps its words as search_vector (the tsvector of migration 0115's
// portuguese_unaccent configuration), so the search tests and ranks the newest messages without parsing and stemming
// their text again. A nullable column (no rewrite of the table) kept by a trigger on every write of body, whichever
// path writes it (ingest, sends, bots, campaigns, edits, imports). Rows stored before this migration keep NULL until
// the worker's job "messages:fill-search-words" fills them, newest first, through the partial index below (empty once
// done); the search reads `coalesce(search_vector, to_tsvector(...))`, so they are found the same meanwhile, only
// more slowly. Expand-only (decision 0097): a column, a function, a trigger, an index.
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
    // IF NOT EXISTS: a large installation may build it CONCURRENTLY by hand first (decision 0124), as for 0115's.
    this.addSql(
      "CREATE INDEX IF NOT EXISTS messages_search_unfilled ON messages (created_at DESC) WHERE search_vector IS NULL",
    );
  }
}
