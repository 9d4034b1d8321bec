// users.replica_version: raised when what a user may see changes (profile,
// queues, visibility flags), so that user's next sync pull rebuilds the replica.
import { Migration } from "@mikro-orm/migrations";

export class Migration0008ReplicaVersion extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE users ADD COLUMN replica_version integer NOT NULL DEFAULT 0");
  }
}
