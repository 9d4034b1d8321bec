// The weekday service-hours editor (spec 2 §2: one entry per weekday, monday to sunday, each with
// windows A and B): the queue modal's hours tab and the connection dialog's schedules tab share it.
import type { QueueSchedule } from "@chatflow/core/contract/queues.ts";
import { useTranslation } from "react-i18next";
import { TextField } from "../ui/fields.tsx";
import "./queues.css";

export const WINDOW_FIELDS = [
  ["startTimeA", "startA"],
  ["endTimeA", "endA"],
  ["startTimeB", "startB"],
  ["endTimeB", "endB"],
] as const;

export type WindowField = (typeof WINDOW_FIELDS)[number][0];

export function WeekHoursEditor({
  schedules,
  onChange,
  errors,
  testIdPrefix,
}: {
  schedules: readonly QueueSchedule[];
  onChange: (schedules: QueueSchedule[]) => void;
  /** Errors keyed `schedules.{i}.{field}`. */
  errors: Record<string, string>;
  /** e.g. "queue-hours": each day is `{prefix}-{weekdayEn}`, each time `{prefix}-{weekdayEn}-{field}`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const setWindow = (day: number, field: WindowField, value: string) =>
    onChange(schedules.map((s, i) => (i === day ? { ...s, [field]: value } : s)));
  return (
    <>
      {schedules.map((day, i) => (
        <fieldset key={day.weekdayEn} className="queue-hours-day" data-testid={`${testIdPrefix}-${day.weekdayEn}`}>
          <legend className="queue-hours-weekday">{t(`queuesPage.modal.weekdays.${day.weekdayEn}`)}</legend>
          {WINDOW_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              label={t(`queuesPage.modal.${label}`)}
              type="time"
              value={day[field]}
              onChange={(v) => setWindow(i, field, v)}
              errorMessage={errors[`schedules.${i}.${field}`]}
              data-testid={`${testIdPrefix}-${day.weekdayEn}-${field}`}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}
