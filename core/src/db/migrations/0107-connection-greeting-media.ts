// Issue 26 (decision 0107): a connection's greeting media (spec 2 §3 greetingMediaAttachment, §7 POST/DELETE
// /whatsapp/{id}/media-upload): the file's media-store URL, the name it was uploaded with and its kind. Only
// nullable columns (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0107ConnectionGreetingMedia extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE whatsapps ADD COLUMN greeting_media_path text, ADD COLUMN greeting_media_name text,
      ADD COLUMN greeting_media_type text`);
  }
}
