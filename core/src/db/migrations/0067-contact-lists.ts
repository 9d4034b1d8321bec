// Contact lists for bulk campaigns (spec 3 §2 "Contact lists", §3 ContactList, ContactListItem; decision 0076):
// the lists, their items (a number at most once per list), and the list an import fills.
import { Migration } from "@mikro-orm/migrations";

export class Migration0067ContactLists extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE contact_lists (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX contact_lists_company ON contact_lists (company_id, id)");
    this.addSql(`CREATE TABLE contact_list_items (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      contact_list_id integer NOT NULL REFERENCES contact_lists(id) ON DELETE CASCADE,
      name text NOT NULL,
      number text NOT NULL,
      email text NOT NULL DEFAULT '',
      is_whatsapp_valid boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql(
      "CREATE UNIQUE INDEX contact_list_items_list_number ON contact_list_items (company_id, contact_list_id, number)",
    );
    // An import with a list fills that list instead of the company's contacts.
    this.addSql(
      "ALTER TABLE contact_imports ADD COLUMN contact_list_id integer REFERENCES contact_lists(id) ON DELETE CASCADE",
    );
  }
}
