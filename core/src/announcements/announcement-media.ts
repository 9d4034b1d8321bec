// Where announcement images live: DATA_DIR/announcements/{uuid}-{safe name}.{png|jpg}, served to anyone at
// /announcement-media/{file} like the white-label logos (an <img> sends no bearer token; the names are unguessable
// and the images are the platform's notices to every company, decision 0072). Only PNG and JPEG, told by the bytes.
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { ANNOUNCEMENT_FILE_NAME } from "../contract/announcements.ts";
import { MEDIA_DIR_MODE, MEDIA_FILE_MODE, safeFileName, sniffImage } from "../media/media-store.ts";

export type AnnouncementImageKind = "png" | "jpg";

export const announcementMediaDir = (dataDir: string) => path.join(dataDir, "announcements");

/** png or jpg by the file's first bytes; anything else (a GIF, an SVG, a renamed program) is null. */
export function sniffAnnouncementImage(bytes: Uint8Array): AnnouncementImageKind | null {
  const kind = sniffImage(bytes);
  return kind === "png" || kind === "jpg" ? kind : null;
}

export const mimeOfAnnouncementFile = (fileName: string) => (fileName.endsWith(".png") ? "image/png" : "image/jpeg");

/** The file on disk for a stored name, or null when the name is not one we make. */
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
  const dir = announcementMediaDir(dataDir);
  await mkdir(dir, { recursive: true, mode: MEDIA_DIR_MODE });
  const base = path.parse(safeFileName(originalName)).name.slice(0, 60) || "imagem";
  const fileName = `${uuidv7()}-${base}.${kind}`;
  await writeFile(path.join(dir, fileName), bytes, { flag: "wx", mode: MEDIA_FILE_MODE });
  return fileName;
}

/** Removes a stored image; one already gone is fine. */
export async function removeAnnouncementFile(dataDir: string, fileName: string | null): Promise<void> {
  const file = fileName ? announcementFilePath(dataDir, fileName) : null;
  if (file) await unlink(file).catch(() => {});
}
