// Issue 26 (decision 0109): what each Pix charge of checkout bought (the invoice's plan, or a custom plan's users,
// connections and price, spec 3 §9), so the payment of that charge applies it to the company; and the company's
// own plan that a custom purchase made (companies.custom_plan_id). A new table and a nullable column (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0109CustomPlanPurchase extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE invoice_charges (
      txid text PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      custom boolean NOT NULL DEFAULT false,
      users integer NOT NULL DEFAULT 0,
      connections integer NOT NULL DEFAULT 0,
      value integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX invoice_charges_invoice_id ON invoice_charges (invoice_id)");
    this.addSql("ALTER TABLE companies ADD COLUMN custom_plan_id integer REFERENCES plans(id) ON DELETE SET NULL");
  }
}
