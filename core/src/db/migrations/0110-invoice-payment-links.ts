// Issue 26 (decision 0110): the Stripe, Mercado Pago and Asaas payment links checkout makes for an invoice, kept so a
// repeated checkout of the same purchase offers the same links, and so a provider's notification finds the invoice
// and what was bought (its invoice_charges row, keyed `{provider}:{reference}`). A new table (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0110InvoicePaymentLinks extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE invoice_payment_links (
      charge_key text PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      provider text NOT NULL,
      reference text NOT NULL,
      provider_id text NOT NULL,
      url text NOT NULL,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql(
      "CREATE INDEX invoice_payment_links_invoice ON invoice_payment_links (company_id, invoice_id, provider)",
    );
    this.addSql(
      "CREATE UNIQUE INDEX invoice_payment_links_provider_id ON invoice_payment_links (provider, provider_id)",
    );
  }
}
