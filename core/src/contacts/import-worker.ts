// Worker-thread entry of a spreadsheet import (contact-import-runner.ts): reads
// the uploaded file row by row, applies the row rules, posts progress, and
// answers the rows to create or the error that refused the file. In preview
// mode (the mapping step) it answers the header and the first rows only.

import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { ImportRowCollector } from "./import-rows.ts";
import type { ImportWorkerInput, ImportWorkerMessage } from "./import-worker-protocol.ts";
import { readSheetRows } from "./sheet-rows.ts";

/** Rows between two progress messages. */
const PROGRESS_EVERY = 1_000;

const { path, originalname, mapping, preview } = workerData as ImportWorkerInput;
const post = (message: ImportWorkerMessage) => parentPort?.postMessage(message);
const collector = new ImportRowCollector(mapping ?? null);

async function readPreview(rowsWanted: number): Promise<void> {
  const rows: string[][] = [];
  for await (const cells of readSheetRows(path, originalname)) {
    rows.push(cells);
    // The reader is abandoned after them.
    if (rows.length > rowsWanted) break;
  }
  post({ type: "preview", header: rows[0] ?? [], rows: rows.slice(1) });
}

async function readAll(): Promise<void> {
  for await (const cells of readSheetRows(path, originalname)) {
    collector.add(cells);
    if (collector.read % PROGRESS_EVERY === 0 && collector.read > 0)
      post({ type: "progress", rowsRead: collector.read });
  }
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
