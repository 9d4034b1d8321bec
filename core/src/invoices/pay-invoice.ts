// Paying an invoice, whatever confirmed it (EFI's notification, the worker's check of a charge, a plan that costs
// nothing): marked paid once, the company's due date moved by its recurrence, and the company's screens told
// (the change log and 'company-{id}-payment'). Runs in the caller's transaction.
import type pg from "pg";
import { advanceDueDate, RECURRENCES, type Recurrence } from "../contract/companies.ts";
import { PAYMENTS_CHANNEL } from "../contract/topics.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";

export type PayInvoice = {
  companyId: number;
  invoiceId: number;
  /** The Pix charge that paid it; null for an invoice of nothing to pay. */
  txid: string | null;
  /**
   * Move the due date only when the invoice is of the company's current due date (a free plan's old invoice,
   * settled late, must not push the licence a period further). A Pix payment always moves it (decision 0079).
   */
  onlyCurrentPeriod?: boolean;
};

/** Answers whether this call paid it (false: already paid, or no such invoice of that company). */
export async function payInvoice(client: pg.ClientBase, p: PayInvoice): Promise<boolean> {
  const { rows: paid } = await client.query<{ due: string }>(
    `UPDATE invoices SET status = 'paid', paid_at = now(), txid = COALESCE($3, txid), updated_at = now()
      WHERE company_id = $1 AND id = $2 AND status <> 'paid'
      RETURNING to_char(due_date, 'YYYY-MM-DD') AS due`,
    [p.companyId, p.invoiceId, p.txid],
  );
  // Already paid (EFI notifies again until answered; two checks raced): nothing more to do.
  if (!paid[0]) return false;
  const { rows } = await client.query<{ due: string | null; recurrence: string | null }>(
    "SELECT to_char(due_date, 'YYYY-MM-DD') AS due, recurrence FROM companies WHERE id = $1 FOR UPDATE",
    [p.companyId],
  );
  const company = rows[0];
  if (!company) return false;
  let dueDate = company.due;
  if (!p.onlyCurrentPeriod || company.due === paid[0].due) {
    const recurrence: Recurrence = RECURRENCES.includes(company.recurrence as Recurrence)
      ? (company.recurrence as Recurrence)
      : "MENSAL";
    dueDate = advanceDueDate(company.due ?? new Date().toISOString().slice(0, 10), recurrence, p.companyId);
    await client.query("UPDATE companies SET due_date = $2, updated_at = now() WHERE id = $1", [p.companyId, dueDate]);
  }
  await recordChanges(client, [listChanged(p.companyId, "invoices")]);
  await client.query("SELECT pg_notify($1, $2)", [
    PAYMENTS_CHANNEL,
    JSON.stringify({ companyId: p.companyId, dueDate, invoiceId: p.invoiceId }),
  ]);
  return true;
}
