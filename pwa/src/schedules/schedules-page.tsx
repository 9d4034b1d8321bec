// /schedules (spec 2 §2 "Schedules"): a calendar 500 px high with month, week and day views, each schedule placed
// at its sendAt, a search, and ?contactId= to show one contact's schedules (the contact drawer sends people here).
// It reads the replicated schedules from IndexedDB, so it opens offline and follows other people's changes live
// (spec 2 §4); creating, editing and deleting are REST and need a connection.
import type { ScheduleDTO } from "@chatflow/core/contract/schedules.ts";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useReplicaContact } from "../contacts/contacts-data.ts";
import { useOnline } from "../layout/use-online.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { PlusIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { showToast } from "../ui/toasts.ts";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { type CalendarView, matchesSearch, startOfDay, viewRange } from "./calendar.ts";
import { ScheduleCalendar } from "./schedule-calendar.tsx";
import "./schedules.css";
import { useDeleteSchedule, useSchedulesBetween } from "./schedules-data.ts";

const ScheduleDialog = lazy(() => import("./schedule-dialog.tsx").then((m) => ({ default: m.ScheduleDialog })));

const VIEWS: CalendarView[] = ["month", "week", "day"];

export function SchedulesPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const contactParam = Number(params.get("contactId"));
  const contactId = Number.isInteger(contactParam) && contactParam > 0 ? contactParam : null;
  const [view, setView] = useState<CalendarView>("month");
  const [date, setDate] = useState(() => startOfDay(new Date()));
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText, 500);
  const [editing, setEditing] = useState<ScheduleDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<ScheduleDTO | null>(null);

  const { from, to } = viewRange(view, date);
  const rows = useSchedulesBetween(from, to);
  const filterContact = useReplicaContact(contactId);
  const deleteSchedule = useDeleteSchedule();
  const events = useMemo(
    () => (rows ?? []).filter((s) => (contactId === null || s.contactId === contactId) && matchesSearch(s, search)),
    [rows, contactId, search],
  );
  async function remove(s: ScheduleDTO) {
    await deleteSchedule(s.id);
    showToast(t("schedules.toasts.deleted"), "info");
    setEditing(null);
  }

  return (
    <ListPage
      className="schedules-page"
      data-testid="schedules-page"
      title={
        contactId !== null && filterContact
          ? t("schedules.filteredBy", { name: filterContact.name })
          : t("schedules.title")
      }
      actions={
        <>
          {contactId !== null && (
            <Button variant="ghost" onPress={() => setParams({})} data-testid="schedules-clear-filter">
              {t("schedules.clearFilter")}
            </Button>
          )}
          <Button
            variant="primary"
            icon={<PlusIcon />}
            onPress={() => setEditing("new")}
            isDisabled={!online}
            data-testid="schedules-add"
          >
            {t("schedules.add")}
          </Button>
        </>
      }
      search={{
        label: t("schedules.search"),
        value: searchText,
        onChange: setSearchText,
        "data-testid": "schedules-search",
      }}
      notice={online ? null : t("schedules.offline")}
    >
      <Tabs selectedKey={view} onSelectionChange={(key) => setView(key as CalendarView)}>
        <TabList aria-label={t("schedules.views.label")}>
          {VIEWS.map((v) => (
            <Tab key={v} id={v} data-testid={`schedules-view-${v}`}>
              {t(`schedules.views.${v}`)}
            </Tab>
          ))}
        </TabList>
        {VIEWS.map((v) => (
          <TabPanel key={v} id={v}>
            <ScheduleCalendar
              view={view}
              date={date}
              events={events}
              loaded={rows !== undefined}
              onDate={setDate}
              onView={setView}
              onOpen={setEditing}
            />
          </TabPanel>
        ))}
      </Tabs>
      {editing !== null && (
        <Suspense fallback={null}>
          <ScheduleDialog
            contactId={editing === "new" ? contactId : editing.contactId}
            schedule={editing === "new" ? undefined : editing}
            onClose={() => setEditing(null)}
            onDelete={(s) => setDeleting(s)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("schedules.deleteConfirm.title")}
        confirmLabel={t("schedules.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="schedule-delete-confirm"
      >
        {t("schedules.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
