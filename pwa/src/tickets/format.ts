// Display rules of the inbox (spec 1 §2, §9): truncation, times, day separators.
// Local time throughout, since the agent reads times on their own clock.

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function formatDate(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Ticket list time: HH:mm if today, otherwise dd/MM/yyyy. */
export function listTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dayKey(date) === dayKey(now) ? formatTime(date) : formatDate(date);
}

/** Separator label for a day of messages: the caller's "today" text, else dd/MM/yyyy. */
export function dayLabel(date: Date, todayText: string, now: Date = new Date()): string {
  return dayKey(date) === dayKey(now) ? todayText : formatDate(date);
}

export type DayGroup<T> = { day: string; date: Date; items: T[] };

/** Splits messages (already in time order) into runs of the same local day. */
export function groupByDay<T extends { createdAt: string }>(items: T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(item.createdAt);
    const day = dayKey(date);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, date, items: [item] });
  }
  return groups;
}
