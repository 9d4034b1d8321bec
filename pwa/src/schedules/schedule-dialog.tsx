// The schedule dialog (spec 1 §2 "schedule dialog", §5, §9): contact, message, send date (one hour ahead by
// default), signature, the ticket to open (status, user, queue), the repeat (unit, every, how many times, the
// non-working-day rule) and an attachment. Saving is REST (POST/PUT /schedules, then the media upload) and needs a
// connection: offline it says 'Precisa de conexão'. The saved row reaches the calendar through the sync pull.
import {
  SCHEDULE_DAY_RULES,
  SCHEDULE_INTERVAL_UNITS,
  type ScheduleDTO,
  ZCreateScheduleRequestSchema,
  ZUpdateScheduleRequestSchema,
} from "@chatflow/core/contract/schedules.ts";
import { useState } from "react";
import type { Key } from "react-aria-components/Select";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { CloseIcon, PaperclipIcon } from "../ui/icons.tsx";
import { ComboBox, Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { newScheduleForm, type ScheduleForm, scheduleFormOf, scheduleRequest } from "./schedule-form.ts";
import "./schedules.css";
import { useScheduleChoices, useScheduleWrites } from "./schedules-data.ts";

/** spec 1 §5's messages for the schedule form. */
const SCHEDULE_MESSAGES: Record<string, string> = {
  Obrigatório: "schedules.validation.required",
  Required: "schedules.validation.required",
  "Mensagem muito curta": "schedules.validation.tooShort",
};

const asNumber = (key: Key | null) => (key === null || key === undefined ? null : Number(key));

export type ScheduleDialogProps = {
  /** The contact to write to; null lets the person pick one (the calendar's 'new'). */
  contactId: number | null;
  /** An existing schedule to edit. */
  schedule?: ScheduleDTO;
  onClose: () => void;
  onSaved?: (saved: ScheduleDTO) => void;
  /** Editing only: delete it (the calendar asks for confirmation first). */
  onDelete?: (schedule: ScheduleDTO) => void;
};

export function ScheduleDialog({ contactId, schedule, onClose, onSaved, onDelete }: ScheduleDialogProps) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const [initial] = useState<ScheduleForm>(() => (schedule ? scheduleFormOf(schedule) : newScheduleForm(contactId)));
  const [form, setForm] = useState<ScheduleForm>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [keptMedia, setKeptMedia] = useState<string | null>(schedule?.mediaName ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [contactSearch, setContactSearch] = useState("");
  const set = <K extends keyof ScheduleForm>(key: K, value: ScheduleForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const refs = useScheduleChoices(contactId === null && !schedule, form.contactId);
  const writes = useScheduleWrites();
  const contactName = refs?.fixed?.name ?? schedule?.contact?.name ?? "";
  const pickContact = contactId === null && !schedule;
  const search = contactSearch.trim().toLowerCase();
  const contactOptions = (refs?.contacts ?? [])
    .filter((c) => !c.isGroup && (!search || c.name.toLowerCase().includes(search) || c.number.includes(search)))
    .slice(0, 50);

  async function save() {
    const body = scheduleRequest(form);
    const parsed = ZCreateScheduleRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, SCHEDULE_MESSAGES));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      let saved: ScheduleDTO;
      if (schedule) {
        // A time left as it was keeps the schedule's progress; a new one starts it again (a failed one too).
        const { sendAt, ...rest } = parsed.data;
        const changes = ZUpdateScheduleRequestSchema.parse(form.sendAt === initial.sendAt ? rest : { ...rest, sendAt });
        saved = await writes.update(schedule.id, changes);
      } else {
        saved = await writes.create(parsed.data);
      }
      try {
        if (file) saved = await writes.uploadMedia(saved.id, file);
        else if (schedule?.mediaName && keptMedia === null) saved = await writes.removeMedia(saved.id);
      } catch (err) {
        showToast(`${t("schedules.toasts.mediaFailed")} ${errorText(err)}`, "error");
      }
      // Shown at once; the pull brings the same row.
      await writes.keep(saved);
      showToast(t("schedules.toasts.saved"), "info");
      onSaved?.(saved);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields, SCHEDULE_MESSAGES));
      else setErrors({ form: errorText(err) });
    } finally {
      setSaving(false);
    }
  }

  const units = SCHEDULE_INTERVAL_UNITS.map((id) => ({ id, name: t(`schedules.dialog.units.${id}`) }));
  const dayRules = SCHEDULE_DAY_RULES.map((id) => ({ id, name: t(`schedules.dialog.dayRules.${id}`) }));
  const statuses = [
    { id: "open", name: t("schedules.dialog.statusOpen") },
    { id: "closed", name: t("schedules.dialog.statusClosed") },
  ];
  const mediaName = file?.name ?? keptMedia;

  return (
    <FormModal
      title={schedule ? t("schedules.dialog.editTitle") : t("schedules.dialog.addTitle")}
      onClose={onClose}
      onSubmit={() => void save()}
      saving={saving}
      note={online ? null : t("schedules.needsConnection")}
      cancelLabel={t("schedules.dialog.cancel")}
      saveLabel={t("schedules.dialog.save")}
      saveDisabled={!online}
      data-testid="schedule-dialog"
      save-testid="schedule-save"
      extraActions={
        schedule &&
        onDelete && (
          <Button
            variant="danger"
            onPress={() => onDelete(schedule)}
            isDisabled={saving || !online}
            data-testid="schedule-delete"
          >
            {t("schedules.dialog.delete")}
          </Button>
        )
      }
    >
      {refs === undefined ? (
        // The replica answers in a tick; the form waits for it so the contact never shows empty first.
        <Spinner />
      ) : (
        <div className="schedule-form">
          {schedule?.status === "ERRO" && (
            <p className="field-error" role="alert">
              {t("schedules.dialog.failed")}
            </p>
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
          {pickContact ? (
            <ComboBox
              label={t("schedules.dialog.contact")}
              placeholder={t("schedules.dialog.contactPlaceholder")}
              items={contactOptions}
              inputValue={contactSearch}
              onInputChange={setContactSearch}
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
              value={contactName}
              isReadOnly
              errorMessage={errors.contactId}
              data-testid="schedule-contact-name"
            />
          )}
          <TextAreaField
            label={t("schedules.dialog.body")}
            value={form.body}
            onChange={(v) => set("body", v)}
            errorMessage={errors.body}
            rows={4}
            isRequired
            autoFocus={!pickContact}
            data-testid="schedule-body"
          />
          <TextField
            label={t("schedules.dialog.sendAt")}
            type="datetime-local"
            value={form.sendAt}
            onChange={(v) => set("sendAt", v)}
            errorMessage={errors.sendAt}
            isRequired
            data-testid="schedule-send-at"
          />
          <div className="schedule-row">
            <Checkbox isSelected={form.assinar} onChange={(v) => set("assinar", v)} data-testid="schedule-sign">
              {t("schedules.dialog.assinar")}
            </Checkbox>
            <Checkbox
              isSelected={form.openTicket}
              onChange={(v) => set("openTicket", v)}
              data-testid="schedule-open-ticket"
            >
              {t("schedules.dialog.openTicket")}
            </Checkbox>
          </div>
          {form.openTicket && (
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
          )}
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
          <div className="schedule-row schedule-media">
            <FileButton
              icon={<PaperclipIcon size={16} />}
              onSelect={(files) => setFile(files[0] ?? null)}
              data-testid="schedule-attach"
            >
              {t("schedules.dialog.attach")}
            </FileButton>
            {mediaName && (
              <span className="schedule-media-name" data-testid="schedule-media-name">
                {mediaName}
                <IconButton
                  label={t("schedules.dialog.removeMedia", { name: mediaName })}
                  onPress={() => {
                    setFile(null);
                    setKeptMedia(null);
                  }}
                >
                  <CloseIcon size={16} />
                </IconButton>
              </span>
            )}
          </div>
          {errors.form && (
            <p className="field-error" role="alert">
              {errors.form}
            </p>
          )}
        </div>
      )}
    </FormModal>
  );
}
