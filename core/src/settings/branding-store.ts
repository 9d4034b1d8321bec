// Where the white-label logos live: key branding/{uuid}-{safe name}.{ext} of the media store, served to anyone at
// /branding/{file} (the login screen is branded before a session exists). Only raster images and
// icons, told by their bytes: an SVG could carry script into our origin.
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { BRANDING_FILE_NAME } from "../contract/settings.ts";
import { safeFileName, sniffImage } from "../media/media-store.ts";
import { mediaStore } from "../media/store-registry.ts";

export type BrandingKind = "png" | "jpg" | "gif" | "webp" | "ico";

const MIME: Record<BrandingKind, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  ico: "image/x-icon",
};

export const brandingDir = (dataDir: string) => path.join(dataDir, "branding");

/** The kind of image the bytes are, or null for anything else (SVG, HTML, a renamed executable). */
export function sniffBranding(bytes: Uint8Array): BrandingKind | null {
  const image = sniffImage(bytes);
  if (image) return image;
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (bytes.length >= 6 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0) {
    return bytes[4]! + bytes[5]! > 0 ? "ico" : null;
  }
  return null;
}

export const mimeOfBrandingFile = (fileName: string) =>
  MIME[path.extname(fileName).slice(1).toLowerCase() as BrandingKind] ?? "application/octet-stream";

/** The media store key of a stored name, or null when the name is not one we make. */
export function brandingKey(fileName: string): string | null {
  return BRANDING_FILE_NAME.test(fileName) && !fileName.includes("..") ? `branding/${fileName}` : null;
}

/** The file on disk for a stored name (the local store's), or null when the name is not one we make. */
export function brandingFilePath(dataDir: string, fileName: string): string | null {
  if (!BRANDING_FILE_NAME.test(fileName) || fileName.includes("..")) return null;
  const dir = path.resolve(brandingDir(dataDir));
  const file = path.resolve(dir, fileName);
  return path.dirname(file) === dir ? file : null;
}

/** Stores the bytes under a fresh name (the person's name reduced to safe characters, the extension from the bytes). */
export async function saveBrandingFile(
  dataDir: string,
  originalName: string,
  bytes: Uint8Array,
  kind: BrandingKind,
): Promise<string> {
  const base = path.parse(safeFileName(originalName)).name.slice(0, 60) || "logo";
  const fileName = `${uuidv7()}-${base}.${kind}`;
  await (await mediaStore(dataDir)).put(`branding/${fileName}`, bytes, MIME[kind]);
  return fileName;
}

/** Removes a stored logo; one already gone is fine. */
export async function removeBrandingFile(dataDir: string, fileName: string): Promise<void> {
  const key = brandingKey(fileName);
  if (key) await (await mediaStore(dataDir)).remove(key).catch(() => {});
}
