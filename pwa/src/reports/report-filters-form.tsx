// The tickets report's filters (spec 3 §2 "Reports"): contact (searched as typed), connection, users, queues,
// status, period and only rated; 'Filtrar' applies them, 'Limpar' goes back to the defaults.
import { REPORT_STATUSES } from "@chatflow/core/contract/reports.ts";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { FilterIcon } from "../ui/icons.tsx";
import { ComboBox, Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import { useReplicaUsers } from "../users/users-data.ts";
import type { ReportFilters } from "./report-model.ts";
import { useReportContactOptions } from "./reports-data.ts";

export function ReportFiltersForm({
  filters,
  onChange,
  contactSearch,
  onContactSearch,
  online,
  hidden,
  statusText,
  onApply,
  onClear,
}: {
  filters: ReportFilters;
  onChange: <K extends keyof ReportFilters>(key: K, value: ReportFilters[K]) => void;
  contactSearch: string;
  onContactSearch: (text: string) => void;
  online: boolean;
  /** Folded away (phones, until the filters button opens it). */
  hidden: boolean;
  statusText: (status: string) => string;
  onApply: (e?: FormEvent) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const { options: contacts } = useReportContactOptions(contactSearch, online);
  const whatsapps = useReplicaWhatsapps() ?? [];
  const users = useReplicaUsers() ?? [];
  const queues = useReplicaQueues() ?? [];
  return (
    <form
      id="reports-filters"
      className="reports-filters"
      hidden={hidden}
      aria-label={t("reportsPage.filtersLabel")}
      onSubmit={onApply}
    >
      <ComboBox
        label={t("reportsPage.contact")}
        placeholder={t("reportsPage.contactPlaceholder")}
        items={contacts}
        inputValue={contactSearch}
        onInputChange={(v) => {
          onContactSearch(v);
          if (v === "") onChange("contactId", null);
        }}
        selectedKey={filters.contactId}
        onSelectionChange={(key) => onChange("contactId", key === null ? null : Number(key))}
        emptyText={t("reportsPage.contactEmpty")}
        data-testid="reports-contact"
      >
        {(o) => (
          <SelectItem id={o.id} textValue={o.name}>
            {o.isGroup ? t("reportsPage.groupOption", { name: o.name }) : o.name}
          </SelectItem>
        )}
      </ComboBox>
      <Select
        label={t("reportsPage.connection")}
        items={whatsapps}
        value={filters.whatsappId}
        onChange={(k) => onChange("whatsappId", k === null ? null : Number(k))}
        data-testid="reports-connection"
      >
        {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
      </Select>
      <Select
        label={t("reportsPage.users")}
        selectionMode="multiple"
        items={users}
        value={filters.users}
        onChange={(keys) => onChange("users", (keys as number[]).map(Number))}
        data-testid="reports-users"
      >
        {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
      </Select>
      <Select
        label={t("reportsPage.queues")}
        selectionMode="multiple"
        items={queues}
        value={filters.queueIds}
        onChange={(keys) => onChange("queueIds", (keys as number[]).map(Number))}
        data-testid="reports-queues"
      >
        {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
      </Select>
      <Select
        label={t("reportsPage.status")}
        selectionMode="multiple"
        items={REPORT_STATUSES.map((s) => ({ id: s, name: statusText(s) }))}
        value={filters.status}
        onChange={(keys) => onChange("status", (keys as string[]).map(String))}
        data-testid="reports-status"
      >
        {(s) => <SelectItem id={s.id}>{s.name}</SelectItem>}
      </Select>
      <TextField
        label={t("reportsPage.dateFrom")}
        type="date"
        value={filters.dateFrom}
        onChange={(v) => onChange("dateFrom", v)}
        data-testid="reports-date-from"
      />
      <TextField
        label={t("reportsPage.dateTo")}
        type="date"
        value={filters.dateTo}
        onChange={(v) => onChange("dateTo", v)}
        data-testid="reports-date-to"
      />
      <Checkbox
        isSelected={filters.onlyRated}
        onChange={(v) => onChange("onlyRated", v)}
        data-testid="reports-only-rated"
      >
        {t("reportsPage.onlyRated")}
      </Checkbox>
      <div className="reports-filter-actions">
        <Button type="submit" variant="primary" icon={<FilterIcon />} data-testid="reports-apply">
          {t("reportsPage.apply")}
        </Button>
        <Button variant="ghost" onPress={onClear} data-testid="reports-clear">
          {t("reportsPage.clear")}
        </Button>
      </div>
    </form>
  );
}
