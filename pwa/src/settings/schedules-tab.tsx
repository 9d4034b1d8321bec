// The Schedules tab (spec 3 §2, shown while scheduleType is company): the company's service hours in the
// week-hours editor the queues use, read from GET /companies/{id} (kept for offline reading) and saved with
// PUT /companies/{id}/schedules.
import { defaultQueueSchedules, type QueueSchedule } from "@chatflow/core/contract/queues.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { WeekHoursEditor } from "../queues/week-hours-editor.tsx";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { saveCompanyHours, useCompanyHours } from "./settings-data.ts";

export function SchedulesTab({ companyId, online }: { companyId: number; online: boolean }) {
  const { t } = useTranslation();
  const [schedules, setSchedules] = useState<QueueSchedule[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useCompanyHours(companyId, online, (c) => {
    // A company that never set its hours starts from the defaults (08:00-12:00, 13:00-18:00).
    if (c) setSchedules(c.schedules.length > 0 ? c.schedules : defaultQueueSchedules());
  });

  async function save() {
    if (!schedules) return;
    setSaving(true);
    setErrors({});
    try {
      await saveCompanyHours(companyId, schedules);
      showToast(t("settingsPage.toasts.hoursSaved"), "info");
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields));
      showToast(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  if (!schedules) return online ? <Spinner /> : <p className="settings-intro">{t("settingsPage.offline")}</p>;
  return (
    <div className="settings-hours" data-testid="settings-hours">
      <p className="settings-intro">{t("settingsPage.hoursIntro")}</p>
      <WeekHoursEditor schedules={schedules} onChange={setSchedules} errors={errors} testIdPrefix="company-hours" />
      <div className="settings-actions">
        <Button
          variant="primary"
          onPress={() => void save()}
          isDisabled={!online || saving}
          data-testid="settings-hours-save"
        >
          {saving ? t("settingsPage.updating") : t("settingsPage.save")}
        </Button>
      </div>
    </div>
  );
}
