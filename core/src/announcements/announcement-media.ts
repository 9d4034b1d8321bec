// Where announcement images live: key announcements/{uuid}-{safe name}.{png|jpg} of the media store, served to anyone at
// /announcement-media/{file} like the white-label logos (an <img> sends no bearer token; the names are unguessable
// and the images are the platform's notices to every company, decision 0072). Only PNG and JPEG, told by the bytes.
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { ANNOUNCEMENT_FILE_NAME } from "../contract/announcements.ts";
import { safeFileName, sniffImage } from "../media/media-store.ts";
import { mediaStore } from "../media/store-registry.ts";

export type AnnouncementImageKind = "png" | "jpg";

export const announcementMediaDir = (dataDir: string) => path.join(dataDir, "announcements");

/** png or jpg by the file's first bytes; anything else (a GIF, an SVG, a renamed program) is null. */
export function sniffAnnouncementImage(bytes: Uint8Array): AnnouncementImageKind | null {
  const kind = sniffImage(bytes);
  return kind === "png" || kind === "jpg" ? kind : null;
}

export const mimeOfAnnouncementFile = (fileName: string) => (fileName.endsWith(".png") ? "image/png" : "image/jpeg");

/** The media store key of a stored name, or null when the name is not one we make. */
export function announcementKey(fileName: string): string | null {
  return ANNOUNCEMENT_FILE_NAME.test(fileName) && !fileName.includes("..") ? `announcements/${fileName}` : null;
}

/** The file on disk for a stored name (the local store's), or null when the name is not one we make. */
export function announcementFilePath(dataDir: string, fileName: string): string | null {
  if (!ANNOUNCEMENT_FILE_NAME.test(fileName) || fileName.includes("..")) return null;
  const dir = path.resolve(announcementMediaDir(dataDir));
  const file = path.resolve(dir, fileName);
  return path.dirname(file) === dir ? file : null;
}

/** Stores the bytes under a fresh name (the person's name reduced to safe characters, the extension from the bytes). */
export async function saveAnnouncementFile(
  dataDir: string,
  originalName: string,
  bytes: Uint8Array,
  kind: AnnouncementImageKind,
): Promise<string> {
  const base = path.parse(safeFileName(originalName)).name.slice(0, 60) || "imagem";
  const fileName = `${uuidv7()}-${base}.${kind}`;
  await (await mediaStore(dataDir)).put(`announcements/${fileName}`, bytes, mimeOfAnnouncementFile(fileName));
  return fileName;
}

/** Removes a stored image; one already gone is fine. */
export async function removeAnnouncementFile(dataDir: string, fileName: string | null): Promise<void> {
  const key = fileName ? announcementKey(fileName) : null;
  if (key) await (await mediaStore(dataDir)).remove(key).catch(() => {});
}
