// Issue 26 (decision 0111): the internal chat through the outbox. A chat message gets a uuid the device that wrote
// it chose (the outbox's pending row and the server's row are one message, and a send pushed again lands once); rows
// written before, and by the REST route, get one from the default. A new column with a default (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0111ChatMessageUuid extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE chat_messages ADD COLUMN uuid uuid NOT NULL DEFAULT gen_random_uuid()");
    this.addSql("CREATE UNIQUE INDEX chat_messages_uuid_key ON chat_messages (uuid)");
  }
}
