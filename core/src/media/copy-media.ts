// Moving an installation's files from its DATA_DIR into a bucket (npm run media:copy-to-s3, decision 0094): every
// file of the folders the media store keeps, under the same key, streamed. Run again, it copies only what is not
// there yet, so it can be stopped and resumed, and run once more just before the switch to MEDIA_STORE=s3.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { localMediaStore, type MediaStore, type StoredFile } from "./file-store.ts";
import { mimeOfFileName } from "./media-store.ts";

/** The folders of DATA_DIR that hold media store files (not the token secret, the keys, imports or the database). */
export const MEDIA_FOLDERS = ["media/", "branding/", "announcements/"] as const;

export type CopyProgress = {
  /** Files found in the folder. */
  total: number;
  copied: number;
  /** Already in the bucket with the same size (and the same MD5 where the bucket's ETag is one). */
  skipped: number;
  failed: number;
  /** Bytes copied so far. */
  bytes: number;
};

export type CopyOptions = {
  /** Uploads at once. */
  concurrency?: number;
  /** Called after each file. */
  onProgress?: (p: CopyProgress, key: string, outcome: "copied" | "skipped" | "failed") => void;
  /** Called for a file that could not be copied (the copy goes on with the others). */
  onError?: (key: string, err: unknown) => void;
};

/** A single-part upload's ETag is the MD5 of the bytes; a multipart one ("…-3") is not. */
const md5Etag = (etag: string) => /^"?([0-9a-f]{32})"?$/i.exec(etag)?.[1]?.toLowerCase();

async function md5Of(file: string): Promise<string> {
  const hash = createHash("md5");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function sameObject(source: MediaStore, key: string, file: StoredFile, there: StoredFile | undefined) {
  if (!there || there.size !== file.size) return false;
  const etag = md5Etag(there.etag);
  // Stored names are never reused, so a multipart object of the same size is the same file.
  return etag ? etag === (await md5Of(source.filePath!(key))) : true;
}

/** Copies DATA_DIR's media folders into `target`; answers the counts. */
export async function copyMediaFolder(dataDir: string, target: MediaStore, o: CopyOptions = {}): Promise<CopyProgress> {
  const source = localMediaStore(dataDir);
  const files: (StoredFile & { key: string })[] = [];
  const present = new Map<string, StoredFile>();
  for (const folder of MEDIA_FOLDERS) {
    for await (const f of source.list(folder)) files.push(f);
    for await (const f of target.list(folder)) present.set(f.key, f);
  }
  const progress: CopyProgress = { total: files.length, copied: 0, skipped: 0, failed: 0, bytes: 0 };
  let next = 0;
  const copyNext = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      let outcome: "copied" | "skipped" | "failed";
      try {
        if (await sameObject(source, file.key, file, present.get(file.key))) {
          outcome = "skipped";
          progress.skipped += 1;
        } else {
          const body = await source.read(file.key);
          if (!body) throw new Error("removed while copying");
          progress.bytes += await target.putStream(file.key, body, { contentType: mimeOfFileName(file.key) });
          outcome = "copied";
          progress.copied += 1;
        }
      } catch (err) {
        outcome = "failed";
        progress.failed += 1;
        o.onError?.(file.key, err);
      }
      o.onProgress?.(progress, file.key, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 4) }, copyNext));
  return progress;
}
