// Issue 22 (decision 0093): why a connection is down (a Graph token expired or revoked, a permission removed, the
// Graph API or WhatsApp unreachable, logged out), since when and when the worker tries again, beside its status.
// Numbered after the decision record, not the last migration: several sessions add migrations at once.
import { Migration } from "@mikro-orm/migrations";

export class Migration0093ConnectionStatusReason extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE whatsapps ADD COLUMN status_reason jsonb");
  }
}
