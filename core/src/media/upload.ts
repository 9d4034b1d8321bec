// Multipart uploads of message media: files go straight to the caller's
// company folder on disk (never whole in memory), under names we make.
import { chmod, mkdir, open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import type { Request, RequestHandler } from "express";
import multer from "multer";
import { actorOf } from "../auth/authenticate.ts";
import { MEDIA_MAX_BYTES } from "../contract/messages.ts";
import { type AppError, invalidInput } from "../kernel/errors.ts";
import { nulByteError } from "../kernel/nul-bytes.ts";
import { SNIFF_BYTES, sniffMedia } from "./media-sniff.ts";
import { companyMediaDir, MEDIA_DIR_MODE, MEDIA_FILE_MODE, storedFileName, utf8FileName } from "./media-store.ts";

/** Largest file accepted (the contract's, which the PWA checks before queueing an upload). */
export { MEDIA_MAX_BYTES };
/** Files per message send. */
export const MEDIA_MAX_FILES = 10;

/** Accepts the multipart field `field` (up to MEDIA_MAX_FILES files); a JSON request passes through untouched. */
export function mediaUpload(dataDir: string, field: string): RequestHandler {
  const upload = multer({
    storage: multer.diskStorage({
      destination: (req, _file, cb) => {
        // authenticate ran before: the folder is the caller's company, whatever the request says.
        const dir = companyMediaDir(dataDir, actorOf(req.res!).companyId);
        mkdir(dir, { recursive: true, mode: MEDIA_DIR_MODE }).then(
          () => cb(null, dir),
          (err: Error) => cb(err, dir),
        );
      },
      filename: (_req, file, cb) => {
        file.originalname = utf8FileName(file.originalname);
        cb(null, storedFileName(file.originalname));
      },
    }),
    limits: { fileSize: MEDIA_MAX_BYTES, files: MEDIA_MAX_FILES, fields: 20, parts: MEDIA_MAX_FILES + 20 },
  }).array(field, MEDIA_MAX_FILES);
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) {
        const nul = multipartNulByteError(req);
        // Refused before the route runs: the files just written have nothing to belong to.
        if (nul) return void discardUploads(req.files as Express.Multer.File[] | undefined).then(() => next(nul));
        checkUploads(req.files as Express.Multer.File[] | undefined, field).then(() => next(), next);
        return;
      }
      if (err instanceof multer.MulterError) {
        const message = err.code === "LIMIT_FILE_SIZE" ? "File too large" : err.message;
        return next(invalidInput(message, err.field ?? field));
      }
      next(err);
    });
  };
}

/**
 * Each file becomes what its bytes say it is: the stored name's extension and the mimetype the
 * message takes come from sniffMedia, never from the client. A file of no known kind refuses the
 * whole request (every file of it removed). Files end readable by core's user and group only.
 */
async function checkUploads(files: Express.Multer.File[] | undefined, field: string): Promise<void> {
  for (const file of files ?? []) {
    const handle = await open(file.path, "r");
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0).finally(() => handle.close());
    const kind = sniffMedia(head.subarray(0, bytesRead), path.extname(file.originalname).slice(1));
    if (!kind) {
      await discardUploads(files);
      throw invalidInput("Tipo de arquivo não permitido", field);
    }
    const base = file.filename.slice(0, file.filename.length - path.extname(file.filename).length);
    const filename = `${base}.${kind.ext}`;
    const target = path.join(path.dirname(file.path), filename);
    await rename(file.path, target);
    await chmod(target, MEDIA_FILE_MODE);
    Object.assign(file, { filename, path: target, mimetype: kind.mime });
  }
}

/** A NUL in a multipart text field or file name, refused like one in a JSON body (kernel/nul-bytes.ts). */
export function multipartNulByteError(req: Request): AppError | undefined {
  const files = (Array.isArray(req.files) ? req.files : req.file ? [req.file] : []).map((f) => f.originalname);
  return nulByteError(req.body) ?? nulByteError(files);
}

/** Removes uploaded files of a request that was refused after they were written. */
export async function discardUploads(files: Express.Multer.File[] | undefined): Promise<void> {
  await Promise.all((files ?? []).map((f) => unlink(f.path).catch(() => {})));
}
