// /contacts/import (spec 1 §2 "import from spreadsheet", §4 import states, §5 rules): pick
// one xls, xlsx, csv or txt file; it is checked, uploaded with a progress bar, imported by
// core (followed while it runs), and ends with the counts of contacts created and rows
// ignored. Core finds the name, number, e-mail and tags columns by their headers.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { requestSync } from "../sync/app-sync.ts";
import { Button } from "../ui/button.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { BackIcon, FileIcon, UploadIcon } from "../ui/icons.tsx";
import { ProgressBar } from "../ui/progress-bar.tsx";
import { contactImportDeps } from "./contacts-data.ts";
import { checkImportFile, IMPORT_EXTENSIONS, type ImportProgress, importSpreadsheet } from "./import-job.ts";
import "./contacts.css";

type Step = { phase: "idle" } | { phase: "invalid"; reason: "type" | "size" } | { phase: "ready" } | ImportProgress;

export function ContactsImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ phase: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  function pick(files: File[]) {
    // spec 1 §5: a single file.
    const chosen = files[0];
    if (!chosen) return;
    setFile(chosen);
    const problem = checkImportFile(chosen);
    setStep(problem ? { phase: "invalid", reason: problem } : { phase: "ready" });
  }

  async function run() {
    if (!file) return;
    abort.current = new AbortController();
    const end = await importSpreadsheet(file, contactImportDeps(abort.current.signal), setStep);
    // The new contacts reach this device's replica with the next pull.
    if (end.phase === "finished") requestSync();
  }

  const busy = step.phase === "uploading" || step.phase === "processing";
  const failedText =
    step.phase === "failed"
      ? Object.values(serverFieldErrors(step.error?.fields, IMPORT_MESSAGES)).join(" ") ||
        errorText(step.error ?? step.cause)
      : null;

  return (
    <div className="page contacts-import-page" data-testid="contacts-import-page">
      <Button variant="ghost" icon={<BackIcon />} onPress={() => navigate("/contacts")}>
        {t("contactsPage.import.back")}
      </Button>
      <h1>{t("contactsPage.import.title")}</h1>
      <p>{t("contactsPage.import.intro")}</p>
      <p className="contacts-import-headers">{t("contactsPage.import.headers")}</p>
      {!online && (
        <p className="list-page-notice" role="status">
          {t("contactsPage.import.offline")}
        </p>
      )}

      <div className="contacts-import-pick">
        <FileButton
          acceptedFileTypes={[...IMPORT_EXTENSIONS]}
          onSelect={pick}
          icon={<FileIcon />}
          isDisabled={busy}
          data-testid="import-pick"
        >
          {t("contactsPage.import.pick")}
        </FileButton>
        {file && (
          <span className="contacts-import-file" data-testid="import-file-name">
            {t("contactsPage.import.file", { name: file.name })}
          </span>
        )}
      </div>

      {step.phase === "invalid" && (
        <p className="contacts-import-error" role="alert" data-testid="import-invalid">
          {t("contactsPage.import.invalidFile")}:{" "}
          {step.reason === "type" ? t("contactsPage.import.invalidType") : t("contactsPage.import.tooLarge")}
        </p>
      )}

      {(step.phase === "ready" || step.phase === "failed") && (
        <Button
          variant="primary"
          icon={<UploadIcon />}
          onPress={() => void run()}
          isDisabled={!online}
          data-testid="import-start"
        >
          {t("contactsPage.import.start")}
        </Button>
      )}

      {step.phase === "uploading" && (
        <ProgressBar
          label={t("contactsPage.import.uploading")}
          value={Math.round(step.fraction * 100)}
          data-testid="import-progress"
        />
      )}
      {step.phase === "processing" && (
        <ProgressBar
          label={t("contactsPage.import.processing")}
          isIndeterminate
          valueText={t("contactsPage.import.rowsRead", { count: step.rowsRead })}
          data-testid="import-progress"
        />
      )}

      {step.phase === "finished" && (
        <section className="contacts-import-result" aria-labelledby="import-result-title" data-testid="import-result">
          <h2 id="import-result-title">{t("contactsPage.import.finished")}</h2>
          <p data-testid="import-created">{t("contactsPage.import.created", { count: step.created })}</p>
          <p data-testid="import-ignored">{t("contactsPage.import.ignored", { count: step.ignored })}</p>
          <div className="contacts-import-actions">
            <Button variant="primary" onPress={() => navigate("/contacts")} data-testid="import-view-contacts">
              {t("contactsPage.import.viewContacts")}
            </Button>
            <Button
              onPress={() => {
                setFile(null);
                setStep({ phase: "idle" });
              }}
            >
              {t("contactsPage.import.again")}
            </Button>
          </div>
        </section>
      )}

      {step.phase === "failed" && (
        <p className="contacts-import-error" role="alert" data-testid="import-failed">
          {t("contactsPage.import.failed")}: {failedText}
        </p>
      )}
    </div>
  );
}

/** Core's messages about a file (contacts/spreadsheet.ts, import-rows.ts) in the interface language. */
const IMPORT_MESSAGES: Record<string, string> = {
  "Coluna de nome não encontrada": "contactsPage.import.noNameColumn",
  "Coluna de número não encontrada": "contactsPage.import.noNumberColumn",
};
