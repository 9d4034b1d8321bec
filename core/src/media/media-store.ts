// Where uploaded media lives: DATA_DIR/media/company-{id}/{uuid}-{safe name},
// served back by core at /media/{companyId}/{file} (media-routes.ts). The file
// name is the only key, so it is checked everywhere it comes back in.
import { mkdir, open, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { v7 as uuidv7 } from "uuid";

/** Media is readable by core's user and group only, never by every account on the machine. */
export const MEDIA_FILE_MODE = 0o640;
export const MEDIA_DIR_MODE = 0o750;

/** What a stored file's name may look like: no separators, no leading dot, nothing to traverse with. */
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function companyMediaDir(dataDir: string, companyId: number): string {
  return path.join(dataDir, "media", `company-${companyId}`);
}

/** The name as typed by the person, reduced to letters, digits, dot, dash and underscore. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, "/"));
  const ascii = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._-]+/, "")
    .replace(/_+/g, "_");
  const trimmed = ascii.length > 100 ? ascii.slice(ascii.length - 100).replace(/^[._-]+/, "") : ascii;
  return trimmed || "file";
}

/**
 * Multipart file names arrive decoded as latin1 (busboy's default); browsers send
 * UTF-8 bytes, so read them back as UTF-8 when that makes valid text.
 */
export function utf8FileName(name: string): string {
  const decoded = Buffer.from(name, "latin1").toString("utf8");
  return decoded.includes("\uFFFD") ? name : decoded;
}

/** A fresh stored name for an upload: unique, and still telling what it was. */
export function storedFileName(originalName: string): string {
  return `${uuidv7()}-${safeFileName(originalName)}`;
}

/** The name a file was uploaded with, from its stored name (`<uuidv7>-<name>`, storedFileName). */
export function originalFileName(storedName: string): string {
  return storedName.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, "");
}

export function mediaUrlOf(companyId: number, fileName: string): string {
  return `/media/${companyId}/${fileName}`;
}

/** The file on disk for a stored name of this company, or null when the name is not one we make. */
export function mediaFilePath(dataDir: string, companyId: number, fileName: string): string | null {
  if (!STORED_NAME.test(fileName) || fileName.includes("..")) return null;
  const dir = companyMediaDir(dataDir, companyId);
  const file = path.resolve(dir, fileName);
  return path.dirname(file) === path.resolve(dir) ? file : null;
}

/** Reads a mediaUrl we made back into its parts; anything else is null. */
export function parseMediaUrl(url: string): { companyId: number; fileName: string } | null {
  const m = /^\/media\/([1-9]\d{0,9})\/([^/]+)$/.exec(url);
  if (!m) return null;
  return { companyId: Number(m[1]), fileName: m[2]! };
}

/** True when mediaUrl names an existing file of this company's store. */
export async function companyMediaExists(dataDir: string, companyId: number, url: string): Promise<boolean> {
  const parsed = parseMediaUrl(url);
  if (!parsed || parsed.companyId !== companyId) return false;
  const file = mediaFilePath(dataDir, companyId, parsed.fileName);
  if (!file) return false;
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * The message mediaType for a mime type (spec 1 §2 media types): image, audio,
 * video, and application for everything else (documents, archives, text).
 */
export function mediaTypeOfMime(mime: string | undefined): "image" | "audio" | "video" | "application" {
  const top = (mime ?? "").split("/")[0]?.toLowerCase();
  if (top === "image" || top === "audio" || top === "video") return top;
  return "application";
}

const EXTENSION_MIME: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  oga: "audio/ogg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  wav: "audio/wav",
  amr: "audio/amr",
  mp4: "video/mp4",
  "3gp": "video/3gpp",
  mov: "video/quicktime",
  webm: "video/webm",
  pdf: "application/pdf",
};

/** The mime type a stored file is served with, from its extension. */
export function mimeOfFileName(fileName: string): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return EXTENSION_MIME[ext] ?? "application/octet-stream";
}

/** Stores bytes under the company's media folder; answers the stored name and its URL. */
export async function saveMedia(
  dataDir: string,
  companyId: number,
  originalName: string,
  bytes: Uint8Array,
): Promise<{ fileName: string; url: string }> {
  const dir = companyMediaDir(dataDir, companyId);
  await mkdir(dir, { recursive: true, mode: MEDIA_DIR_MODE });
  const fileName = storedFileName(originalName);
  await writeFile(path.join(dir, fileName), bytes, { flag: "wx", mode: MEDIA_FILE_MODE });
  return { fileName, url: mediaUrlOf(companyId, fileName) };
}

/** A streamed file went past its size limit: nothing of it is kept. */
export class MediaTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`media over the limit of ${maxBytes} bytes`);
    this.name = "MediaTooLargeError";
  }
}

/**
 * Stores a stream under the company's media folder as it arrives, never whole in memory,
 * with saveMedia's naming. Past `maxBytes`, on `signal`, or on any read or write error the
 * partial file is removed and the error thrown.
 */
export async function saveMediaStream(
  dataDir: string,
  companyId: number,
  originalName: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  opts: { maxBytes: number; signal?: AbortSignal },
): Promise<{ fileName: string; url: string; size: number }> {
  const dir = companyMediaDir(dataDir, companyId);
  await mkdir(dir, { recursive: true, mode: MEDIA_DIR_MODE });
  const fileName = storedFileName(originalName);
  const file = path.join(dir, fileName);
  // Created exclusively first, so a failure below only ever removes a file this call made.
  const handle = await open(file, "wx", MEDIA_FILE_MODE);
  let size = 0;
  try {
    await pipeline(
      Readable.from(source, { objectMode: false }),
      async function* capped(chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > opts.maxBytes) throw new MediaTooLargeError(opts.maxBytes);
          yield chunk;
        }
      },
      handle.createWriteStream(),
      opts.signal ? { signal: opts.signal } : {},
    );
  } catch (err) {
    await handle.close().catch(() => {});
    await unlink(file).catch(() => {});
    throw err;
  }
  return { fileName, url: mediaUrlOf(companyId, fileName), size };
}

/** Image kinds an interactive header may carry, told by their first bytes (not by what the client claims). */
export function sniffImage(bytes: Uint8Array): "png" | "jpg" | "gif" | "webp" | null {
  const b = bytes;
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpg";
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return "gif";
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45) {
    return "webp";
  }
  return null;
}

/** Removes a stored file by its mediaUrl (a send that was refused after storing it). */
export async function removeMedia(dataDir: string, companyId: number, url: string): Promise<void> {
  const parsed = parseMediaUrl(url);
  const file = parsed && parsed.companyId === companyId ? mediaFilePath(dataDir, companyId, parsed.fileName) : null;
  if (file) await unlink(file).catch(() => {});
}
