// The super user's list-and-form tabs (Plans, Helps): the records kept for offline reading and refreshed when
// online, one form in new mode or, once a record is picked, edit mode; save (POST or PUT), delete, clear. Core's
// refusals show under their fields (no client-side validation, spec 3 §5).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { serverFieldErrors } from "../i18n/form-errors.ts";
import { readCache, refreshCache } from "../store/cache.ts";
import { showToast } from "../ui/toasts.ts";

/** What a list-and-form tab works with (record-editor-tab.tsx draws it). */
export type RecordEditor<R extends { id: number }, F extends { id: number | null }> = ReturnType<
  typeof useRecordEditor<R, F>
>;

export function useRecordEditor<R extends { id: number }, F extends { id: number | null }>(o: {
  online: boolean;
  /** The cache entry that keeps the list for offline reading. */
  cacheKey: string;
  /** Where the list is read (GET). */
  listPath: string;
  /** The records' path: POST to it, PUT and DELETE to `${path}/{id}`. */
  path: string;
  empty: F;
  formOf: (record: R) => F;
  requestOf: (form: F) => unknown;
  /** The toast's text key when a save fails. */
  saveFailed: string;
}) {
  const { t } = useTranslation();
  const [records, setRecords] = useState<R[]>([]);
  const [form, setForm] = useState<F>(o.empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const reload = () => refreshCache<R[]>(db, api, o.cacheKey, o.listPath).then(setRecords, () => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only reads stable modules and the tab's constants.
  useEffect(() => {
    void readCache<R[]>(db, o.cacheKey).then((kept) => kept && setRecords(kept.value));
    if (o.online) void reload();
  }, [o.online]);

  const clear = () => {
    setForm(o.empty);
    setErrors({});
  };
  const pick = (record: R) => {
    setForm(o.formOf(record));
    setErrors({});
  };

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const body = o.requestOf(form);
      const saved = form.id === null ? await api.post<R>(o.path, body) : await api.put<R>(`${o.path}/${form.id}`, body);
      setForm(o.formOf(saved));
      showToast(t("settingsPage.plans.saved"), "info");
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields));
      showToast(t(o.saveFailed));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (form.id === null) return;
    setBusy(true);
    try {
      await api.delete(`${o.path}/${form.id}`);
      showToast(t("settingsPage.plans.saved"), "info");
      clear();
      await reload();
    } catch {
      showToast(t("settingsPage.plans.deleteFailed"));
    } finally {
      setBusy(false);
    }
  }

  return { records, form, setForm, errors, busy, isDisabled: !o.online || busy, clear, pick, save, remove };
}
