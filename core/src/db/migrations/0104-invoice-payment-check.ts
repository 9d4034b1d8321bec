// Issue 26 (decision 0104): without PUBLIC_URL EFI cannot notify a Pix payment, so checkout marks until when the
// worker asks EFI for the charge's status instead. Numbered after the decision record (several sessions add
// migrations at once); it only adds a nullable column (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0104InvoicePaymentCheck extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE invoices ADD COLUMN payment_check_until timestamptz");
  }
}
