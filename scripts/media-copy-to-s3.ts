// npm run media:copy-to-s3: copies DATA_DIR's media (message media, profile pictures, logos, announcement images)
// into the bucket that the S3_ variables name, under the same keys, before an installation switches to
// MEDIA_STORE=s3 (README "Operations"; decision 0094). Idempotent: a file already in the bucket with the same size
// (and MD5) is skipped, so it can be run while the old instance still writes, and once more just before the switch.
import path from "node:path";
import { loadMediaStoreConfig } from "../core/src/kernel/config.ts";
import { copyMediaFolder, MEDIA_FOLDERS } from "../core/src/media/copy-media.ts";
import { s3MediaStore } from "../core/src/media/s3-file-store.ts";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const config = loadMediaStoreConfig({ ...process.env, MEDIA_STORE: "s3" });
if (config.kind !== "s3") throw new Error("unreachable");

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
console.log(
  `copying ${MEDIA_FOLDERS.join(", ")} of ${dataDir} into bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}`,
);
const started = Date.now();
let lastLine = 0;
const result = await copyMediaFolder(dataDir, s3MediaStore(config), {
  concurrency: Number(process.env.COPY_CONCURRENCY ?? 4),
  onError: (key, err) => console.error(`failed ${key}: ${(err as Error).message}`),
  onProgress: (p) => {
    const done = p.copied + p.skipped + p.failed;
    // A line a second (and the last one): progress without a line per file on a folder of millions.
    if (Date.now() - lastLine < 1000 && done < p.total) return;
    lastLine = Date.now();
    console.log(
      `${done}/${p.total} files: ${p.copied} copied (${mb(p.bytes)}), ${p.skipped} already there, ${p.failed} failed`,
    );
  },
});
if (result.total === 0) console.log("no media files found");
console.log(
  `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.copied} copied, ${result.skipped} already there, ${result.failed} failed`,
);
process.exitCode = result.failed ? 1 : 0;
