// Runs spreadsheet imports off core's thread: each in its own worker thread
// with a capped heap, at most `workers` at once per process (later ones wait
// their turn, queued), progress and outcome kept in contact_imports.

import { mkdir, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type pg from "pg";
import type { TContactImportMapping, TContactImportSelection } from "../contract/contact-import.ts";
import type { ErrorBody } from "../contract/errors.ts";
import { invalidInput } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { siblingModule } from "../kernel/sibling-module.ts";
import { transaction } from "../kernel/transaction.ts";
import {
  failStaleImports,
  INTERRUPTED,
  markFailed,
  markFinished,
  markRunning,
  recordProgress,
} from "./contact-import-store.ts";
import { type ImportCounts, importContactsFile } from "./import-contacts-file.ts";
import type { ImportRow } from "./import-rows.ts";
import type { ImportWorkerInput, ImportWorkerMessage } from "./import-worker-protocol.ts";

/** A worker's heap at most: a file that needs more is refused, core's own memory is untouched. */
const WORKER_HEAP_MB = 128;
/** Shortest gap between two progress writes of one import. */
const PROGRESS_WRITE_MS = 250;

export type ImportJob = {
  id: number;
  companyId: number;
  path: string;
  originalname: string;
  /** The columns the admin chose (decision 0091); absent: the header's names decide. */
  mapping?: TContactImportMapping | null;
  /** The data rows the admin ticked (decision 0118); absent: every row. */
  selection?: TContactImportSelection | null;
  /**
   * Where the parsed rows go, inside the import's transaction: the company's contacts when left out, else the
   * caller's own destination (a contact list's import, decision 0076, passes its own), so the runner knows no list.
   */
  saveRows?: SaveImportRows;
};
export type SaveImportRows = (
  client: pg.ClientBase,
  companyId: number,
  rows: ImportRow[],
  ignored: number,
) => Promise<ImportCounts>;
export type ImportOutcome = { ok: true; counts: ImportCounts } | { ok: false; error: ErrorBody };
export type PreviewOutcome =
  | { ok: true; header: string[]; rows: string[][]; total: number }
  | { ok: false; error: ErrorBody };

export type ImportRunnerOptions = {
  /** Imports parsed at once by this process (IMPORT_WORKERS). */
  workers: number;
  /** Where worker threads keep their temporary files (exceljs unpacks a sheet there). */
  tmpDir: string;
  /** How often a running import proves it is alive; an import silent for three times this is failed. */
  heartbeatMs?: number;
};

export class ContactImportRunner {
  private readonly waiting: Array<() => void> = [];
  private readonly workers = new Map<number, { job: ImportJob; worker?: Worker }>();
  private busy = 0;
  private sweep: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly heartbeatMs: number;
  private readonly pool: pg.Pool;
  private readonly options: ImportRunnerOptions;

  constructor(pool: pg.Pool, options: ImportRunnerOptions) {
    this.pool = pool;
    this.options = options;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
  }

  /** Ends imports a stopped process left behind, now and periodically (another process may have died). */
  async start(): Promise<void> {
    await failStaleImports(this.pool, this.heartbeatMs * 3);
    this.sweep = setInterval(() => {
      failStaleImports(this.pool, this.heartbeatMs * 3).catch(() => {});
    }, this.heartbeatMs);
    this.sweep.unref();
  }

  /** Runs the import once a slot is free; settles with its counts or the error that refused it. */
  async run(job: ImportJob): Promise<ImportOutcome> {
    this.workers.set(job.id, { job });
    try {
      if (this.busy >= this.options.workers) await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (this.stopped) return { ok: false, error: INTERRUPTED };
      this.busy++;
      try {
        return await this.execute(job);
      } finally {
        this.busy--;
        this.waiting.shift()?.();
      }
    } finally {
      this.workers.delete(job.id);
      await unlink(job.path).catch(() => {});
    }
  }

  /**
   * The header, one page of rows and the count of rows of an uploaded file (the mapping step), read in a worker
   * like an import and within the same cap of imports at once; the file is removed afterwards.
   */
  async preview(
    file: { path: string; originalname: string },
    page: { page: number; pageSize: number },
  ): Promise<PreviewOutcome> {
    const tmpDir = path.join(this.options.tmpDir, `preview-${path.basename(file.path)}`);
    try {
      if (this.busy >= this.options.workers) await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (this.stopped) return { ok: false, error: INTERRUPTED };
      this.busy++;
      try {
        await mkdir(tmpDir, { recursive: true });
        const result = await this.spawn({ path: file.path, originalname: file.originalname, preview: page }, tmpDir);
        if (result.type === "preview") {
          return { ok: true, header: result.header, rows: result.rows, total: result.total };
        }
        return { ok: false, error: result.type === "failed" ? result.error : INTERRUPTED };
      } finally {
        this.busy--;
        this.waiting.shift()?.();
      }
    } finally {
      await rm(tmpDir, { recursive: true, force: true }).catch(() => {});
      await unlink(file.path).catch(() => {});
    }
  }

  /** Stops every worker; their imports, and the queued ones, end failed rather than stay "running". */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    const jobs = [...this.workers.values()];
    await Promise.all(jobs.map(({ job }) => markFailed(this.pool, job.companyId, job.id, INTERRUPTED).catch(() => {})));
    await Promise.all(jobs.map(({ worker }) => worker?.terminate()));
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async execute(job: ImportJob): Promise<ImportOutcome> {
    const { companyId, id } = job;
    const tmpDir = path.join(this.options.tmpDir, `import-${id}`);
    let rowsRead = 0;
    let lastWrite = 0;
    const heartbeat = setInterval(() => {
      recordProgress(this.pool, companyId, id, rowsRead).catch(() => {});
    }, this.heartbeatMs);
    try {
      await markRunning(this.pool, companyId, id);
      await mkdir(tmpDir, { recursive: true });
      const result = await this.parse(job, tmpDir, (n) => {
        rowsRead = n;
        if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = Date.now();
        recordProgress(this.pool, companyId, id, n).catch(() => {});
      });
      if (result.type === "failed") {
        await markFailed(this.pool, companyId, id, result.error, result.rowsRead);
        return { ok: false, error: result.error };
      }
      if (result.type !== "done") throw new Error(`An import's worker answered ${result.type}`);
      const counts = await transaction(this.pool, async (client) => {
        const c = await (job.saveRows ?? importContactsFile)(client, companyId, result.rows, result.ignored);
        await markFinished(client, companyId, id, { rowsRead: result.rowsRead, ...c });
        return c;
      });
      return { ok: true, counts };
    } catch (err) {
      logger.error({ err }, "contact import failed");
      await markFailed(this.pool, companyId, id, INTERRUPTED).catch(() => {});
      return { ok: false, error: INTERRUPTED };
    } finally {
      clearInterval(heartbeat);
      await rm(tmpDir, { recursive: true, force: true }).catch(() => {});
    }
  }

  /** The worker's answer; a worker that runs out of its heap or dies refuses the file. */
  private parse(
    job: ImportJob,
    tmpDir: string,
    onProgress: (rowsRead: number) => void,
  ): Promise<Exclude<ImportWorkerMessage, { type: "progress" }>> {
    const input: ImportWorkerInput = {
      path: job.path,
      originalname: job.originalname,
      mapping: job.mapping ?? null,
      selection: job.selection ?? null,
    };
    return this.spawn(input, tmpDir, job.id, onProgress);
  }

  private spawn(
    input: ImportWorkerInput,
    tmpDir: string,
    jobId?: number,
    onProgress: (rowsRead: number) => void = () => {},
  ): Promise<Exclude<ImportWorkerMessage, { type: "progress" }>> {
    return new Promise((resolve) => {
      const worker = new Worker(siblingModule(import.meta.url, "import-worker"), {
        workerData: input,
        // exceljs's temporary files go to a folder of this import's, removed when it ends.
        env: { ...process.env, TMPDIR: tmpDir },
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      });
      const entry = jobId === undefined ? undefined : this.workers.get(jobId);
      if (entry) entry.worker = worker;
      if (this.stopped) void worker.terminate();
      let rowsRead = 0;
      let settled = false;
      const settle = (message: Exclude<ImportWorkerMessage, { type: "progress" }>) => {
        if (settled) return;
        settled = true;
        void worker.terminate();
        resolve(message);
      };
      worker.on("message", (message: ImportWorkerMessage) => {
        if (message.type === "progress") {
          rowsRead = message.rowsRead;
          onProgress(rowsRead);
        } else settle(message);
      });
      worker.on("error", (err: Error & { code?: string }) => {
        const error =
          err.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? invalidInput("Planilha grande demais para importar", "file").toBody()
            : INTERRUPTED;
        if (err.code !== "ERR_WORKER_OUT_OF_MEMORY") logger.error({ err }, "contact import worker failed");
        settle({ type: "failed", error, rowsRead });
      });
      worker.on("exit", () => settle({ type: "failed", error: INTERRUPTED, rowsRead }));
    });
  }
}
