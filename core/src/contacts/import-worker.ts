// Worker-thread entry of a spreadsheet import (contact-import-runner.ts): reads
// the uploaded file row by row, applies the row rules, posts progress, and
// answers the rows to create or the error that refused the file.
import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../kernel/errors.ts";
import { ImportRowCollector } from "./import-rows.ts";
import type { ImportWorkerInput, ImportWorkerMessage } from "./import-worker-protocol.ts";
import { readSheetRows } from "./sheet-rows.ts";

/** Rows between two progress messages. */
const PROGRESS_EVERY = 1_000;

const { path, originalname } = workerData as ImportWorkerInput;
const post = (message: ImportWorkerMessage) => parentPort?.postMessage(message);
const collector = new ImportRowCollector();
try {
  for await (const cells of readSheetRows(path, originalname)) {
    collector.add(cells);
    if (collector.read % PROGRESS_EVERY === 0 && collector.read > 0)
      post({ type: "progress", rowsRead: collector.read });
  }
  post({ type: "done", rows: collector.rows, ignored: collector.ignored, rowsRead: collector.read });
} catch (err) {
  const error =
    err instanceof AppError
      ? err.toBody()
      : { error: "ERR_INTERNAL" as const, message: "The spreadsheet could not be read" };
  if (!(err instanceof AppError)) console.error(err);
  post({ type: "failed", error, rowsRead: collector.read });
}
