// A company's invoices (spec 3 §3 Invoice, §4, §7; decision 0079): one per company and due date, made ahead of the
// due date by the channel worker's billing job; value in cents; the Pix charge's txid once checkout made one.
import { Migration } from "@mikro-orm/migrations";

export class Migration0071Invoices extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE invoices (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      detail text NOT NULL DEFAULT '',
      users integer NOT NULL DEFAULT 0,
      connections integer NOT NULL DEFAULT 0,
      queues integer NOT NULL DEFAULT 0,
      value integer NOT NULL DEFAULT 0,
      due_date date NOT NULL,
      status text NOT NULL DEFAULT 'open',
      txid text,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE UNIQUE INDEX invoices_company_id_due_date_key ON invoices (company_id, due_date)");
  }
}
