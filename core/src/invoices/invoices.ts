// A company's invoices (spec 3 §3 Invoice, §7 GET /invoices/all; decision 0079): the admin's list, and the
// billing job's use case that makes each company's next invoice ahead of its due date, once; an invoice of
// nothing to pay (a plan that costs R$0) is paid as it is made (decision 0105).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { PLATFORM_COMPANY_ID } from "../contract/companies.ts";
import {
  INVOICES_PAGE_SIZE,
  type InvoiceDTO,
  type InvoicesPage,
  type TListInvoicesQuery,
} from "../contract/invoices.ts";
import { businessToday } from "../kernel/business-date.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { noPermission } from "../kernel/errors.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { payInvoice } from "./pay-invoice.ts";

/** Invoices are the company admin's (spec 3 §6: invoices, checkout); the super user runs every company. */
export function assertBillingAdmin(actor: Actor): void {
  if (actor.profile !== "admin" && !actor.super) throw noPermission();
}

export const INVOICE_COLUMNS = `i.id, i.detail, i.users, i.connections, i.queues, i.value,
  to_char(i.due_date, 'YYYY-MM-DD') AS "dueDate", i.status`;

/** GET /invoices/all: the caller's company's invoices, latest due date first. */
export async function listInvoices(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  q: TListInvoicesQuery,
): Promise<InvoicesPage> {
  assertBillingAdmin(actor);
  const params: unknown[] = [actor.companyId];
  let filter = "WHERE i.company_id = $1";
  if (q.searchParam) {
    params.push(likePattern(q.searchParam.toLowerCase()));
    filter += ` AND lower(i.detail) LIKE $${params.length}`;
  }
  const offset = (q.pageNumber - 1) * INVOICES_PAGE_SIZE;
  const { rows } = await db.query<InvoiceDTO & { total: number }>(
    `SELECT ${INVOICE_COLUMNS}, count(*) OVER ()::int AS total FROM invoices i ${filter}
     ORDER BY i.due_date DESC, i.id DESC LIMIT ${INVOICES_PAGE_SIZE} OFFSET $${params.length + 1}`,
    [...params, offset],
  );
  let count = rows[0]?.total;
  if (count === undefined) {
    const { rows: c } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices i ${filter}`, params);
    count = c[0]?.n ?? 0;
  }
  const invoices = rows.map(({ total: _total, ...r }) => r);
  return { invoices, count, hasMore: offset + invoices.length < count };
}

/** A company's next invoice appears this many days before its due date. */
export const INVOICE_LEAD_DAYS = 10;
/** Invoices made in one run (one transaction); a full batch runs again at once (timed-jobs.ts). */
export const INVOICES_BATCH = 200;

/**
 * The billing job: for every active company with a plan and a due date within INVOICE_LEAD_DAYS (or past), the
 * invoice of that due date from its plan, unless it exists. The unique (company_id, due_date) makes this once
 * per due date whichever worker runs it, however often; paying moves the due date, and the next run makes the next.
 */
export async function createDueInvoices(
  client: pg.ClientBase,
  opts: { batch?: number; today?: string } = {},
): Promise<number> {
  const today = opts.today ?? businessToday();
  const { rows } = await client.query<{ company_id: number }>(
    `INSERT INTO invoices (company_id, detail, users, connections, queues, value, due_date, status)
     SELECT c.id, p.name, p.users, p.connections, p.queues, round(p.amount * 100)::int, c.due_date, 'open'
       FROM companies c JOIN plans p ON p.id = c.plan_id
      WHERE c.status AND c.id <> $1 AND c.due_date IS NOT NULL
        AND c.due_date <= $2::date + $3::int
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.company_id = c.id AND i.due_date = c.due_date)
      ORDER BY c.id
      LIMIT $4
     ON CONFLICT (company_id, due_date) DO NOTHING
     RETURNING company_id`,
    [PLATFORM_COMPANY_ID, today, INVOICE_LEAD_DAYS, opts.batch ?? INVOICES_BATCH],
  );
  // The company's /financeiro asks again (decision 0063).
  await recordChanges(
    client,
    rows.map((r) => listChanged(r.company_id, "invoices")),
  );
  return rows.length + (await settleFreeInvoices(client, opts.batch ?? INVOICES_BATCH));
}

/**
 * Invoices of R$0 are paid, not asked to be paid (decision 0105): the ones just made, and the ones made before
 * this rule (open R$0 invoices of the seeded free plan). Each moves its company's due date as a payment does, when
 * it is of the current due date, so a free company never expires. Answers how many it paid.
 */
export async function settleFreeInvoices(client: pg.ClientBase, batch: number): Promise<number> {
  const { rows } = await client.query<{ company_id: number; id: number }>(
    `/* all-companies: the billing job pays every company's invoices of nothing */
     SELECT i.company_id, i.id FROM invoices i
      WHERE i.status = 'open' AND i.value = 0 AND i.company_id <> $1
      ORDER BY i.id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [PLATFORM_COMPANY_ID, batch],
  );
  let paid = 0;
  for (const r of rows) {
    if (await payInvoice(client, { companyId: r.company_id, invoiceId: r.id, txid: null, onlyCurrentPeriod: true })) {
      paid++;
    }
  }
  return paid;
}
