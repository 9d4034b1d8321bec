// Facebook and Instagram connections (decision 0052): the page a connection sends through (the Send API's
// sender), and the account Meta's webhooks name (the page for Messenger, the Instagram business account for
// Instagram), unique per channel because a webhook entry names its connection by it alone.
import { Migration } from "@mikro-orm/migrations";

export class Migration0050FacebookPages extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE whatsapps ADD COLUMN page_id text, ADD COLUMN account_id text");
    this.addSql(
      `CREATE UNIQUE INDEX whatsapps_channel_account_id_key ON whatsapps (channel, account_id)
       WHERE account_id IS NOT NULL`,
    );
  }
}
