// A company's media folder as the companies page shows it (spec 3 §2: folder size, file count, last folder
// update): read from the media store when the page is read, not stored (decision 0071), so it is never stale.
import { companyMediaPrefix } from "../media/media-store.ts";
import { mediaStore } from "../media/store-registry.ts";

export type FolderStats = { folderSize: number; numberFileFolder: number; updatedAtFolder: string | null };

/** Bytes, files and the latest modification under the company's media folder; a missing folder is empty. */
export async function companyFolderStats(dataDir: string, companyId: number): Promise<FolderStats> {
  let folderSize = 0;
  let numberFileFolder = 0;
  let latest = 0;
  for await (const file of (await mediaStore(dataDir)).list(companyMediaPrefix(companyId))) {
    folderSize += file.size;
    numberFileFolder += 1;
    latest = Math.max(latest, file.modified.getTime());
  }
  return { folderSize, numberFileFolder, updatedAtFolder: latest ? new Date(latest).toISOString() : null };
}

/** Removes a deleted company's media folder (after its rows are gone; a failure leaves files, not rows). */
export async function removeCompanyFolder(dataDir: string, companyId: number): Promise<void> {
  await (await mediaStore(dataDir)).removeAll(companyMediaPrefix(companyId));
}
