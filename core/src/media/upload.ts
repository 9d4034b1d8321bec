// Multipart uploads of message media: files stream straight into the installation's media store (never whole in
// memory), under the caller's company and names we make, with the extension their first bytes tell.
import { unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Request, RequestHandler } from "express";
import multer from "multer";
import { actorOf } from "../auth/authenticate.ts";
import { MEDIA_MAX_BYTES } from "../contract/messages.ts";
import { type AppError, invalidInput } from "../kernel/errors.ts";
import { nulByteError } from "../kernel/nul-bytes.ts";
import type { MediaStore } from "./file-store.ts";
import { SNIFF_BYTES, sniffMedia } from "./media-sniff.ts";
import { companyMediaPrefix, storedFileName, utf8FileName } from "./media-store.ts";
import { mediaStore } from "./store-registry.ts";

/** Largest file accepted (the contract's, which the PWA checks before queueing an upload). */
export { MEDIA_MAX_BYTES };
/** Files per message send. */
export const MEDIA_MAX_FILES = 10;

/** An uploaded file as the routes see it, plus where the store keeps it. */
type StoredUpload = Express.Multer.File & { storeKey?: string; store?: MediaStore };

/** Accepts the multipart field `field` (up to MEDIA_MAX_FILES files); a JSON request passes through untouched. */
export function mediaUpload(dataDir: string, field: string): RequestHandler {
  const upload = multer({
    storage: storeEngine(dataDir, field),
    limits: { fileSize: MEDIA_MAX_BYTES, files: MEDIA_MAX_FILES, fields: 20, parts: MEDIA_MAX_FILES + 20 },
  }).array(field, MEDIA_MAX_FILES);
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) {
        const nul = multipartNulByteError(req);
        // Refused before the route runs: the files just written have nothing to belong to.
        if (nul) return void discardUploads(req.files as Express.Multer.File[] | undefined).then(() => next(nul));
        return next();
      }
      // multer has removed every file of the request already (the store engine's _removeFile).
      if (err instanceof multer.MulterError) {
        const message = err.code === "LIMIT_FILE_SIZE" ? "File too large" : err.message;
        return next(invalidInput(message, err.field ?? field));
      }
      next(err);
    });
  };
}

/**
 * Each file becomes what its bytes say it is: the stored name's extension and the mimetype the message takes come
 * from sniffMedia on its first bytes, never from the client, and are known before the first byte is stored. A file
 * of no known kind refuses the whole request (multer then removes the files already stored).
 */
function storeEngine(dataDir: string, field: string): multer.StorageEngine {
  return {
    _handleFile(req, file, cb) {
      // authenticate ran before: the folder is the caller's company, whatever the request says.
      const companyId = actorOf(req.res!).companyId;
      file.originalname = utf8FileName(file.originalname);
      storeUpload(dataDir, companyId, file, field).then((info) => cb(null, info), cb);
    },
    _removeFile(_req, file, cb) {
      removeUpload(file as StoredUpload).then(() => cb(null), cb);
    },
  };
}

async function storeUpload(
  dataDir: string,
  companyId: number,
  file: Express.Multer.File,
  field: string,
): Promise<Partial<StoredUpload>> {
  const head = await readHead(file.stream, SNIFF_BYTES);
  const kind = sniffMedia(Buffer.concat(head.chunks), path.extname(file.originalname).slice(1));
  if (!kind) {
    file.stream.resume();
    throw invalidInput("Tipo de arquivo não permitido", field);
  }
  const stored = storedFileName(file.originalname);
  const filename = `${stored.slice(0, stored.length - path.extname(stored).length)}.${kind.ext}`;
  const storeKey = `${companyMediaPrefix(companyId)}${filename}`;
  const store = await mediaStore(dataDir);
  const rest = head.ended ? [] : file.stream;
  const size = await store.putStream(storeKey, joined(head.chunks, rest), { contentType: kind.mime });
  return { filename, size, mimetype: kind.mime, path: storeKey, destination: "", storeKey, store };
}

async function* joined(first: Uint8Array[], rest: AsyncIterable<Uint8Array> | Uint8Array[]) {
  yield* first;
  for await (const chunk of rest) yield chunk as Uint8Array;
}

/** The first `n` bytes (or all, when fewer), leaving the rest of the stream unread. */
function readHead(stream: Readable, n: number): Promise<{ chunks: Buffer[]; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      if (!ended) stream.pause();
      resolve({ chunks, ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= n) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (err: Error) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      reject(err);
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
  });
}

/** A NUL in a multipart text field or file name, refused like one in a JSON body (kernel/nul-bytes.ts). */
export function multipartNulByteError(req: Request): AppError | undefined {
  const files = (Array.isArray(req.files) ? req.files : req.file ? [req.file] : []).map((f) => f.originalname);
  return nulByteError(req.body) ?? nulByteError(files);
}

async function removeUpload(f: StoredUpload): Promise<void> {
  if (f.store && f.storeKey) await f.store.remove(f.storeKey);
  else if (f.path) await unlink(f.path);
}

/** Removes uploaded files of a request that was refused after they were written (media in the store, or files on disk). */
export async function discardUploads(files: Express.Multer.File[] | undefined): Promise<void> {
  await Promise.all((files ?? []).map((f) => removeUpload(f as StoredUpload).catch(() => {})));
}
