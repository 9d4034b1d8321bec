// Which media store a process uses (decision 0094): one per DATA_DIR, set by core and the worker at start from
// their configuration, or else the one the environment names. The ~50 functions that read and write files keep
// taking a `dataDir` and find their store here.
import path from "node:path";
import { loadMediaStoreConfig, type MediaStoreConfig } from "../kernel/config.ts";
import { localMediaStore, type MediaStore } from "./file-store.ts";

/** The store a configuration names; the S3 client is loaded only when a bucket is configured. */
export async function createMediaStore(dataDir: string, config: MediaStoreConfig): Promise<MediaStore> {
  if (config.kind === "local") return localMediaStore(dataDir);
  const { s3MediaStore } = await import("./s3-file-store.ts");
  return s3MediaStore(config);
}

const stores = new Map<string, Promise<MediaStore>>();

/**
 * Makes `store` the one that the media of `dataDir` are read from and written to, in this process. core and the
 * worker call it at start with their configuration; the functions that take a `dataDir` find their store here.
 */
export function useMediaStore(dataDir: string, store: MediaStore | Promise<MediaStore>): void {
  stores.set(path.resolve(dataDir), Promise.resolve(store));
}

/** Forgets the store of `dataDir` (a test's core stopping). */
export function forgetMediaStore(dataDir: string): void {
  stores.delete(path.resolve(dataDir));
}

/**
 * The store of `dataDir`: the one set with useMediaStore, else the one the environment names (MEDIA_STORE, read
 * once per folder), so a part that was never told still reads the installation's store and not a stray folder.
 */
export function mediaStore(dataDir: string): Promise<MediaStore> {
  const dir = path.resolve(dataDir);
  let store = stores.get(dir);
  if (!store) {
    // A wrong setting rejects the promise (every caller awaits it) rather than throwing where it was asked.
    store = Promise.resolve().then(() => createMediaStore(dir, loadMediaStoreConfig(process.env)));
    stores.set(dir, store);
  }
  return store;
}
