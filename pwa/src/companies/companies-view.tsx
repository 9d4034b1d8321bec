// The super user's companies (spec 3 §2 Companies page): search (500 ms debounce), the table page by page as it
// scrolls (spec 3 §4: within 100 px of the end) with its rows tinted by the due date (yellow 1 to 5 days ahead,
// red today or past), add and edit in the company modal. The /companies screen and the Settings page's
// Companies tab show this same view. Admin REST: offline it shows the first page last loaded and edits wait.
import type { CompanyAdminDTO } from "@chatflow/core/contract/companies.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { SearchField } from "../ui/fields.tsx";
import { PlusIcon } from "../ui/icons.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { useCompanyPages } from "./companies-data.ts";
import { useCompanyColumns } from "./company-columns.tsx";
import { dueState, localToday } from "./company-form.ts";
import { CompanyModal } from "./company-modal.tsx";
import { CompanyUsersModal } from "./company-users-modal.tsx";
import "./companies.css";

export function CompaniesView({ online, asPage }: { online: boolean; asPage: boolean }) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const { server, kept, plans } = useCompanyPages(search, online);
  const rows = server.loaded ? server.items : online ? null : kept;
  const [editing, setEditing] = useState<CompanyAdminDTO | "new" | null>(null);
  const [usersOf, setUsersOf] = useState<CompanyAdminDTO | null>(null);
  const today = localToday();

  const columns = useCompanyColumns({ online, today, onEdit: setEditing, onUsers: setUsersOf });

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
          fit
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
