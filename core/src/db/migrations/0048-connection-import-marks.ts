// What the connections screen needs of a history import (spec 2 §2, §4): which tickets an import opened (so
// POST /closedimported/{id} closes exactly those), and the import's progress for the progress card.
import { Migration } from "@mikro-orm/migrations";

export class Migration0048ConnectionImportMarks extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE tickets ADD COLUMN imported_at timestamptz");
    this.addSql("ALTER TABLE whatsapps ADD COLUMN import_progress jsonb");
  }
}
