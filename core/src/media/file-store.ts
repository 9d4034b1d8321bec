// The one place media bytes are kept (decision 0094): a folder under DATA_DIR, or an S3-compatible bucket that
// every core and worker of an installation shares. Keys are relative paths such as
// `media/company-7/{uuid}-{name}.png`, `branding/{file}`, `announcements/{file}`; the same key names the same file
// in either store, so a DATA_DIR copies into a bucket as it is (scripts/media-copy-to-s3.ts).
import { mkdir, open, readdir, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Media is readable by core's user and group only, never by every account on the machine. */
export const MEDIA_FILE_MODE = 0o640;
export const MEDIA_DIR_MODE = 0o750;

/** What the store knows of a kept file. */
export type StoredFile = {
  size: number;
  modified: Date;
  /** A validator for conditional and range requests (the bucket's ETag; size and time for a local file). */
  etag: string;
};

/** Bytes in [start, end], both included, as an HTTP range names them. */
export type ByteRange = { start: number; end: number };

export type PutStreamOptions = {
  /** Past this many bytes the write fails with MediaTooLargeError and nothing is kept. */
  maxBytes?: number;
  signal?: AbortSignal;
  contentType?: string;
};

export type MediaStore = {
  readonly kind: "local" | "s3";
  /** Keeps the bytes under key. */
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /**
   * Keeps a stream under key as it arrives, never whole in memory. Past maxBytes, on the signal, or on any read
   * or write error, nothing of it is kept and the error is thrown. Answers the bytes written.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>, o?: PutStreamOptions): Promise<number>;
  /** The file's size, time and validator; null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** The file's bytes (or a range of them) as a stream; null when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes a file; one already gone is fine. */
  remove(key: string): Promise<void>;
  /** Every file whose key starts with prefix (a folder, ending in "/"). */
  list(prefix: string): AsyncIterable<StoredFile & { key: string }>;
  /** Removes every file under prefix (a folder, ending in "/"). */
  removeAll(prefix: string): Promise<void>;
  /** The file on this machine's disk (the local store only), for readers that open a file lazily as a Blob. */
  filePath?(key: string): string;
};

/** A streamed file went past its size limit: nothing of it is kept. */
export class MediaTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`media over the limit of ${maxBytes} bytes`);
    this.name = "MediaTooLargeError";
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** True for a key made of safe segments: nothing to climb out of the store with. */
export function isStoreKey(key: string): boolean {
  const parts = key.split("/");
  return parts.length <= 4 && parts.every((p) => SEGMENT.test(p) && !p.includes(".."));
}

function checkKey(key: string): string {
  if (!isStoreKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

function checkPrefix(prefix: string): string {
  if (!prefix.endsWith("/") || !isStoreKey(prefix.slice(0, -1))) throw new Error(`not a media folder: ${prefix}`);
  return prefix;
}

/** The stream's chunks, failing past maxBytes. */
export async function* capped(source: AsyncIterable<Uint8Array>, maxBytes = Number.POSITIVE_INFINITY) {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) throw new MediaTooLargeError(maxBytes);
    yield chunk;
  }
}

/** The folder store: key `a/b/c` is the file DATA_DIR/a/b/c. */
export function localMediaStore(root: string): MediaStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, ...checkKey(key).split("/"));
  const enoent = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";
  return {
    kind: "local",
    filePath: fileOf,
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: MEDIA_DIR_MODE });
      await writeFile(file, bytes, { flag: "wx", mode: MEDIA_FILE_MODE });
    },
    async putStream(key, source, o = {}) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: MEDIA_DIR_MODE });
      // Created exclusively first, so a failure below only ever removes a file this call made.
      const handle = await open(file, "wx", MEDIA_FILE_MODE);
      let size = 0;
      try {
        await pipeline(
          Readable.from(capped(source, o.maxBytes), { objectMode: false }),
          async function* counted(chunks: AsyncIterable<Uint8Array>) {
            for await (const chunk of chunks) {
              size += chunk.length;
              yield chunk;
            }
          },
          handle.createWriteStream(),
          o.signal ? { signal: o.signal } : {},
        );
      } catch (err) {
        await handle.close().catch(() => {});
        await unlink(file).catch(() => {});
        throw err;
      }
      return size;
    },
    async stat(key) {
      const s = await stat(fileOf(key)).catch((err) => {
        if (enoent(err) || (err as NodeJS.ErrnoException).code === "ENOTDIR") return null;
        throw err;
      });
      if (!s?.isFile()) return null;
      return {
        size: s.size,
        modified: s.mtime,
        etag: `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
      };
    },
    async read(key, range) {
      const handle = await open(fileOf(key), "r").catch((err) => {
        if (enoent(err)) return null;
        throw err;
      });
      if (!handle) return null;
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await unlink(fileOf(key)).catch((err) => {
        if (!enoent(err)) throw err;
      });
    },
    async *list(prefix) {
      const dir = path.join(base, ...checkPrefix(prefix).slice(0, -1).split("/"));
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err) => {
        if (enoent(err)) return [];
        throw err;
      });
      for (const e of entries) {
        if (!e.isFile()) continue;
        const file = path.join(e.parentPath, e.name);
        // A file removed between the listing and its stat is simply not listed.
        const s = await stat(file).catch(() => null);
        if (!s) continue;
        const key = path.relative(base, file).split(path.sep).join("/");
        yield {
          key,
          size: s.size,
          modified: s.mtime,
          etag: `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
        };
      }
    },
    async removeAll(prefix) {
      await rm(path.join(base, ...checkPrefix(prefix).slice(0, -1).split("/")), { recursive: true, force: true });
    },
  };
}

/** The whole file as bytes, for the senders that hand a buffer to a channel (a voice note, a Graph API upload). */
export async function readStoredBytes(store: MediaStore, key: string): Promise<Buffer<ArrayBuffer> | null> {
  const body = await store.read(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
