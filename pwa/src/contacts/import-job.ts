// The spreadsheet import (spec 1 §4 "Import of contacts from spreadsheet", §5; decision 0021):
// the file is checked here (type, size, one file), uploaded with POST /contacts/upload, and,
// when core answers 202 (a big file still importing), its job is polled with
// GET /contacts/upload/{id} until it ends with the counts of created and ignored rows.
import type {
  ContactImportPreview,
  TContactImportMapping,
  TContactImportSelection,
} from "@chatflow/core/contract/contact-import.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import { ApiError } from "../api/errors.ts";

/** spec 1 §5: file types xls, xlsx, csv, txt. */
export const IMPORT_EXTENSIONS = [".xls", ".xlsx", ".csv", ".txt"] as const;
/** core's MAX_UPLOAD_BYTES (contacts/contact-import-routes.ts). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** GET /contacts/upload/{id}'s answer (core/src/contacts/contact-import-store.ts). */
export type ImportJob = {
  id: number;
  state: "queued" | "running" | "finished" | "failed";
  fileName: string;
  rowsRead: number;
  created: number;
  ignored: number;
  error: ErrorBody | null;
};

export type ImportProgress =
  | { phase: "uploading"; fraction: number }
  | { phase: "processing"; rowsRead: number }
  | { phase: "finished"; created: number; ignored: number }
  | { phase: "failed"; error: ErrorBody | null; cause?: unknown };

export type ImportDeps = {
  /** POST /contacts/upload with the form; reports the body's progress (0..1). */
  upload: (form: FormData, onProgress: (fraction: number) => void) => Promise<{ status: number; body: unknown }>;
  /** GET /contacts/upload/{id}. */
  job: (id: number) => Promise<ImportJob>;
  /** POST /contacts/upload/preview with the form (the mapping step; the contacts screen only). */
  preview?: (form: FormData, onProgress: (fraction: number) => void) => Promise<{ status: number; body: unknown }>;
  pollMs?: number;
  /** Stop polling (the person left the screen). */
  signal?: AbortSignal;
};

/** Why a file cannot be sent, before sending it: "type", "size", or null when it may go. */
export function checkImportFile(file: { name: string; size: number }): "type" | "size" | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return "type";
  if (file.size > IMPORT_MAX_BYTES) return "size";
  return null;
}

export type PreviewOutcome =
  | { ok: true; preview: ContactImportPreview }
  | { ok: false; error: ErrorBody | null; cause?: unknown };

/**
 * Sends the file for its header, a page of rows and their count (decisions 0091, 0118), telling `onProgress` how
 * much has gone.
 */
export async function readSheetPreview(
  file: File,
  deps: Pick<ImportDeps, "preview">,
  onProgress: (fraction: number) => void,
  page = 1,
): Promise<PreviewOutcome> {
  if (!deps.preview) return { ok: false, error: null };
  const form = new FormData();
  form.append("file", file, file.name);
  if (page > 1) form.append("page", String(page));
  try {
    const answer = await deps.preview(form, onProgress);
    return { ok: true, preview: answer.body as ContactImportPreview };
  } catch (err) {
    return { ok: false, error: err instanceof ApiError ? err.body : null, cause: err };
  }
}

/**
 * Runs the import to its end, telling `onProgress` each step; answers the last step. `mapping`: the columns the
 * admin chose (sent as the form's `mapping` field); without it core finds them by the header's names. `selection`:
 * the rows ticked; without it every row.
 */
export async function importSpreadsheet(
  file: File,
  deps: ImportDeps,
  onProgress: (p: ImportProgress) => void,
  mapping?: TContactImportMapping,
  selection?: TContactImportSelection,
): Promise<ImportProgress> {
  const end = (p: ImportProgress) => {
    onProgress(p);
    return p;
  };
  onProgress({ phase: "uploading", fraction: 0 });
  let jobId: number;
  try {
    const form = new FormData();
    form.append("file", file, file.name);
    if (mapping) form.append("mapping", JSON.stringify(mapping));
    // The rows the admin ticked (decision 0118); none sent: every row.
    if (selection) form.append("selection", JSON.stringify(selection));
    const answer = await deps.upload(form, (fraction) => onProgress({ phase: "uploading", fraction }));
    if (answer.status === 200) {
      const counts = answer.body as { created: number; ignored: number };
      return end({ phase: "finished", created: counts.created, ignored: counts.ignored });
    }
    jobId = (answer.body as ImportJob).id;
  } catch (err) {
    // Another import of the company runs: follow that one instead of failing (decision 0021).
    const running = err instanceof ApiError && err.body?.error === "ERR_IMPORT_IN_PROGRESS" && err.body.data?.importId;
    if (typeof running !== "number" || running <= 0)
      return end({ phase: "failed", error: err instanceof ApiError ? err.body : null, cause: err });
    jobId = running;
  }
  return followImportJob(jobId, deps, onProgress);
}

/**
 * The import from the phone (decision 0112): POST /contacts/import with the connection, answered as the upload is
 * (the counts, or 202 with the job, followed on GET /contacts/upload/{id}).
 */
export async function importFromPhone(
  whatsappId: number,
  deps: Pick<ImportDeps, "job" | "pollMs" | "signal"> & { start: (whatsappId: number) => Promise<unknown> },
  onProgress: (p: ImportProgress) => void,
): Promise<ImportProgress> {
  const end = (p: ImportProgress) => {
    onProgress(p);
    return p;
  };
  onProgress({ phase: "processing", rowsRead: 0 });
  let jobId: number;
  try {
    const body = (await deps.start(whatsappId)) as ImportJob | { created: number; ignored: number };
    if (!("state" in body)) return end({ phase: "finished", created: body.created, ignored: body.ignored });
    jobId = body.id;
  } catch (err) {
    return end({ phase: "failed", error: err instanceof ApiError ? err.body : null, cause: err });
  }
  return followImportJob(jobId, deps, onProgress);
}

/** Polls an import's job until it ends. */
async function followImportJob(
  jobId: number,
  deps: Pick<ImportDeps, "job" | "pollMs" | "signal">,
  onProgress: (p: ImportProgress) => void,
): Promise<ImportProgress> {
  const end = (p: ImportProgress) => {
    onProgress(p);
    return p;
  };
  for (;;) {
    if (deps.signal?.aborted) return { phase: "processing", rowsRead: 0 };
    let job: ImportJob;
    try {
      job = await deps.job(jobId);
    } catch (err) {
      return end({ phase: "failed", error: err instanceof ApiError ? err.body : null, cause: err });
    }
    if (job.state === "finished") return end({ phase: "finished", created: job.created, ignored: job.ignored });
    if (job.state === "failed") return end({ phase: "failed", error: job.error });
    onProgress({ phase: "processing", rowsRead: job.rowsRead });
    await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 500));
  }
}
