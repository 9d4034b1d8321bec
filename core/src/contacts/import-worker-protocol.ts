// What the import's worker thread is given and what it posts back.
import type { ErrorBody } from "../contract/errors.ts";
import type { ImportRow } from "./import-rows.ts";

export type ImportWorkerInput = { path: string; originalname: string };

export type ImportWorkerMessage =
  | { type: "progress"; rowsRead: number }
  | { type: "done"; rows: ImportRow[]; ignored: number; rowsRead: number }
  | { type: "failed"; error: ErrorBody; rowsRead: number };
