// The super user's companies (spec 3 §2 Companies page): search (500 ms debounce), the table page by page as it
// scrolls (spec 3 §4: within 100 px of the end) with its rows tinted by the due date (yellow 1 to 5 days ahead,
// red today or past), add and edit in the company modal. The /companies screen and the Settings page's
// Companies tab show this same view. Admin REST: offline it shows the first page last loaded and edits wait.
import type { CompanyAdminDTO } from "@chatflow/core/contract/companies.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBRL } from "../settings/settings-model.ts";
import { formatDate, formatTime } from "../tickets/format.ts";
import { Badge } from "../ui/badge.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { SearchField } from "../ui/fields.tsx";
import { EditIcon, PlusIcon, UsersIcon } from "../ui/icons.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { useCompanyPages } from "./companies-data.ts";
import { dueState, formatBytes, localToday } from "./company-form.ts";
import { CompanyModal } from "./company-modal.tsx";
import { CompanyUsersModal } from "./company-users-modal.tsx";
import "./companies.css";

const day = (iso: string | null) => (iso ? formatDate(new Date(`${iso.slice(0, 10)}T00:00:00`)) : null);
const moment = (iso: string | null) => (iso ? `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}` : null);

export function CompaniesView({ online, asPage }: { online: boolean; asPage: boolean }) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const { server, kept, plans } = useCompanyPages(search, online);
  const rows = server.loaded ? server.items : online ? null : kept;
  const [editing, setEditing] = useState<CompanyAdminDTO | "new" | null>(null);
  const [usersOf, setUsersOf] = useState<CompanyAdminDTO | null>(null);
  const today = localToday();

  const columns: Column<CompanyAdminDTO>[] = [
    { id: "id", header: t("companiesPage.columns.id"), cell: (c) => c.id, numeric: true },
    {
      id: "status",
      header: t("companiesPage.columns.status"),
      cell: (c) => (c.status ? t("companiesPage.yes") : t("companiesPage.no")),
    },
    { id: "name", header: t("companiesPage.columns.name"), cell: (c) => c.name },
    { id: "email", header: t("companiesPage.columns.email"), cell: (c) => c.email ?? t("companiesPage.none") },
    { id: "plan", header: t("companiesPage.columns.plan"), cell: (c) => c.plan?.name ?? t("companiesPage.none") },
    {
      id: "value",
      header: t("companiesPage.columns.value"),
      cell: (c) => (c.plan ? formatBRL(c.plan.amount) : t("companiesPage.none")),
      numeric: true,
    },
    { id: "createdAt", header: t("companiesPage.columns.createdAt"), cell: (c) => day(c.createdAt) },
    {
      id: "dueDate",
      header: t("companiesPage.columns.dueDate"),
      cell: (c) => {
        const state = dueState(c.dueDate, today);
        return (
          <span className="company-due">
            <span data-testid="company-due-date-cell">{day(c.dueDate) ?? t("companiesPage.none")}</span>
            {c.recurrence && (
              <span className="company-recurrence">{t(`companiesPage.recurrence.${c.recurrence}`)}</span>
            )}
            {state && <Badge tone={state.tone}>{t(`companiesPage.due.${state.key}`, { days: state.days })}</Badge>}
          </span>
        );
      },
    },
    {
      id: "lastLogin",
      header: t("companiesPage.columns.lastLogin"),
      cell: (c) => moment(c.lastLogin) ?? t("companiesPage.none"),
    },
    {
      id: "folderSize",
      header: t("companiesPage.columns.folderSize"),
      cell: (c) => formatBytes(c.folderSize),
      numeric: true,
    },
    {
      id: "numberFileFolder",
      header: t("companiesPage.columns.numberFileFolder"),
      cell: (c) => c.numberFileFolder,
      numeric: true,
    },
    {
      id: "updatedAtFolder",
      header: t("companiesPage.columns.updatedAtFolder"),
      cell: (c) => moment(c.updatedAtFolder) ?? t("companiesPage.none"),
    },
    {
      id: "actions",
      header: t("companiesPage.columns.actions"),
      cell: (c) => (
        <span className="company-actions">
          <IconButton
            label={t("companiesPage.edit", { name: c.name })}
            onPress={() => setEditing(c)}
            isDisabled={!online}
            data-testid="company-edit"
          >
            <EditIcon />
          </IconButton>
          <IconButton
            label={t("companiesPage.users", { name: c.name })}
            onPress={() => setUsersOf(c)}
            isDisabled={!online}
            data-testid="company-users"
          >
            <UsersIcon />
          </IconButton>
        </span>
      ),
    },
  ];

  const notice = !online ? t("companiesPage.offline") : server.error ? t("companiesPage.loadError") : null;
  const add = (
    <Button
      variant="primary"
      icon={<PlusIcon />}
      onPress={() => setEditing("new")}
      isDisabled={!online}
      data-testid="companies-add"
    >
      {t("companiesPage.add")}
    </Button>
  );
  const searchField = (
    <SearchField
      label={t("companiesPage.search")}
      placeholder={t("companiesPage.search")}
      value={searchText}
      onChange={setSearchText}
      data-testid="companies-search"
    />
  );
  const table = (
    <ListBody items={rows} online={online} failed={Boolean(server.error)} empty={<p>{t("companiesPage.empty")}</p>}>
      {(items) => (
        <DataTable
          caption={t("companiesPage.listLabel")}
          columns={columns}
          rows={items}
          rowKey={(c) => c.id}
          rowTone={(c) => dueState(c.dueDate, today)?.tone}
          rowTestId="company-row"
          empty={t("companiesPage.empty")}
          hasMore={online && server.hasMore}
          loadingMore={server.loading}
          onEndReached={server.loadMore}
          data-testid="companies-table"
        />
      )}
    </ListBody>
  );
  const modal = editing !== null && (
    <CompanyModal
      company={editing === "new" ? null : editing}
      plans={plans}
      online={online}
      onClose={() => setEditing(null)}
      onChanged={server.reload}
    />
  );
  const usersModal = usersOf !== null && (
    <CompanyUsersModal company={usersOf} online={online} onClose={() => setUsersOf(null)} />
  );
  if (asPage) {
    return (
      <ListPage
        className="companies-page"
        data-testid="companies-page"
        title={
          server.count === null ? t("companiesPage.title") : t("companiesPage.titleCount", { count: server.count })
        }
        actions={add}
        toolbar={searchField}
        notice={notice}
      >
        <div className="companies-body">{table}</div>
        {modal}
        {usersModal}
      </ListPage>
    );
  }
  return (
    <div className="settings-companies" data-testid="settings-companies">
      {notice && (
        <p className="list-page-notice" role="status">
          {notice}
        </p>
      )}
      <div className="companies-toolbar">
        {searchField}
        {add}
      </div>
      {table}
      {modal}
      {usersModal}
    </div>
  );
}
