// The companies table's columns (spec 3 §2 Companies page): the company, its plan and value, its attendants and
// connections against the plan's limits (spec 3 §3 numberAttendants, numberConections; decision 0119), dates, the due
// date with its recurrence and how soon it falls, the media folder's use, and edit and users for each row. The table
// fits 1366 px without scrolling sideways (DataTable's fit): cells wrap, an e-mail before its '@' and dots.
import type { CompanyAdminDTO } from "@chatflow/core/contract/companies.ts";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { formatBRL } from "../settings/settings-model.ts";
import { formatDate, formatTime } from "../tickets/format.ts";
import { Badge } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import type { Column } from "../ui/data-table.tsx";
import { EditIcon, UsersIcon } from "../ui/icons.tsx";
import { dueState, formatBytes } from "./company-form.ts";

const day = (iso: string | null) => (iso ? formatDate(new Date(`${iso.slice(0, 10)}T00:00:00`)) : null);
const moment = (iso: string | null) => (iso ? `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}` : null);

/** An e-mail that may wrap before its '@' and its domain's dots (never inside a name), so it holds no wide column. */
function breakableEmail(email: string | null) {
  if (!email) return null;
  return email.split(/(?=[@.])/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

export function useCompanyColumns({
  online,
  today,
  onEdit,
  onUsers,
}: {
  online: boolean;
  /** The local day the due dates are measured from. */
  today: string;
  onEdit: (company: CompanyAdminDTO) => void;
  onUsers: (company: CompanyAdminDTO) => void;
}): Column<CompanyAdminDTO>[] {
  const { t } = useTranslation();
  /** "3 de 10 atendentes" against the plan's limit; the count alone when the plan sets none (0, decision 0012). */
  const usage = (what: "attendants" | "connections", used: number, limit: number | undefined) =>
    limit ? t(`companiesPage.${what}Of`, { used, limit }) : t(`companiesPage.${what}`, { count: used });
  return [
    { id: "id", header: t("companiesPage.columns.id"), cell: (c) => c.id, numeric: true },
    {
      id: "status",
      header: t("companiesPage.columns.status"),
      cell: (c) => (c.status ? t("companiesPage.yes") : t("companiesPage.no")),
    },
    { id: "name", header: t("companiesPage.columns.name"), cell: (c) => c.name },
    {
      id: "email",
      header: t("companiesPage.columns.email"),
      cell: (c) => breakableEmail(c.email) ?? t("companiesPage.none"),
    },
    { id: "plan", header: t("companiesPage.columns.plan"), cell: (c) => c.plan?.name ?? t("companiesPage.none") },
    {
      // Attendants and connections against the plan's limits in one cell (two columns did not fit at 1366 px).
      id: "usage",
      header: t("companiesPage.columns.usage"),
      cell: (c) => (
        <span className="company-usage">
          <span data-testid="company-attendants">{usage("attendants", c.numberAttendants, c.plan?.users)}</span>
          <span data-testid="company-connections">{usage("connections", c.numberConections, c.plan?.connections)}</span>
        </span>
      ),
    },
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
      // The folder's size, files and last change in one cell (three columns did not fit at 1366 px).
      id: "folder",
      header: t("companiesPage.columns.folder"),
      cell: (c) => (
        <span className="company-folder">
          <span>
            {formatBytes(c.folderSize)} · {t("companiesPage.folderFiles", { count: c.numberFileFolder })}
          </span>
          {c.updatedAtFolder && (
            <span className="company-folder-changed">
              {t("companiesPage.folderChanged", { date: moment(c.updatedAtFolder) })}
            </span>
          )}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("companiesPage.columns.actions"),
      cell: (c) => (
        <span className="company-actions">
          <IconButton
            label={t("companiesPage.edit", { name: c.name })}
            onPress={() => onEdit(c)}
            isDisabled={!online}
            data-testid="company-edit"
          >
            <EditIcon />
          </IconButton>
          <IconButton
            label={t("companiesPage.users", { name: c.name })}
            onPress={() => onUsers(c)}
            isDisabled={!online}
            data-testid="company-users"
          >
            <UsersIcon />
          </IconButton>
        </span>
      ),
    },
  ];
}
