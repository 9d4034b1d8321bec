// Paying an invoice, whatever confirmed it (EFI's notification, the worker's check of a charge, a plan that costs
// nothing): marked paid once, what the paid charge bought applied (a custom plan's users, connections and price
// become the company's own plan from now on, decision 0109), the company's due date moved by its recurrence, and
// the company's screens told (the change log and 'company-{id}-payment'). Runs in the caller's transaction.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
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
  if (p.txid) await applyCharge(client, p.companyId, p.invoiceId, p.txid);
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

type Charge = { custom: boolean; users: number; connections: number; value: number };

/**
 * What the paid charge bought (checkout recorded it, invoice_charges): the invoice records it, and a custom plan
 * becomes the company's plan. Called once per invoice, by the call that marked it paid.
 */
async function applyCharge(client: pg.ClientBase, companyId: number, invoiceId: number, txid: string): Promise<void> {
  const { rows } = await client.query<Charge>(
    "SELECT custom, users, connections, value FROM invoice_charges WHERE txid = $1 AND company_id = $2 AND invoice_id = $3",
    [txid, companyId, invoiceId],
  );
  const charge = rows[0];
  // A charge made before migration 0109 (or none recorded): the invoice is paid as it stands.
  if (!charge) return;
  const plan = charge.custom ? await applyCustomPlan(client, companyId, invoiceId, charge) : null;
  const detail = plan?.name ?? null;
  if (plan) {
    // The purchase takes effect here (decision 0109), confirmed by the payment rather than by a person: a system
    // entry in the company's log.
    await recordAudit(client, null, {
      kind: "customPlan.purchase",
      companyId,
      subjectId: plan.id,
      subject: plan.name,
      detail: {
        invoiceId,
        users: charge.users,
        connections: charge.connections,
        value: charge.value,
        plan: plan.created ? "created" : "changed",
      },
    });
  }
  await client.query(
    `UPDATE invoices SET users = $3, connections = $4, value = $5, detail = COALESCE($6, detail)
      WHERE company_id = $1 AND id = $2`,
    [companyId, invoiceId, charge.users, charge.connections, charge.value, detail],
  );
}

/** The name of a company's own plan (plans' names are unique; a taken one gets the invoice's id too). */
export const customPlanName = (companyId: number) => `Plano personalizado #${companyId}`;

/**
 * The custom plan bought becomes the company's plan (spec 3 §9): its own plan (companies.custom_plan_id) takes
 * the users, connections and price, made on first purchase as a private copy of the plan it was on (its queues
 * and flags), so the limits hold from this transaction's commit and the billing job's next invoices carry it.
 * Answers the plan, its name (the invoice's detail) and whether it was made now.
 */
async function applyCustomPlan(
  client: pg.ClientBase,
  companyId: number,
  invoiceId: number,
  charge: Charge,
): Promise<{ id: number; name: string; created: boolean }> {
  const amount = (charge.value / 100).toFixed(2);
  const { rows } = await client.query<{ plan_id: number | null; custom_plan_id: number | null; shared: boolean }>(
    `SELECT c.plan_id, c.custom_plan_id,
            EXISTS (SELECT 1 FROM companies o WHERE o.plan_id = c.custom_plan_id AND o.id <> c.id) AS shared
       FROM companies c WHERE c.id = $1`,
    [companyId],
  );
  const company = rows[0]!;
  // Its own plan, unless the super user has put another company on it since: that one keeps its limits.
  if (company.custom_plan_id !== null && !company.shared) {
    const copyFrom = company.plan_id ?? company.custom_plan_id;
    const { rows: updated } = await client.query<{ name: string }>(
      `UPDATE plans t SET users = $2, connections = $3, amount = $4, is_public = false, updated_at = now(),
              queues = s.queues, use_whatsapp = s.use_whatsapp, use_facebook = s.use_facebook,
              use_instagram = s.use_instagram, use_campaigns = s.use_campaigns, use_schedules = s.use_schedules,
              use_internal_chat = s.use_internal_chat, use_external_api = s.use_external_api,
              use_kanban = s.use_kanban, use_open_ai = s.use_open_ai, use_integrations = s.use_integrations
         FROM plans s WHERE t.id = $1 AND s.id = $5
       RETURNING t.name`,
      [company.custom_plan_id, charge.users, charge.connections, amount, copyFrom],
    );
    if (updated[0]) {
      await client.query("UPDATE companies SET plan_id = $2, updated_at = now() WHERE id = $1", [
        companyId,
        company.custom_plan_id,
      ]);
      return { id: company.custom_plan_id, name: updated[0].name, created: false };
    }
  }
  const { rows: taken } = await client.query("SELECT 1 FROM plans WHERE name = $1", [customPlanName(companyId)]);
  const name = taken[0] ? `${customPlanName(companyId)}-${invoiceId}` : customPlanName(companyId);
  // A copy of the plan it was on (or the defaults: every flag on, no queue limit), private to the company.
  const { rows: made } = await client.query<{ id: number }>(
    `INSERT INTO plans (name, users, connections, amount, is_public, queues, use_whatsapp, use_facebook,
            use_instagram, use_campaigns, use_schedules, use_internal_chat, use_external_api, use_kanban,
            use_open_ai, use_integrations)
     SELECT $1, $2, $3, $4, false, COALESCE(s.queues, 0), COALESCE(s.use_whatsapp, true),
            COALESCE(s.use_facebook, true), COALESCE(s.use_instagram, true), COALESCE(s.use_campaigns, true),
            COALESCE(s.use_schedules, true), COALESCE(s.use_internal_chat, true), COALESCE(s.use_external_api, true),
            COALESCE(s.use_kanban, true), COALESCE(s.use_open_ai, true), COALESCE(s.use_integrations, true)
       FROM (SELECT 1) one LEFT JOIN plans s ON s.id = $5
     RETURNING id`,
    [name, charge.users, charge.connections, amount, company.plan_id],
  );
  await client.query("UPDATE companies SET plan_id = $2, custom_plan_id = $2, updated_at = now() WHERE id = $1", [
    companyId,
    made[0]!.id,
  ]);
  return { id: made[0]!.id, name, created: true };
}
