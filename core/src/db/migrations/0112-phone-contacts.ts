// Issue 26 (decision 0112): the contacts a WhatsApp-by-QR connection knows (Baileys' contacts.upsert,
// contacts.update and the history sync's contacts), kept by the channel worker so that "Importar do telefone"
// (POST /contacts/import) reads them from here. One row per connection and contact number (the phone number's
// digits, or "<lid>@lid" while only the LID is known). Only a new table (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0112PhoneContacts extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE phone_contacts (
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      whatsapp_id integer NOT NULL REFERENCES whatsapps(id) ON DELETE CASCADE,
      number text NOT NULL,
      name text,
      notify text,
      verified_name text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (whatsapp_id, number)
    )`);
  }
}
