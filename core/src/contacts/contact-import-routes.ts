// POST /contacts/upload (spec 1 §7: multipart `file`, the `mapping` of decision 0091 and the `selection` of
// decision 0118), its preview POST /contacts/upload/preview (`page`), GET /contacts/upload/{id}, and POST /contacts/import (the import from the phone,
// decision 0112, a job polled on the same GET):
// the spreadsheet goes to disk, its import runs as a job (contact-import-runner.ts);
// the upload answers the counts when the job ends within `waitMs`, else 202 with
// the job to poll (docs/decisions/0021).

import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import { type RequestHandler, type Response, Router } from "express";
import multer from "multer";
import type pg from "pg";
import { z } from "zod";
import { recordAudit } from "../audit/record-audit.ts";
import { actorOf } from "../auth/authenticate.ts";
import {
  type ContactImportPreview,
  guessImportMapping,
  IMPORT_MAPPING_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  type TContactImportMapping,
  type TContactImportSelection,
  ZContactImportMappingSchema,
  ZContactImportSelectionSchema,
  ZImportPhoneContactsRequestSchema,
  ZImportPreviewFieldsSchema,
} from "../contract/contact-import.ts";
import { AppError, invalidInput, parse } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import { storedFileName, utf8FileName } from "../media/media-store.ts";
import { discardUploads, multipartNulByteError } from "../media/upload.ts";
import type { ContactImportRunner, ImportOutcome } from "./contact-import-runner.ts";
import { createImport, findImport } from "./contact-import-store.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { startPhoneImport } from "./import-phone-contacts.ts";
import { sheetExtension, unsupportedFormat } from "./sheet-rows.ts";

/** Largest spreadsheet accepted by POST /contacts/upload. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const ZIdSchema = z.coerce.number().int().positive().max(2147483647);

/** Where uploaded spreadsheets wait for their import (removed when it ends). */
export const importsDir = (dataDir: string) => path.join(dataDir, "imports");

/** The one `file` part, written to the caller's company folder under DATA_DIR, never held in memory. */
export function receiveSpreadsheet(dataDir: string): RequestHandler {
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        const dir = path.join(importsDir(dataDir), "uploads");
        mkdir(dir, { recursive: true }).then(
          () => cb(null, dir),
          (err: Error) => cb(err, dir),
        );
      },
      filename: (_req, file, cb) => {
        file.originalname = utf8FileName(file.originalname);
        cb(null, storedFileName(file.originalname));
      },
    }),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
  }).single("file");
  // Multer's own refusals (too big, wrong field) answer 400 like any bad input.
  return (req, res, next) =>
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) return next(invalidInput(err.message, "file"));
      if (err) return next(err);
      const nul = multipartNulByteError(req);
      if (!nul) return next();
      // Refused before the route runs: the file just written has no import to belong to.
      void discardUploads(req.file ? [req.file] : undefined).then(() => next(nul));
    });
}

