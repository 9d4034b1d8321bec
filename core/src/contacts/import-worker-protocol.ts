// What the import's worker thread is given and what it posts back.
import type { TContactImportMapping, TContactImportSelection } from "../contract/contact-import.ts";
import type { ErrorBody } from "../contract/errors.ts";
import type { ImportRow } from "./import-rows.ts";

export type ImportWorkerInput = {
  path: string;
  originalname: string;
  /** The admin's columns; null: found by the header's names. */
  mapping?: TContactImportMapping | null;
  /** The data rows the admin ticked (decision 0118); null: every row. */
  selection?: TContactImportSelection | null;
  /** Only answer the header, this page of rows and how many rows there are (the mapping step's preview). */
  preview?: { page: number; pageSize: number };
};

export type ImportWorkerMessage =
  | { type: "progress"; rowsRead: number }
  | { type: "done"; rows: ImportRow[]; ignored: number; rowsRead: number }
  | { type: "preview"; header: string[]; rows: string[][]; total: number }
  | { type: "failed"; error: ErrorBody; rowsRead: number };
