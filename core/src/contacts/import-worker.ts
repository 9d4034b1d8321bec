// Worker-thread entry of a spreadsheet import (contact-import-runner.ts): reads
// the uploaded file row by row, applies the row rules, posts progress, and
// answers the rows to create or the error that refused the file. In preview
// mode (the mapping step) it answers the header, one page of rows and how many there are.

import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { ImportRowCollector, MAX_IMPORT_ROWS, tooManyRows } from "./import-rows.ts";
import type { ImportWorkerInput, ImportWorkerMessage } from "./import-worker-protocol.ts";
import { readSheetRows } from "./sheet-rows.ts";

/** Rows between two progress messages. */
const PROGRESS_EVERY = 1_000;

const { path, originalname, mapping, selection, preview } = workerData as ImportWorkerInput;
const post = (message: ImportWorkerMessage) => parentPort?.postMessage(message);
const collector = new ImportRowCollector(mapping ?? null, selection ?? null);

/** The header and one page of rows; every row is read to count them (the selection needs the total). */
async function readPreview({ page, pageSize }: { page: number; pageSize: number }): Promise<void> {
  let header: string[] | null = null;
  const rows: string[][] = [];
  const first = (page - 1) * pageSize;
  let total = 0;
  for await (const cells of readSheetRows(path, originalname)) {
    if (!header) {
      header = cells;
      continue;
    }
    if (total >= first && total < first + pageSize) rows.push(cells);
    total++;
    // Refused here as the import would refuse it, before the admin maps anything.
    if (total > MAX_IMPORT_ROWS) throw tooManyRows();
  }
  post({ type: "preview", header: header ?? [], rows, total });
}

async function readAll(): Promise<void> {
  for await (const cells of readSheetRows(path, originalname)) {
    collector.add(cells);
    if (collector.read % PROGRESS_EVERY === 0 && collector.read > 0)
      post({ type: "progress", rowsRead: collector.read });
  }
  collector.finish();
  post({ type: "done", rows: collector.rows, ignored: collector.ignored, rowsRead: collector.read });
}

try {
  await (preview === undefined ? readAll() : readPreview(preview));
} catch (err) {
  const error =
    err instanceof AppError
      ? err.toBody()
      : { error: "ERR_INTERNAL" as const, message: "The spreadsheet could not be read" };
  if (!(err instanceof AppError)) logger.error({ err }, "contact import worker failed");
  post({ type: "failed", error, rowsRead: collector.read });
}
