// Spec 1 §7 POST /contactsImport {validateContact} and §8 ERR_WAPP_CHECK_CONTACT (decision 0122): core asks the channel
// worker holding a connected WhatsApp-by-QR connection whether a number is on WhatsApp. A request is a row here; the
// worker answers it (Baileys' onWhatsApp) within seconds or not at all. Only a new table (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0122ContactNumberChecks extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE contact_number_checks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      whatsapp_id integer NOT NULL REFERENCES whatsapps(id) ON DELETE CASCADE,
      number text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      answered_at timestamptz,
      on_whatsapp boolean
    )`);
    this.addSql(
      "CREATE INDEX contact_number_checks_waiting ON contact_number_checks (whatsapp_id, created_at) WHERE answered_at IS NULL",
    );
  }
}
