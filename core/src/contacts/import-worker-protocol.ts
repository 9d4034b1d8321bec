// What the import's worker thread is given and what it posts back.
import type { TContactImportMapping } from "../contract/contact-import.ts";
import type { ErrorBody } from "../contract/errors.ts";
import type { ImportRow } from "./import-rows.ts";

export type ImportWorkerInput = {
  path: string;
  originalname: string;
  /** The admin's columns; null: found by the header's names. */
  mapping?: TContactImportMapping | null;
  /** Only read the header and this many rows, and answer them (the mapping step's preview). */
  preview?: number;
};

export type ImportWorkerMessage =
  | { type: "progress"; rowsRead: number }
  | { type: "done"; rows: ImportRow[]; ignored: number; rowsRead: number }
  | { type: "preview"; header: string[]; rows: string[][] }
  | { type: "failed"; error: ErrorBody; rowsRead: number };
