// /audit (issue 25, decision 0108; admins, and the super user over every company): who changed what, newest first,
// filtered by user, kind and days, a page of 50 at a time, the filtered entries exported as auditoria.csv, and the
// company's retention.
// Online only, like the other admin screens that read core directly; nothing here edits an entry.
import { AUDIT_KINDS, type AuditEntryAnswer } from "@chatflow/core/contract/audit.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { Button } from "../ui/button.tsx";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { TextField } from "../ui/fields.tsx";
import { DownloadIcon, FilterIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import {
  type AppliedAudit,
  exportAuditCsv,
  useAuditCompanies,
  useAuditEntries,
  useAuditRetention,
  useAuditUsers,
} from "./audit-data.ts";
import { type AuditFilters, auditDateTime, auditDetail, emptyFilters } from "./audit-model.ts";
import { AuditRetentionForm } from "./audit-retention-form.tsx";
import "./audit.css";

export function AuditPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <AuditView platform={user.super} />;
}

export function AuditView({ platform }: { platform: boolean }) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(emptyFilters);
  const [applied, setApplied] = useState<AppliedAudit>(() => ({ filters: emptyFilters(), page: 1, nonce: 0 }));
  const list = useAuditEntries(applied);
  const users = useAuditUsers();
  const retention = useAuditRetention();
  const companies = useAuditCompanies(platform);
  const [exporting, setExporting] = useState(false);
  // Phones: the filters fold away behind a button so the entries are what the screen shows first (as /reports).
  const narrow = useMediaQuery(NARROW_QUERY);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const kindText = (kind: string) => t(`auditPage.kinds.${kind.replace(".", "_")}`, { defaultValue: kind });

  const set = <K extends keyof AuditFilters>(k: K, v: AuditFilters[K]) => setFilters((f) => ({ ...f, [k]: v }));
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    setApplied((a) => ({ filters, page: 1, nonce: a.nonce + 1 }));
  };
  const clear = () => {
    setFilters(emptyFilters());
    setApplied((a) => ({ filters: emptyFilters(), page: 1, nonce: a.nonce + 1 }));
  };
  const goTo = (page: number) => setApplied((a) => ({ ...a, page, nonce: a.nonce + 1 }));
  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportAuditCsv(applied.filters);
      showToast(t("auditPage.exported"), "info");
    } catch {
      showToast(t("auditPage.exportFailed"));
    } finally {
      setExporting(false);
    }
  };

  const c = (k: string) => t(`auditPage.columns.${k}`);
  const columns: Column<AuditEntryAnswer>[] = [
    { id: "when", header: c("when"), cell: (e) => auditDateTime(e.createdAt, i18n.language) },
    ...(platform ? [{ id: "company", header: c("company"), cell: (e: AuditEntryAnswer) => e.companyName }] : []),
    { id: "user", header: c("user"), cell: (e) => e.userName || t("auditPage.system") },
    { id: "kind", header: c("kind"), cell: (e) => kindText(e.kind) },
    {
      id: "subject",
      header: c("subject"),
      cell: (e) => <span className="audit-subject">{e.subject || (e.subjectId ? `#${e.subjectId}` : "")}</span>,
    },
    {
      id: "detail",
      header: c("detail"),
      cell: (e) => <span className="audit-detail">{auditDetail(e, t("auditPage.fields"))}</span>,
    },
  ];

  const data = list.data;
  const notice = !list.online ? t("auditPage.offline") : list.failed ? t("auditPage.loadError") : null;
  return (
    <ListPage
      className="audit-page"
      data-testid="audit-page"
      title={t("auditPage.title")}
      notice={notice}
      actions={
        <Button
          icon={<DownloadIcon />}
          onPress={() => void exportCsv()}
          isPending={exporting}
          isDisabled={!list.online}
          data-testid="audit-export"
        >
          {t("auditPage.export")}
        </Button>
      }
    >
      <p className="audit-intro">{t("auditPage.intro")}</p>
      {narrow && (
        <Button
          icon={<FilterIcon />}
          aria-expanded={filtersOpen}
          aria-controls="audit-filters"
          onPress={() => setFiltersOpen((o) => !o)}
          className="audit-filters-toggle"
          data-testid="audit-filters-toggle"
        >
          {t("auditPage.filtersLabel")}
        </Button>
      )}
      <form
        id="audit-filters"
        className="audit-filters"
        hidden={narrow && !filtersOpen}
        aria-label={t("auditPage.filtersLabel")}
        onSubmit={apply}
      >
        {platform && (
          <Select
            label={c("company")}
            items={companies}
            value={filters.companyId}
            onChange={(k) => set("companyId", k === null ? null : Number(k))}
            data-testid="audit-company"
          >
            {(co) => <SelectItem id={co.id}>{co.name}</SelectItem>}
          </Select>
        )}
        <Select
          label={t("auditPage.user")}
          items={users}
          value={filters.userId}
          onChange={(k) => set("userId", k === null ? null : Number(k))}
          data-testid="audit-user"
        >
          {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
        </Select>
        <Select
          label={t("auditPage.kind")}
          items={AUDIT_KINDS.map((k) => ({ id: k, name: kindText(k) }))}
          value={filters.kind}
          onChange={(k) => set("kind", k === null ? null : String(k))}
          data-testid="audit-kind"
        >
          {(k) => <SelectItem id={k.id}>{k.name}</SelectItem>}
        </Select>
        <TextField
          label={t("auditPage.dateFrom")}
          type="date"
          value={filters.dateFrom}
          onChange={(v) => set("dateFrom", v)}
          data-testid="audit-date-from"
        />
        <TextField
          label={t("auditPage.dateTo")}
          type="date"
          value={filters.dateTo}
          onChange={(v) => set("dateTo", v)}
          data-testid="audit-date-to"
        />
        <div className="audit-filter-actions">
          <Button type="submit" variant="primary" icon={<FilterIcon />} data-testid="audit-apply">
            {t("auditPage.apply")}
          </Button>
          <Button variant="ghost" onPress={clear} data-testid="audit-clear">
            {t("auditPage.clear")}
          </Button>
        </div>
      </form>
      {data === undefined ? (
        list.online && !list.failed ? (
          <Spinner />
        ) : null
      ) : (
        <>
          <DataTable
            caption={t("auditPage.tableLabel")}
            columns={columns}
            rows={data.entries}
            rowKey={(e) => e.id}
            empty={t("auditPage.empty")}
            data-testid="audit-table"
          />
          <nav className="audit-pager" aria-label={t("auditPage.page", { page: applied.page })}>
            <Button
              isDisabled={applied.page <= 1 || list.loading}
              onPress={() => goTo(applied.page - 1)}
              data-testid="audit-previous"
            >
              {t("auditPage.previous")}
            </Button>
            <span>{t("auditPage.page", { page: applied.page })}</span>
            <Button
              isDisabled={!data.hasMore || list.loading}
              onPress={() => goTo(applied.page + 1)}
              data-testid="audit-next"
            >
              {t("auditPage.next")}
            </Button>
          </nav>
        </>
      )}
      <AuditRetentionForm
        retention={retention.data}
        online={list.online}
        onSaved={() => {
          void retention.reload();
          setApplied((x) => ({ ...x, nonce: x.nonce + 1 }));
        }}
      />
    </ListPage>
  );
}
