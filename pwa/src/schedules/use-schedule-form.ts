// The schedule dialog's form (spec 1 §5): the fields, the contact search, the attachment kept or replaced, and
// the save over REST (the schedule, then its media) with the contract's check first.

import {
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
import { showToast } from "../ui/toasts.ts";
import { newScheduleForm, type ScheduleForm, scheduleFormOf, scheduleRequest } from "./schedule-form.ts";
import { useScheduleChoices, useScheduleWrites } from "./schedules-data.ts";

/** spec 1 §5's messages for the schedule form. */
const SCHEDULE_MESSAGES: Record<string, string> = {
  Obrigatório: "schedules.validation.required",
  Required: "schedules.validation.required",
  "Mensagem muito curta": "schedules.validation.tooShort",
};

/** A select's key as the id it stands for. */
export const asNumber = (key: Key | null) => (key === null || key === undefined ? null : Number(key));

export type ScheduleFormState = ReturnType<typeof useScheduleForm>;

export function useScheduleForm({
  contactId,
  schedule,
  onClose,
  onSaved,
}: {
  contactId: number | null;
  schedule?: ScheduleDTO;
  onClose: () => void;
  onSaved?: (saved: ScheduleDTO) => void;
}) {
  const { t } = useTranslation();
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

  const removeMedia = () => {
    setFile(null);
    setKeptMedia(null);
  };

  return {
    form,
    set,
    errors,
    saving,
    refs,
    contactName,
    pickContact,
    contactOptions,
    contactSearch,
    setContactSearch,
    mediaName: file?.name ?? keptMedia,
    setFile,
    removeMedia,
    save,
  };
}
