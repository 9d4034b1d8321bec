// Where uploaded media lives: key media/company-{id}/{uuid}-{safe name} of the installation's media store
// (file-store.ts: the DATA_DIR folder or an S3 bucket), served back by core at /media/{companyId}/{file}
// (media-routes.ts). The file name is the only key, so it is checked everywhere it comes back in.
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { mediaStore } from "./store-registry.ts";

export { MEDIA_DIR_MODE, MEDIA_FILE_MODE, MediaTooLargeError } from "./file-store.ts";

/** What a stored file's name may look like: no separators, no leading dot, nothing to traverse with. */
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The local folder of a company's media (the local store's; an S3 store keeps the same path as a key prefix). */
export function companyMediaDir(dataDir: string, companyId: number): string {
  return path.join(dataDir, "media", `company-${companyId}`);
}

/** The store's folder of a company's media, as a key prefix. */
export const companyMediaPrefix = (companyId: number) => `media/company-${companyId}/`;

/** The store key of a stored name of this company, or null when the name is not one we make. */
export function mediaKey(companyId: number, fileName: string): string | null {
  if (!STORED_NAME.test(fileName) || fileName.includes("..")) return null;
  return `${companyMediaPrefix(companyId)}${fileName}`;
}

/** The store key a mediaUrl of this company names; anything else (another company's, a name we never made) is null. */
export function mediaKeyOfUrl(companyId: number, url: string): string | null {
  const parsed = parseMediaUrl(url);
  return parsed && parsed.companyId === companyId ? mediaKey(companyId, parsed.fileName) : null;
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

/**
 * The file on disk for a stored name of this company, or null when the name is not one we make. Only the local
 * store has one: read through mediaStore(dataDir) with mediaKey instead.
 */
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
  const key = mediaKeyOfUrl(companyId, url);
  if (!key) return false;
  return (await (await mediaStore(dataDir)).stat(key)) !== null;
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

/** Stores bytes in the company's media; answers the stored name and its URL. */
export async function saveMedia(
  dataDir: string,
  companyId: number,
  originalName: string,
  bytes: Uint8Array,
): Promise<{ fileName: string; url: string }> {
  const fileName = storedFileName(originalName);
  await (await mediaStore(dataDir)).put(`${companyMediaPrefix(companyId)}${fileName}`, bytes, mimeOfFileName(fileName));
  return { fileName, url: mediaUrlOf(companyId, fileName) };
}

/**
 * Stores a stream in the company's media as it arrives, never whole in memory, with saveMedia's naming. Past
 * `maxBytes` (MediaTooLargeError), on `signal`, or on any read or write error nothing of it is kept and the
 * error is thrown.
 */
export async function saveMediaStream(
  dataDir: string,
  companyId: number,
  originalName: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  opts: { maxBytes: number; signal?: AbortSignal },
): Promise<{ fileName: string; url: string; size: number }> {
  const fileName = storedFileName(originalName);
  const size = await (await mediaStore(dataDir)).putStream(
    `${companyMediaPrefix(companyId)}${fileName}`,
    asAsync(source),
    {
      maxBytes: opts.maxBytes,
      signal: opts.signal,
      contentType: mimeOfFileName(fileName),
    },
  );
  return { fileName, url: mediaUrlOf(companyId, fileName), size };
}

async function* asAsync(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncIterable<Uint8Array> {
  for await (const chunk of source) yield chunk;
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
  const key = mediaKeyOfUrl(companyId, url);
  if (key) await (await mediaStore(dataDir)).remove(key).catch(() => {});
}
