// The invoices' data (issue 20: screens call hooks; this file owns the paths and tables). Invoices are admin
// REST (GET /invoices/all page by page, the first page kept for offline; POST /subscription pays one); a new
// invoice or a payment stamps the invoices list, and the company's payment frame arrives apart.
import type { InvoiceDTO, InvoicesPage, PaymentResult } from "@chatflow/core/contract/invoices.ts";
import { useEffect, useState } from "react";
import { usePaged } from "../api/use-paged.ts";
import { db } from "../app-db.ts";
import { api, sessionDeps } from "../app-services.ts";
import { refreshSession } from "../auth/session.ts";
import { readCache, writeCache } from "../store/cache.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { onPayment } from "./payment-events.ts";

const FIRST_PAGE_KEY = "invoices:firstPage";

/**
 * The invoices matching `search` page by page while `enabled` (online, an admin), reloaded on a new invoice or a
 * payment; `kept` is the first page as last loaded (for offline).
 */
export function useInvoicePages(search: string, enabled: boolean) {
  const server = usePaged<InvoiceDTO>(search, enabled, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<InvoicesPage>(`/invoices/all?${q}`);
    if (page === 1 && !search) await writeCache(db, FIRST_PAGE_KEY, res.invoices);
    return { items: res.invoices, hasMore: res.hasMore, count: res.count };
  });
  // A new invoice (the billing job) or a payment, recorded in the change log (decision 0063), and the company's
  // payment frame make the list ask again.
  useListChanged(db, "invoices", server.reload);
  useEffect(() => onPayment(() => server.reload()), [server.reload]);
  const [kept, setKept] = useState<InvoiceDTO[] | null>(null);
  useEffect(() => {
    void readCache<InvoiceDTO[]>(db, FIRST_PAGE_KEY).then((c) => setKept(c?.value ?? null));
  }, []);
  return { server, kept };
}

/** Pays an invoice (POST /subscription); answers the payment to wait for. */
export function paySubscription(body: unknown): Promise<PaymentResult> {
  return api.post<PaymentResult>("/subscription", body);
}

/**
 * After a poke: whether the invoice is paid now (GET /invoices/all's first page); when it is, the session is
 * renewed and the company's new due date answered (null when the invoice is still open).
 */
export async function renewedDueDate(invoiceId: number): Promise<{ dueDate: string | null } | null> {
  const page = await api.get<InvoicesPage>("/invoices/all?pageNumber=1");
  if (!page.invoices.some((i) => i.id === invoiceId && i.status === "paid")) return null;
  await refreshSession(sessionDeps);
  const me = await api.get<{ company?: { dueDate?: string | null } }>("/auth/me");
  return { dueDate: me.company?.dueDate ?? null };
}

/** Renews the session (the new due date) after a payment. */
export function refreshSessionAfterPayment() {
  return refreshSession(sessionDeps);
}
