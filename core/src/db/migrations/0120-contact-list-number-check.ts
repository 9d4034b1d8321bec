// Issue 26 (decision 0120): a WhatsApp-by-QR campaign asks WhatsApp (Baileys' onWhatsApp) whether each list item's
// number is on WhatsApp before it sends to it; when that was last asked is kept on the item, so a list checked
// once is not asked again for every campaign. And POST /contacts/import/chats: which of the contacts a connection
// knows have a chat on the phone (phone_contacts.has_chat). Columns with defaults and an index only (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0120ContactListNumberCheck extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE contact_list_items ADD COLUMN whatsapp_checked_at timestamptz");
    this.addSql(
      "CREATE INDEX campaign_shippings_unsent_item ON campaign_shippings (company_id, contact_list_item_id) WHERE message_id IS NULL AND failed_at IS NULL",
    );
    this.addSql("ALTER TABLE phone_contacts ADD COLUMN has_chat boolean NOT NULL DEFAULT false");
  }
}