export function contactImportRoutes(
  pool: pg.Pool,
  runner: ContactImportRunner,
  opts: { dataDir: string; waitMs: number },
): Router {
  const router = Router();

  router.post("/contacts/upload", receiveSpreadsheet(opts.dataDir), async (req, res) => {
    const actor = actorOf(res);
    const file = req.file;
    if (!file) throw invalidInput("Required", "file");
    let jobId: number;
    let mapping: TContactImportMapping | null;
    let selection: TContactImportSelection | null;
    try {
      authorizeContacts(actor, "import");
      if (!sheetExtension(file.originalname)) throw unsupportedFormat();
      // The admin's columns (decision 0091), checked before anything is stored; without one, the header decides.
      mapping = parseMapping(req.body?.mapping);
      // The rows the admin ticked (decision 0118); without one, every row.
      selection = parseSelection(req.body?.selection);
      jobId = (await createImport(pool, actor.companyId, actor.id, file.originalname)).id;
      const importId = jobId;
      await transaction(pool, (c) =>
        recordAudit(c, actor, { kind: "contacts.import", subjectId: importId, subject: file.originalname }),
      );
    } catch (err) {
      await unlink(file.path).catch(() => {});
      throw err;
    }
    const outcome = runner.run({
      id: jobId,
      companyId: actor.companyId,
      path: file.path,
      originalname: file.originalname,
      mapping,
      selection,
    });
    await answerImport(res, pool, actor.companyId, jobId, outcome, opts.waitMs);
  });

  // The mapping step (decision 0091): the sheet's header, its first rows and the mapping its header suggests.
  // Nothing is stored: the file is read in a worker and removed.
  router.post("/contacts/upload/preview", receiveSpreadsheet(opts.dataDir), async (req, res) => {
    const actor = actorOf(res);
    const file = req.file;
    if (!file) throw invalidInput("Required", "file");
    let page: number;
    try {
      authorizeContacts(actor, "import");
      if (!sheetExtension(file.originalname)) throw unsupportedFormat();
      page = parse(ZImportPreviewFieldsSchema, req.body ?? {}).page;
    } catch (err) {
      await unlink(file.path).catch(() => {});
      throw err;
    }
    const read = await runner.preview(file, { page, pageSize: IMPORT_PREVIEW_ROWS });
    if (!read.ok) {
      const { error, message, fields, data } = read.error;
      throw new AppError(error, message, { fields, data });
    }
    // Nothing to map: the file is refused as the import would refuse it (no name or number column).
    if (read.header.length === 0) throw invalidInput("A planilha está vazia", "file");
    const answer: ContactImportPreview = {
      header: read.header,
      rows: read.rows,
      guess: guessImportMapping(read.header),
      total: read.total,
      page,
      pageSize: IMPORT_PREVIEW_ROWS,
    };
    res.json(answer);
  });

  // The import from the phone (decision 0112): answered as the upload is, the job polled on the same GET.
  router.post("/contacts/import", async (req, res) => {
    const actor = actorOf(res);
    const { whatsappId } = parse(ZImportPhoneContactsRequestSchema, req.body ?? {});
    const { id, outcome } = await startPhoneImport(pool, actor, whatsappId);
    await answerImport(res, pool, actor.companyId, id, outcome, opts.waitMs);
  });

  // Only the contacts the phone has a chat with (decision 0120), with the same body, errors, job and counts.
  router.post("/contacts/import/chats", async (req, res) => {
    const actor = actorOf(res);
    const { whatsappId } = parse(ZImportPhoneContactsRequestSchema, req.body ?? {});
    const { id, outcome } = await startPhoneImport(pool, actor, whatsappId, "chats");
    await answerImport(res, pool, actor.companyId, id, outcome, opts.waitMs);
  });

  router.get("/contacts/upload/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeContacts(actor, "import");
    res.json(await findImport(pool, actor.companyId, parse(ZIdSchema, req.params.id)));
  });

  return router;
}

/** The counts when the import ends within `waitMs`, else 202 with the job to poll; `Location` names the job. */
async function answerImport(
  res: Response,
  pool: pg.Pool,
  companyId: number,
  jobId: number,
  outcome: Promise<ImportOutcome>,
  waitMs: number,
): Promise<void> {
  outcome.catch((err: unknown) => logger.error({ err }, "contact import failed"));
  const ended = await settledWithin(outcome, waitMs);
  res.setHeader("Location", `/contacts/upload/${jobId}`);
  if (!ended) {
    res.status(202).json(await findImport(pool, companyId, jobId));
    return;
  }
  if (!ended.ok) {
    const { error, message, fields, data } = ended.error;
    throw new AppError(error, message, { fields, data: { ...data, importId: jobId } });
  }
  res.json(ended.counts);
}

/** The multipart `mapping` field: JSON text of the contract's mapping, or absent. */
function parseMapping(raw: unknown): TContactImportMapping | null {
  if (raw === undefined || raw === "") return null;
  if (typeof raw !== "string") throw invalidInput("Invalid mapping", "mapping");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalidInput("Invalid mapping", "mapping");
  }
  return parse(ZContactImportMappingSchema, json);
}

/** The multipart `selection` field: JSON text of the contract's selection, or absent (every row). */
function parseSelection(raw: unknown): TContactImportSelection | null {
  if (raw === undefined || raw === "") return null;
  let json: unknown;
  try {
    json = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = ZContactImportSelectionSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  // One field for the whole selection: the spec's text when nothing is ticked, else it is malformed.
  const none = parsed.error.issues.some((i) => i.message === IMPORT_MAPPING_MESSAGES.noRowSelected);
  throw invalidInput(none ? IMPORT_MAPPING_MESSAGES.noRowSelected : "Invalid selection", "selection");
}

/** The outcome if it comes within `ms`, else undefined (the job goes on). */
export async function settledWithin(outcome: Promise<ImportOutcome>, ms: number): Promise<ImportOutcome | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
