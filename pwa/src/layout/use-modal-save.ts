// The save step of the admin screens' form modals (file lists, integrations, prompts, campaigns, contact lists,
// announcements, phrase campaigns): the form's own check first (its errors shown on their fields, nothing sent),
// then one save at a time, then the refusal shown where it belongs. Field errors go on their fields and any other
// error becomes a toast. The modal does what follows a success: its toast, reloading its list, closing.
import { useRef, useState } from "react";
import { errorText } from "../i18n/translate-error.ts";
import type { ChatflowDb } from "../store/db.ts";
import { outboxEntryIds, whenPushed } from "../store/outbox.ts";
import { showPendingToast, showToast } from "../ui/toasts.ts";

export type FieldErrors = Record<string, string>;

/** What a form's save answers: its result, or the refusal (field errors, else the error for a toast). */
export type SaveOutcome = { ok: true } | { ok: false; errors: FieldErrors; error: unknown };

export function useModalSave() {
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A second press before React shows the first as pending is ignored here, not sent twice.
  const busy = useRef(false);

  /**
   * Shows `found` (the form's own check); when it is empty, runs `save` once. Answers its successful outcome, or
   * null after a refusal, shown as above (`fallback` when the error has no text of its own).
   */
  async function run<O extends SaveOutcome>(
    found: FieldErrors,
    save: () => Promise<O>,
    fallback?: string,
  ): Promise<Extract<O, { ok: true }> | null> {
    if (busy.current) return null;
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    busy.current = true;
    setSaving(true);
    try {
      const outcome = await save();
      if (outcome.ok) return outcome as Extract<O, { ok: true }>;
      const refusal = outcome as Extract<SaveOutcome, { ok: false }>;
      if (Object.keys(refusal.errors).length > 0) setErrors(refusal.errors);
      else showToast(errorText(refusal.error) || fallback || "");
      return null;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return { saving, errors, setErrors, run };
}

/** A push this quick shows only the success: no "saved on this device" flashing by. */
const QUIET_MS = 400;

/**
 * "Saved" means saved (issue 21): after a change went through the outbox, `saved` (the screen's success text) is
 * shown once the server has it. Until then the toast says `pending` ("Salvo neste dispositivo, enviando…") and
 * stays, offline for as long as it takes; a refusal takes it away (the push has said why).
 */
export async function announceSavedIn(
  db: ChatflowDb,
  saved: string,
  pending: string,
  quietMs = QUIET_MS,
): Promise<void> {
  const since = new Date(Date.now() - 1000).toISOString();
  const ids = await outboxEntryIds(db);
  if (ids.length === 0) {
    showToast(saved, "info");
    return;
  }
  const pushed = whenPushed(db, ids, since);
  const quick = await Promise.race([pushed, new Promise<null>((resolve) => setTimeout(() => resolve(null), quietMs))]);
  if (quick !== null) {
    if (quick) showToast(saved, "info");
    return;
  }
  const toast = showPendingToast(pending);
  toast.settle((await pushed) ? saved : null);
}
