// A company's media folder as the companies page shows it (spec 3 §2: folder size, file count, last folder
// update): read from the disk when the page is read, not stored (decision 0071), so it is never stale.
import type { Dirent } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { companyMediaDir } from "../media/media-store.ts";

export type FolderStats = { folderSize: number; numberFileFolder: number; updatedAtFolder: string | null };

const EMPTY: FolderStats = { folderSize: 0, numberFileFolder: 0, updatedAtFolder: null };

/** Bytes, files and the latest modification under the company's media folder; a missing folder is empty. */
export async function companyFolderStats(dataDir: string, companyId: number): Promise<FolderStats> {
  const root = companyMediaDir(dataDir, companyId);
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return EMPTY;
  }
  let folderSize = 0;
  let numberFileFolder = 0;
  let latest = 0;
  for (const e of entries) {
    if (!e.isFile()) continue;
    // A file removed between the listing and its stat is simply not counted.
    const s = await stat(path.join(e.parentPath, e.name)).catch(() => null);
    if (!s) continue;
    folderSize += s.size;
    numberFileFolder += 1;
    latest = Math.max(latest, s.mtimeMs);
  }
  return { folderSize, numberFileFolder, updatedAtFolder: latest ? new Date(latest).toISOString() : null };
}

/** Removes a deleted company's media folder (after its rows are gone; a failure leaves files, not rows). */
export async function removeCompanyFolder(dataDir: string, companyId: number): Promise<void> {
  await rm(companyMediaDir(dataDir, companyId), { recursive: true, force: true });
}
