// The schedule dialog (spec 1 §2 "schedule dialog", §5, §9): contact, message, send date (one hour ahead by
// default), signature, the ticket to open (status, user, queue), the repeat (unit, every, how many times, the
// non-working-day rule) and an attachment. Saving is REST (POST/PUT /schedules, then the media upload) and needs a
// connection: offline it says 'Precisa de conexão'. The saved row reaches the calendar through the sync pull.
import type { ScheduleDTO } from "@chatflow/core/contract/schedules.ts";
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { Button } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import {
  ScheduleContactField,
  ScheduleHistory,
  ScheduleMediaField,
  ScheduleRepeatFields,
  ScheduleTicketFields,
} from "./schedule-fields.tsx";
import "./schedules.css";
import { useScheduleForm } from "./use-schedule-form.ts";

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
  const { t } = useTranslation();
  const online = useOnline();
  const state = useScheduleForm({ contactId, schedule, onClose, onSaved });
  const { form, set, errors, saving } = state;

  return (
    <FormModal
      title={schedule ? t("schedules.dialog.editTitle") : t("schedules.dialog.addTitle")}
      onClose={onClose}
      onSubmit={() => void state.save()}
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
      {state.refs === undefined ? (
        // The replica answers in a tick; the form waits for it so the contact never shows empty first.
        <Spinner />
      ) : (
        <div className="schedule-form">
          <ScheduleHistory schedule={schedule} />
          <ScheduleContactField state={state} />
          <TextAreaField
            label={t("schedules.dialog.body")}
            value={form.body}
            onChange={(v) => set("body", v)}
            errorMessage={errors.body}
            rows={4}
            isRequired
            autoFocus={!state.pickContact}
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
          {form.openTicket && <ScheduleTicketFields state={state} />}
          <ScheduleRepeatFields state={state} />
          <ScheduleMediaField state={state} />
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
