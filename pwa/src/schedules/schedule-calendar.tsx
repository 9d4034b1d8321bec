// The calendar of /schedules (spec 2 §2 "Schedules"): today, previous and next, the range's title, and the days of
// the month, week or day view with each schedule at its sendAt; a month cell that overflows offers '+N mais'.
import type { ScheduleDTO } from "@chatflow/core/contract/schedules.ts";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { type CalendarView, dayKey, eventsByDay, shiftDate, startOfDay, viewDays } from "./calendar.ts";

/** Lines a month cell has for events: all of them when they fit, else one less and '+N mais'. */
const MONTH_CELL_LINES = 2;

export function ScheduleCalendar({
  view,
  date,
  events,
  loaded,
  onDate,
  onView,
  onOpen,
}: {
  view: CalendarView;
  date: Date;
  /** The schedules the filters leave, in the view's range. */
  events: ScheduleDTO[];
  /** The replica has answered (before that, no 'empty' text). */
  loaded: boolean;
  onDate: (date: Date) => void;
  onView: (view: CalendarView) => void;
  onOpen: (schedule: ScheduleDTO) => void;
}) {
  const { t, i18n } = useTranslation();
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
        onPress={() => onOpen(s)}
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
              onDate(d);
              onView("day");
            }}
          >
            {t("schedules.more", { count: list.length - shown.length })}
          </Button>
        )}
      </li>
    );
  };

  return (
    <section className="schedules-calendar" aria-label={t("schedules.calendar")} data-view={view}>
      <div className="schedules-nav">
        <Button size="small" onPress={() => onDate(startOfDay(new Date()))} data-testid="schedules-today">
          {t("schedules.today")}
        </Button>
        <Button size="small" onPress={() => onDate(shiftDate(view, date, -1))} data-testid="schedules-previous">
          {t("schedules.previous")}
        </Button>
        <Button size="small" onPress={() => onDate(shiftDate(view, date, 1))} data-testid="schedules-next">
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
      {events.length === 0 && loaded && <p className="schedules-empty">{t("schedules.empty")}</p>}
    </section>
  );
}
