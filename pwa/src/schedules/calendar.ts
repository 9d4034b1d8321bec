// The calendar's arithmetic (spec 2 §2 Schedules: month, week and day views, events at sendAt), in the device's
// local time, with plain Date: the range a view shows, its days, and the events of each day. Weeks start on
// Sunday, as pt-BR calendars do.

export type CalendarView = "month" | "week" | "day";

/** Local midnight of `d`. */
export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const startOfWeek = (d: Date) => addDays(startOfDay(d), -d.getDay());

/** A key per local day, "YYYY-MM-DD". */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The days a view shows: six weeks around the month, the week of the date, or the day itself. */
export function viewDays(view: CalendarView, date: Date): Date[] {
  if (view === "day") return [startOfDay(date)];
  if (view === "week") return Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(date), i));
  const first = startOfWeek(new Date(date.getFullYear(), date.getMonth(), 1));
  return Array.from({ length: 42 }, (_, i) => addDays(first, i));
}

/** [from, to) instants of the view, to read the events it shows. */
export function viewRange(view: CalendarView, date: Date): { from: Date; to: Date } {
  const days = viewDays(view, date);
  return { from: days[0]!, to: addDays(days[days.length - 1]!, 1) };
}

/** The date a view moves to with previous (-1) / next (+1). */
export function shiftDate(view: CalendarView, date: Date, step: -1 | 1): Date {
  if (view === "day") return addDays(date, step);
  if (view === "week") return addDays(date, 7 * step);
  return new Date(date.getFullYear(), date.getMonth() + step, 1);
}

/** Events grouped by local day, each day in time order. */
export function eventsByDay<T extends { sendAt: string; id: number }>(events: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  const sorted = [...events].sort((a, b) => a.sendAt.localeCompare(b.sendAt) || a.id - b.id);
  for (const e of sorted) {
    const key = dayKey(new Date(e.sendAt));
    out.set(key, [...(out.get(key) ?? []), e]);
  }
  return out;
}

/** Whether a schedule matches the search (body or contact name, case-insensitive). */
export function matchesSearch(s: { body: string; contact: { name: string } | null }, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return s.body.toLowerCase().includes(q) || (s.contact?.name.toLowerCase().includes(q) ?? false);
}
