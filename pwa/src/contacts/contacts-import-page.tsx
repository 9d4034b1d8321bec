// /contacts/import (spec 1 §2 "import from spreadsheet", §4 import states, §5 rules): pick
// one xls, xlsx, csv or txt file; it is checked, its rows are shown a page at a time to map its
// columns (name, number, e-mail, tags, extra fields; guessed from the headers, decision 0091) and
// to pick the rows imported (all at first, at least one; decision 0118), then it is uploaded
// with a progress bar, imported by core (followed while it runs), and ends
// with the counts of contacts created and rows ignored.
import type { ContactImportPreview, TContactImportMappingDraft } from "@chatflow/core/contract/contact-import.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
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
import {
  checkImportFile,
  IMPORT_EXTENSIONS,
  type ImportProgress,
  importSpreadsheet,
  readSheetPreview,
} from "./import-job.ts";
import { checkMapping, MAPPING_MESSAGE_KEYS } from "./import-mapping.ts";
import { ImportMappingStep } from "./import-mapping-step.tsx";
import { ALL_ROWS, checkSelection, type RowSelection } from "./import-selection.ts";
import "./contacts.css";

type Step =
  | { phase: "idle" }
  | { phase: "invalid"; reason: "type" | "size" }
  | { phase: "reading"; fraction: number }
  | { phase: "unreadable"; error: ErrorBody | null; cause?: unknown }
  | { phase: "mapped" }
  | ImportProgress;

/** The page of the sheet shown, the mapping being chosen and the rows ticked. */
type Mapped = { preview: ContactImportPreview; draft: TContactImportMappingDraft; selection: RowSelection };

export function ContactsImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ phase: "idle" });
  const [mapped, setMapped] = useState<Mapped | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pageLoading, setPageLoading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const deps = () => {
    abort.current?.abort();
    abort.current = new AbortController();
    return contactImportDeps(abort.current.signal);
  };

  async function pick(files: File[]) {
    // spec 1 §5: a single file.
    const chosen = files[0];
    if (!chosen) return;
    setFile(chosen);
    setMapped(null);
    setErrors({});
    const problem = checkImportFile(chosen);
    if (problem) {
      setStep({ phase: "invalid", reason: problem });
      return;
    }
    // The mapping step: core reads the header and the first rows, and guesses the columns from the header.
    setStep({ phase: "reading", fraction: 0 });
    const read = await readSheetPreview(chosen, deps(), (fraction) => setStep({ phase: "reading", fraction }));
    if (!read.ok) {
      setStep({ phase: "unreadable", error: read.error, cause: read.cause });
      return;
    }
    setMapped({ preview: read.preview, draft: read.preview.guess, selection: ALL_ROWS });
    setStep({ phase: "mapped" });
  }

  /** Another page of the sheet's rows: the file goes up again (core keeps nothing between requests). */
  async function showPage(page: number) {
    if (!file || !mapped) return;
    setPageLoading(true);
    const read = await readSheetPreview(file, deps(), () => {}, page);
    setPageLoading(false);
    if (!read.ok) {
      setErrors({ selection: errorText(read.error ?? read.cause) });
      return;
    }
    setMapped((m) => m && { ...m, preview: read.preview });
  }

  async function run() {
    if (!file || !mapped) return;
    const checked = checkMapping(mapped.draft);
    const rows = checkSelection(mapped.selection, mapped.preview.total);
    if (!checked.ok || !rows.ok) {
      setErrors({
        ...(checked.ok ? {} : checked.errors),
        ...(rows.ok ? {} : { selection: t(MAPPING_MESSAGE_KEYS[rows.message]!) }),
      });
      return;
    }
    setErrors({});
    const end = await importSpreadsheet(file, deps(), setStep, checked.mapping, rows.selection);
    // The new contacts reach this device's replica with the next pull.
    if (end.phase === "finished") requestSync();
    // A column core found wrong for this file shows under its field.
    if (end.phase === "failed") setErrors(serverFieldErrors(end.error?.fields, MAPPING_MESSAGE_KEYS));
  }

  const busy = step.phase === "uploading" || step.phase === "processing" || step.phase === "reading";
  const failedText =
    step.phase === "failed" || step.phase === "unreadable"
      ? Object.values(serverFieldErrors(step.error?.fields, MAPPING_MESSAGE_KEYS)).join(" ") ||
        errorText(step.error ?? step.cause)
      : null;
  const mapping = mapped && (step.phase === "mapped" || step.phase === "failed");

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
          onSelect={(files) => void pick(files)}
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

      {step.phase === "reading" && (
        <ProgressBar
          label={t("contactsPage.import.reading")}
          value={Math.round(step.fraction * 100)}
          data-testid="import-progress"
        />
      )}

      {mapping && (
        <ImportMappingStep
          preview={mapped.preview}
          draft={mapped.draft}
          errors={errors}
          onChange={(draft) => {
            setMapped({ ...mapped, draft });
            setErrors({});
          }}
          selection={mapped.selection}
          onSelect={(selection) => {
            setMapped({ ...mapped, selection });
            setErrors({});
          }}
          onPage={(page) => void showPage(page)}
          pageLoading={pageLoading}
        />
      )}

      {mapping && (
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
                setMapped(null);
                setStep({ phase: "idle" });
              }}
            >
              {t("contactsPage.import.again")}
            </Button>
          </div>
        </section>
      )}

      {(step.phase === "failed" || step.phase === "unreadable") && (
        <p className="contacts-import-error" role="alert" data-testid="import-failed">
          {step.phase === "failed" ? t("contactsPage.import.failed") : t("contactsPage.import.invalidFile")}:{" "}
          {failedText}
        </p>
      )}
    </div>
  );
}
