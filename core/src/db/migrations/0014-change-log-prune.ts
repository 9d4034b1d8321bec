// What the change-log pruning job (core/src/sync/prune-change-log.ts) needs: how far compaction has read each
// company's log, and an index that finds a row's earlier entries without scanning the company's log.
import { Migration } from "@mikro-orm/migrations";

export class Migration0014ChangeLogPrune extends Migration {
  override up(): void {
    // Kept beside pruned_seq; constant default, so adding it rewrites nothing.
    this.addSql("ALTER TABLE company_sync ADD COLUMN compacted_seq bigint NOT NULL DEFAULT 0");
    // Plain, not CONCURRENTLY: the migrator runs all pending migrations in one transaction. On a large existing
    // log this blocks change-log inserts for the length of the build.
    this.addSql("CREATE INDEX change_log_row ON change_log (company_id, entity, entity_id, seq)");
  }
}
