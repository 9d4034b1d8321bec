// The schedule dialog's field groups (spec 1 §2 "schedule dialog"): what happened to an existing schedule, the
// contact, the ticket to open, the repeat and the attachment.

import type { ScheduleDTO } from "@chatflow/core/contract/schedules.ts";
import { SCHEDULE_DAY_RULES, SCHEDULE_INTERVAL_UNITS } from "@chatflow/core/contract/schedules.ts";
import type { Key } from "react-aria-components/Select";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { IconButton } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { CloseIcon, PaperclipIcon } from "../ui/icons.tsx";
import { ComboBox, Select, SelectItem } from "../ui/select.tsx";
import { asNumber, type ScheduleFormState } from "./use-schedule-form.ts";

type FormProps = { state: ScheduleFormState };

/** An existing schedule's failure, or when it was last sent and how many times of how many. */
export function ScheduleHistory({ schedule }: { schedule?: ScheduleDTO }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {schedule?.status === "ERRO" && (
        <div className="field-error" role="alert" data-testid="schedule-failed">
          <p>{t("schedules.dialog.failed")}</p>
          {/* The reason the send was refused: an error code translated, a plain reason as it is (spec 1 §8). */}
          {schedule.lastError && (
            <p data-testid="schedule-failed-reason">
              {t("schedules.dialog.failedReason", { reason: errorText({ error: schedule.lastError, message: "" }) })}
            </p>
          )}
        </div>
      )}
      {schedule?.sentAt && (
        <p className="schedule-sent" data-testid="schedule-sent">
          {t("schedules.dialog.sent", {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(
              new Date(schedule.sentAt),
            ),
            count: schedule.sentCount,
            total: schedule.enviarQuantasVezes,
          })}
        </p>
      )}
    </>
  );
}

/** The contact: searched and picked for a new schedule from the calendar, otherwise shown. */
export function ScheduleContactField({ state }: FormProps) {
  const { t } = useTranslation();
  const { form, set, errors } = state;
  return state.pickContact ? (
    <ComboBox
      label={t("schedules.dialog.contact")}
      placeholder={t("schedules.dialog.contactPlaceholder")}
      items={state.contactOptions}
      inputValue={state.contactSearch}
      onInputChange={state.setContactSearch}
      selectedKey={form.contactId}
      onSelectionChange={(key) => set("contactId", asNumber(key))}
      errorMessage={errors.contactId}
      emptyText={t("schedules.dialog.noContacts")}
      isRequired
      data-testid="schedule-contact"
    >
      {(c) => (
        <SelectItem id={c.id} textValue={c.name}>
          {c.name}
        </SelectItem>
      )}
    </ComboBox>
  ) : (
    <TextField
      label={t("schedules.dialog.contact")}
      value={state.contactName}
      isReadOnly
      errorMessage={errors.contactId}
      data-testid="schedule-contact-name"
    />
  );
}

/** The ticket the send opens: its status, user and queue. */
export function ScheduleTicketFields({ state }: FormProps) {
  const { t } = useTranslation();
  const { form, set, errors, refs } = state;
  const statuses = [
    { id: "open", name: t("schedules.dialog.statusOpen") },
    { id: "closed", name: t("schedules.dialog.statusClosed") },
  ];
  return (
    <div className="schedule-row">
      <Select
        label={t("schedules.dialog.statusTicket")}
        items={statuses}
        value={form.statusTicket}
        onChange={(key) => set("statusTicket", key === "open" ? "open" : "closed")}
        data-testid="schedule-status-ticket"
      >
        {(s) => <SelectItem id={s.id}>{s.name}</SelectItem>}
      </Select>
      <Select
        label={t("schedules.dialog.user")}
        items={refs?.users ?? []}
        value={form.ticketUserId}
        onChange={(key) => set("ticketUserId", asNumber(key as Key | null))}
        errorMessage={errors.ticketUserId}
        data-testid="schedule-user"
      >
        {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
      </Select>
      <Select
        label={t("schedules.dialog.queue")}
        items={refs?.queues ?? []}
        value={form.queueId}
        onChange={(key) => set("queueId", asNumber(key as Key | null))}
        errorMessage={errors.queueId}
        data-testid="schedule-queue"
      >
        {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
      </Select>
    </div>
  );
}

/** The repeat: the unit, every how many, how many times, and what a non-working day does. */
export function ScheduleRepeatFields({ state }: FormProps) {
  const { t } = useTranslation();
  const { form, set, errors } = state;
  const units = SCHEDULE_INTERVAL_UNITS.map((id) => ({ id, name: t(`schedules.dialog.units.${id}`) }));
  const dayRules = SCHEDULE_DAY_RULES.map((id) => ({ id, name: t(`schedules.dialog.dayRules.${id}`) }));
  return (
    <>
      <div className="schedule-row">
        <Select
          label={t("schedules.dialog.intervalo")}
          items={units}
          value={form.intervalo}
          onChange={(key) => set("intervalo", Number(key))}
          data-testid="schedule-interval-unit"
        >
          {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
        </Select>
        <TextField
          label={t("schedules.dialog.valorIntervalo")}
          type="number"
          inputMode="numeric"
          value={form.valorIntervalo}
          onChange={(v) => set("valorIntervalo", v)}
          errorMessage={errors.valorIntervalo}
          data-testid="schedule-interval-value"
        />
        <TextField
          label={t("schedules.dialog.enviarQuantasVezes")}
          type="number"
          inputMode="numeric"
          value={form.enviarQuantasVezes}
          onChange={(v) => set("enviarQuantasVezes", v)}
          errorMessage={errors.enviarQuantasVezes}
          data-testid="schedule-times"
        />
      </div>
      <Select
        label={t("schedules.dialog.tipoDias")}
        items={dayRules}
        value={form.tipoDias}
        onChange={(key) => set("tipoDias", Number(key))}
        data-testid="schedule-day-rule"
      >
        {(r) => <SelectItem id={r.id}>{r.name}</SelectItem>}
      </Select>
    </>
  );
}

/** The attachment: pick a file, or remove the one picked or kept. */
export function ScheduleMediaField({ state }: FormProps) {
  const { t } = useTranslation();
  const { mediaName } = state;
  return (
    <div className="schedule-row schedule-media">
      <FileButton
        icon={<PaperclipIcon size={16} />}
        onSelect={(files) => state.setFile(files[0] ?? null)}
        data-testid="schedule-attach"
      >
        {t("schedules.dialog.attach")}
      </FileButton>
      {mediaName && (
        <span className="schedule-media-name" data-testid="schedule-media-name">
          {mediaName}
          <IconButton label={t("schedules.dialog.removeMedia", { name: mediaName })} onPress={state.removeMedia}>
            <CloseIcon size={16} />
          </IconButton>
        </span>
      )}
    </div>
  );
}
