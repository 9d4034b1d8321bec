// Issue 10: the Cloud API connection's WhatsApp Business Account (whose message_templates edge lists the approved
// templates; learnt from the signed webhook's entry id, or set by an admin), and why a connection's queue is held
// (a send refused as rate-limited or restricted), so the admin is told (decision 0053).
import { Migration } from "@mikro-orm/migrations";

export class Migration0051CloudTemplatesSendHold extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE whatsapps ADD COLUMN business_account_id text, ADD COLUMN send_hold jsonb");
  }
}
