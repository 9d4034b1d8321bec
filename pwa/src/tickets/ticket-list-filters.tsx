// The list's filters (spec 1 §2 controls): tags, users (admins only, §6), connections,
// queues, status (in search) and unread only, in a panel opened from one button that says
// how many are on.
import type { TicketStatus } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../ui/button.tsx";
import { FilterIcon } from "../ui/icons.tsx";
import { DialogTrigger, PopoverDialog } from "../ui/popover.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import {
  activeFilterCount,
  EMPTY_FILTER,
  FILTER_STATUSES,
  isAdmin,
  type ListViewer,
  type TicketListFilter,
  type TicketTab,
} from "./ticket-list-filter.ts";
import { useTicketFilterChoices } from "./tickets-data.ts";

export function TicketFilters({
  user,
  tab,
  filter,
  onChange,
}: {
  user: ListViewer;
  tab: TicketTab;
  filter: TicketListFilter;
  onChange: (patch: Partial<TicketListFilter>) => void;
}) {
  const { t } = useTranslation();
  const refs = useTicketFilterChoices();
  const count = activeFilterCount({ ...filter, userIds: isAdmin(user) ? filter.userIds : [] });
  const label = count > 0 ? t("ticketList.filtersCount", { count }) : t("ticketList.filters");
  const ids = (keys: unknown) => [...(keys as Iterable<number | string>)].map(Number);
  const statuses = FILTER_STATUSES.map((id) => ({ id, name: t(`ticketList.tabs.${id}`) }));
  return (
    <DialogTrigger>
      <IconButton label={label} data-testid="ticket-filters">
        <FilterIcon />
        {count > 0 && (
          <span className="ticket-filter-count" aria-hidden="true">
            {count}
          </span>
        )}
      </IconButton>
      <PopoverDialog label={t("ticketList.filters")} title={t("ticketList.filters")} className="ticket-filters">
        {({ close }) => (
          <div className="ticket-filters-fields" data-testid="ticket-filters-panel">
            <Select
              label={t("ticketList.filterTags")}
              selectionMode="multiple"
              items={refs?.tags ?? []}
              value={filter.tagIds}
              onChange={(keys) => onChange({ tagIds: ids(keys) })}
              data-testid="ticket-filter-tags"
            >
              {(tag) => <SelectItem id={tag.id}>{tag.name}</SelectItem>}
            </Select>
            {isAdmin(user) && (
              <Select
                label={t("ticketList.filterUsers")}
                selectionMode="multiple"
                items={refs?.users ?? []}
                value={filter.userIds}
                onChange={(keys) => onChange({ userIds: ids(keys) })}
                data-testid="ticket-filter-users"
              >
                {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
              </Select>
            )}
            <Select
              label={t("ticketList.filterConnections")}
              selectionMode="multiple"
              items={refs?.whatsapps ?? []}
              value={filter.whatsappIds}
              onChange={(keys) => onChange({ whatsappIds: ids(keys) })}
              data-testid="ticket-filter-connections"
            >
              {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
            </Select>
            <Select
              label={t("ticketList.filterQueues")}
              selectionMode="multiple"
              items={refs?.queues ?? []}
              value={filter.queueIds}
              onChange={(keys) => onChange({ queueIds: ids(keys) })}
              data-testid="ticket-filter-queues"
            >
              {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
            </Select>
            {tab === "search" && (
              <Select
                label={t("ticketList.filterStatus")}
                selectionMode="multiple"
                items={statuses}
                value={filter.statuses}
                onChange={(keys) => onChange({ statuses: [...(keys as Iterable<TicketStatus>)] })}
                data-testid="ticket-filter-status"
              >
                {(s) => <SelectItem id={s.id}>{s.name}</SelectItem>}
              </Select>
            )}
            <Checkbox
              isSelected={filter.unreadOnly}
              onChange={(unreadOnly) => onChange({ unreadOnly })}
              data-testid="ticket-filter-unread"
            >
              {t("ticketList.unreadOnly")}
            </Checkbox>
            <Button
              variant="ghost"
              size="small"
              isDisabled={count === 0}
              onPress={() => {
                onChange({
                  tagIds: EMPTY_FILTER.tagIds,
                  userIds: EMPTY_FILTER.userIds,
                  whatsappIds: EMPTY_FILTER.whatsappIds,
                  queueIds: EMPTY_FILTER.queueIds,
                  statuses: EMPTY_FILTER.statuses,
                  unreadOnly: false,
                });
                // The button turns disabled: the panel closes rather than leave focus nowhere.
                close();
              }}
            >
              {t("ticketList.clearFilters")}
            </Button>
          </div>
        )}
      </PopoverDialog>
    </DialogTrigger>
  );
}
