// Quick messages split into the company's general list and one personal list per
// user (docs/decisions/0020-coediting-rights.md): each projected row records the
// document it came from and whether it is general (spec 2 "geral"). The old single
// company document becomes the general list, so what it held stays general.
import { Migration } from "@mikro-orm/migrations";

/** Renames each company's old single list to the general one (exported for its test). */
export const OLD_LIST_TO_GENERAL = `UPDATE documents d SET name = 'company/' || d.company_id || '/quick-messages/general'
  WHERE d.kind = 'quick-messages' AND d.name = 'company/' || d.company_id || '/quick-messages/main'
    AND NOT EXISTS (SELECT 1 FROM documents g WHERE g.name = 'company/' || d.company_id || '/quick-messages/general')`;

export class Migration0020QuickMessageLists extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE quick_messages
      ADD COLUMN document text NOT NULL DEFAULT 'general',
      ADD COLUMN geral boolean NOT NULL DEFAULT true`);
    // An item id is unique within its document only: a personal list reusing a
    // general item's id must not overwrite the general row.
    this.addSql("ALTER TABLE quick_messages DROP CONSTRAINT quick_messages_company_id_item_id_key");
    this.addSql(
      "ALTER TABLE quick_messages ADD CONSTRAINT quick_messages_document_item_key UNIQUE (company_id, document, item_id)",
    );
    this.addSql(OLD_LIST_TO_GENERAL);
  }
}
