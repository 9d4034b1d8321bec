// A Baileys session's auth state (decision 0049): the creds and every Signal key Baileys asks for, one row per
// (connection, category, key id), so each keys.set batch is one transaction and nothing lives in files.
import { Migration } from "@mikro-orm/migrations";

export class Migration0047BaileysAuth extends Migration {
  override up(): void {
    // category: "creds" (key_id '') or a SignalDataTypeMap type; value: Baileys' BufferJSON encoding.
    this.addSql(`CREATE TABLE baileys_auth (
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      whatsapp_id integer NOT NULL REFERENCES whatsapps(id) ON DELETE CASCADE,
      category text NOT NULL,
      key_id text NOT NULL,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (whatsapp_id, category, key_id)
    )`);
  }
}
