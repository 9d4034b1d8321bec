// /financeiro (spec 3 §2 Invoices list, §4, §7): the company's invoices, searched (500 ms) and read page by page
// as the table scrolls; 'Pago', 'Vencido' (row tinted red) or 'Em Aberto'; unpaid ones have a pay button that
// opens the checkout dialog. Login sends a company whose subscription ran out here, with the expiry message at
// the top. Admin REST: offline it shows the first page last loaded and paying waits for the connection.
import { formatBrl, type InvoiceDTO, invoiceDisplayStatus } from "@chatflow/core/contract/invoices.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isSubscriptionExpired } from "../auth/session-state.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { localToday } from "../companies/company-form.ts";
import { useOnline } from "../layout/use-online.ts";
import { formatDate } from "../tickets/format.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { SearchField } from "../ui/fields.tsx";
import { WalletIcon } from "../ui/icons.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";
import { useInvoicePages } from "./financeiro-data.ts";
import "./financeiro.css";

const TONES = { paid: "success", overdue: "danger", open: "warning" } as const;

const day = (iso: string) => formatDate(new Date(`${iso.slice(0, 10)}T00:00:00`));

export function FinanceiroPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const online = useOnline();
  const due = user?.company?.dueDate;
  const expired = user ? isSubscriptionExpired(user) : false;
  // Invoices are the admins' (spec 3 §6); a plain user sent here by an expired subscription reads the message only.
  const admin = Boolean(user && (user.profile === "admin" || user.super));
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 500);
  const { server, kept } = useInvoicePages(search, online && admin);
  const rows = server.loaded ? server.items : online ? null : kept;
  const [paying, setPaying] = useState<InvoiceDTO | null>(null);
  const today = localToday();

  const columns: Column<InvoiceDTO>[] = [
    { id: "detail", header: t("invoicesPage.columns.detail"), cell: (i) => i.detail },
    { id: "users", header: t("invoicesPage.columns.users"), cell: (i) => i.users, numeric: true },
    { id: "connections", header: t("invoicesPage.columns.connections"), cell: (i) => i.connections, numeric: true },
    { id: "queues", header: t("invoicesPage.columns.queues"), cell: (i) => i.queues, numeric: true },
    { id: "value", header: t("invoicesPage.columns.value"), cell: (i) => formatBrl(i.value), numeric: true },
    { id: "dueDate", header: t("invoicesPage.columns.dueDate"), cell: (i) => day(i.dueDate) },
    {
      id: "status",
      header: t("invoicesPage.columns.status"),
      cell: (i) => {
        const status = invoiceDisplayStatus(i, today);
        return (
          <Badge tone={TONES[status]} data-testid="invoice-status">
            {t(`invoicesPage.status.${status}`)}
          </Badge>
        );
      },
    },
    {
      id: "action",
      header: t("invoicesPage.columns.action"),
      cell: (i) =>
        i.status === "paid" ? null : (
          <Button
            size="small"
            variant="primary"
            icon={<WalletIcon />}
            onPress={() => setPaying(i)}
            isDisabled={!online}
            aria-label={t("invoicesPage.payLabel", { detail: i.detail, date: day(i.dueDate) })}
            data-testid="invoice-pay"
          >
            {t("invoicesPage.pay")}
          </Button>
        ),
    },
  ];

  const notice = !online ? t("invoicesPage.offline") : server.error ? t("invoicesPage.loadError") : null;
  return (
    <ListPage
      className="financeiro-page"
      data-testid="financeiro-page"
      title={server.count === null ? t("financeiro.title") : t("invoicesPage.titleCount", { count: server.count })}
      toolbar={
        admin && (
          <SearchField
            label={t("invoicesPage.search")}
            placeholder={t("invoicesPage.search")}
            value={searchText}
            onChange={setSearchText}
            data-testid="invoices-search"
          />
        )
      }
      notice={notice}
    >
      {expired && due && (
        <p className="notice notice-error financeiro-expired" role="alert" data-testid="financeiro-expired">
          {t("financeiro.expired", { date: day(due) })}
        </p>
      )}
      {admin && (
        <div className="financeiro-body">
          <ListBody
            items={rows}
            online={online}
            failed={Boolean(server.error)}
            empty={<p>{t("invoicesPage.empty")}</p>}
          >
            {(items) => (
              <DataTable
                caption={t("invoicesPage.listLabel")}
                columns={columns}
                rows={items}
                rowKey={(i) => i.id}
                rowTone={(i) => (invoiceDisplayStatus(i, today) === "overdue" ? "danger" : null)}
                rowTestId="invoice-row"
                empty={t("invoicesPage.empty")}
                hasMore={online && server.hasMore}
                loadingMore={server.loading}
                onEndReached={server.loadMore}
                data-testid="invoices-table"
              />
            )}
          </ListBody>
        </div>
      )}
      {paying && (
        <CheckoutDialog
          invoice={paying}
          onClose={() => {
            setPaying(null);
            server.reload();
          }}
        />
      )}
    </ListPage>
  );
}
