// Issue 25 (decision 0115): message search folds accents. The unaccent extension (trusted, so the app's own role may
// create it), a text search configuration `portuguese_unaccent` (Portuguese's parser, stop words and Snowball stemmer,
// with unaccent before the stemmer), and a GIN index on the message text through it. Expand-only (decision 0097):
// messages_search_body stays until nothing running reads it (a contract migration drops it).
import { Migration } from "@mikro-orm/migrations";

export class Migration0115MessageSearchUnaccent extends Migration {
  override up(): void {
    this.addSql("CREATE EXTENSION IF NOT EXISTS unaccent");
    this.addSql(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'portuguese_unaccent') THEN
        CREATE TEXT SEARCH CONFIGURATION portuguese_unaccent (COPY = pg_catalog.portuguese);
        ALTER TEXT SEARCH CONFIGURATION portuguese_unaccent
          ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;
      END IF;
    END $$`);
    // IF NOT EXISTS: a large installation builds it CONCURRENTLY by hand before upgrading (decision 0115), and this
    // then finds it made; migrations run in a transaction, where CONCURRENTLY cannot.
    this.addSql(
      "CREATE INDEX IF NOT EXISTS messages_search_text ON messages USING gin (to_tsvector('portuguese_unaccent'::regconfig, body))",
    );
  }
}
