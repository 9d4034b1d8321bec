// /schedules (spec 2 §2 "Schedules"): a calendar 500 px high with month, week and day views, each schedule placed
// at its sendAt, a search, and ?contactId= to show one contact's schedules (the contact drawer sends people here).
// It reads the replicated schedules from IndexedDB, so it opens offline and follows other people's changes live
// (spec 2 §4); creating, editing and deleting are REST and need a connection.
import type { ScheduleDTO } from "@chatflow/core/contract/schedules.ts";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useReplicaContact } from "../contacts/contacts-data.ts";
import { useOnline } from "../layout/use-online.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { SearchField } from "../ui/fields.tsx";
import { PlusIcon } from "../ui/icons.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { showToast } from "../ui/toasts.ts";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import {
  type CalendarView,
  dayKey,
  eventsByDay,
  matchesSearch,
  shiftDate,
  startOfDay,
  viewDays,
  viewRange,
} from "./calendar.ts";
import "./schedules.css";
import { useDeleteSchedule, useSchedulesBetween } from "./schedules-data.ts";

const ScheduleDialog = lazy(() => import("./schedule-dialog.tsx").then((m) => ({ default: m.ScheduleDialog })));

/** Lines a month cell has for events: all of them when they fit, else one less and '+N mais'. */
const MONTH_CELL_LINES = 2;
const VIEWS: CalendarView[] = ["month", "week", "day"];

export function SchedulesPage() {
  const { t, i18n } = useTranslation();
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
  const byDay = useMemo(() => eventsByDay(events), [events]);
  const days = viewDays(view, date);
  const language = i18n.language;

  const fmt = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(language, { month: "long", year: "numeric" }),
      day: new Intl.DateTimeFormat(language, { weekday: "long", day: "numeric", month: "long", year: "numeric" }),
      short: new Intl.DateTimeFormat(language, { day: "numeric", month: "short" }),
      weekday: new Intl.DateTimeFormat(language, { weekday: "short" }),
      time: new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" }),
    }),
    [language],
  );
  const rangeTitle =
    view === "month"
      ? fmt.month.format(date)
      : view === "day"
        ? fmt.day.format(date)
        : `${fmt.short.format(days[0]!)} – ${fmt.short.format(days[6]!)} ${days[6]!.getFullYear()}`;
  const today = dayKey(new Date());

  async function remove(s: ScheduleDTO) {
    await deleteSchedule(s.id);
    showToast(t("schedules.toasts.deleted"), "info");
    setEditing(null);
  }

  // The button's name is its text: time and contact shown, the message and status for screen readers too.
  const eventButton = (s: ScheduleDTO, long: boolean) => {
    const time = fmt.time.format(new Date(s.sendAt));
    const status = t(`schedules.status.${s.status}`);
    return (
      <Button
        key={s.id}
        size="small"
        variant="ghost"
        className="schedule-event"
        data-status={s.status}
        onPress={() => setEditing(s)}
        data-testid="schedule-event"
      >
        <span className="schedule-event-time">{time}</span>{" "}
        <span className="schedule-event-contact">{s.contact?.name ?? ""}</span>
        <span className={long ? "schedule-event-body" : "visually-hidden"}>: {s.body}</span>
        {s.status === "ERRO" ? (
          <span className="schedule-event-error"> {status}</span>
        ) : (
          <span className="visually-hidden"> ({status})</span>
        )}
      </Button>
    );
  };

  const dayCell = (d: Date, limit: number | null, long: boolean): ReactNode => {
    const key = dayKey(d);
    const list = byDay.get(key) ?? [];
    const shown = limit === null || list.length <= limit ? list : list.slice(0, limit - 1);
    const outside = view === "month" && d.getMonth() !== date.getMonth();
    return (
      <li
        key={key}
        className="schedule-day"
        data-outside={outside || undefined}
        data-today={key === today || undefined}
        aria-label={fmt.day.format(d)}
        data-testid="schedule-day"
        data-day={key}
      >
        <span className="schedule-day-number" aria-hidden="true">
          {view === "month" ? d.getDate() : `${fmt.weekday.format(d)} ${d.getDate()}`}
        </span>
        {shown.length > 0 && <div className="schedule-day-events">{shown.map((s) => eventButton(s, long))}</div>}
        {list.length > shown.length && (
          <Button
            size="small"
            variant="ghost"
            className="schedule-more"
            onPress={() => {
              setDate(d);
              setView("day");
            }}
          >
            {t("schedules.more", { count: list.length - shown.length })}
          </Button>
        )}
      </li>
    );
  };

  const calendar = (
    <section className="schedules-calendar" aria-label={t("schedules.calendar")} data-view={view}>
      <div className="schedules-nav">
        <Button size="small" onPress={() => setDate(startOfDay(new Date()))} data-testid="schedules-today">
          {t("schedules.today")}
        </Button>
        <Button size="small" onPress={() => setDate(shiftDate(view, date, -1))} data-testid="schedules-previous">
          {t("schedules.previous")}
        </Button>
        <Button size="small" onPress={() => setDate(shiftDate(view, date, 1))} data-testid="schedules-next">
          {t("schedules.next")}
        </Button>
        <h2 className="schedules-range" aria-live="polite" data-testid="schedules-range">
          {rangeTitle}
        </h2>
      </div>
      {view === "month" && (
        <div className="schedule-weekdays" aria-hidden="true">
          {days.slice(0, 7).map((d) => (
            <span key={d.getDay()}>{fmt.weekday.format(d)}</span>
          ))}
        </div>
      )}
      <ol className={`schedule-grid schedule-grid-${view}`}>
        {days.map((d) => dayCell(d, view === "month" ? MONTH_CELL_LINES : null, view === "day"))}
      </ol>
      {events.length === 0 && rows !== undefined && <p className="schedules-empty">{t("schedules.empty")}</p>}
    </section>
  );

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
      toolbar={
        <SearchField
          label={t("schedules.search")}
          placeholder={t("schedules.search")}
          value={searchText}
          onChange={setSearchText}
          data-testid="schedules-search"
        />
      }
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
            {calendar}
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
