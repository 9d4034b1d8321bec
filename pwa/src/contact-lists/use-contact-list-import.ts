// Importing an .xls/.xlsx file into a contact list (spec 3 §2, §5): the file picked waits for the person's
// confirmation, then runs as the contacts import does (the upload answers the counts, or a job polled until it
// ends, import-job.ts) with its progress; the outcome is a toast, and a finished import reloads the list.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadWithProgress } from "../api/upload-progress.ts";
import { api, tokens } from "../app-services.ts";
import { type ImportJob, type ImportProgress, importSpreadsheet } from "../contacts/import-job.ts";
import { serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { showToast } from "../ui/toasts.ts";
import { CONTACT_LIST_MESSAGES } from "./contact-list-forms.ts";
import { LIST_SHEET_TYPES } from "./contact-list-items-actions.tsx";

export function useContactListImport(contactListId: number, onImported: () => void) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<File | null>(null);
  const [importing, setImporting] = useState<ImportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  function pick(files: File[]) {
    const file = files[0];
    if (!file) return;
    if (!LIST_SHEET_TYPES.some((ext) => file.name.toLowerCase().endsWith(ext))) {
      showToast(t("contactListsPage.items.importType"));
      return;
    }
    setPicked(file);
  }

  async function runImport(file: File) {
    abort.current = new AbortController();
    const end = await importSpreadsheet(
      file,
      {
        upload: (form, onProgress) =>
          uploadWithProgress({
            url: `${window.location.origin}/contact-lists/${contactListId}/upload`,
            form: () => form,
            getToken: () => tokens.get(),
            renew: () => api.get("/auth/me"),
            onProgress,
          }),
        job: (id) => api.get<ImportJob>(`/contacts/upload/${id}`),
        signal: abort.current.signal,
      },
      setImporting,
    );
    setImporting(null);
    if (end.phase === "finished") {
      showToast(t("contactListsPage.items.imported", { created: end.created, ignored: end.ignored }), "info");
      onImported();
    } else if (end.phase === "failed") {
      showToast(
        Object.values(serverFieldErrors(end.error?.fields, CONTACT_LIST_MESSAGES)).join(" ") ||
          errorText(end.error ?? end.cause),
      );
    }
  }

  return { picked, setPicked, importing, pick, runImport };
}
