// npm run media:copy-to-s3 as an operator runs it: a DATA_DIR left by a local installation copied into a bucket
// (s3rver on loopback) under the same keys, the secrets and imports left out, and a second run that copies nothing.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readStoredBytes } from "../core/src/media/file-store.ts";
import { s3MediaStore } from "../core/src/media/s3-file-store.ts";
import { type S3Config, s3ForFile } from "../core/src/testing/test-s3.ts";

const root = path.resolve(import.meta.dirname, "..");
const s3 = s3ForFile();

/** Runs the command as `npm run media:copy-to-s3` does (node on the script), with the bucket's variables. */
async function copy(dataDir: string, bucket: S3Config) {
  const run = promisify(execFile)(process.execPath, [path.join(root, "scripts/media-copy-to-s3.ts")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      S3_ENDPOINT: bucket.endpoint,
      S3_REGION: bucket.region,
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
  });
  return run.then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );
}

async function keysOf(bucket: S3Config): Promise<string[]> {
  const store = s3MediaStore(bucket);
  const keys: string[] = [];
  for (const folder of ["media/", "branding/", "announcements/", "imports/"]) {
    for await (const f of store.list(folder)) keys.push(f.key);
  }
  return keys.sort();
}

describe("npm run media:copy-to-s3", () => {
  it("copies every media file under its key with progress, skips them all on a second run, and re-copies one that differs", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-copy-"));
    try {
      const files: Record<string, Buffer> = {
        "media/company-1/0190f5a8-1c2b-7d3e-8f40-123456789abc-foto.png": Buffer.from("png bytes of company 1"),
        "media/company-2/0190f5a8-1c2b-7d3e-8f40-123456789abd-contrato.pdf": Buffer.alloc(9 * 1024 * 1024, 7),
        "branding/0190f5a8-1c2b-7d3e-8f40-123456789abe-logo.png": Buffer.from("logo"),
        "announcements/0190f5a8-1c2b-7d3e-8f40-123456789abf-aviso.jpg": Buffer.from("aviso"),
      };
      for (const [key, bytes] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dataDir, key)), { recursive: true });
        await writeFile(path.join(dataDir, key), bytes);
      }
      // What is not media stays on the machine: the token secret, a half-done import.
      await writeFile(path.join(dataDir, "jwt-secret"), "secret");
      await mkdir(path.join(dataDir, "imports/tmp"), { recursive: true });
      await writeFile(path.join(dataDir, "imports/tmp/sheet.xlsx"), "sheet");

      const bucket = await s3.bucket();
      const first = await copy(dataDir, bucket);
      expect(first.err).toBe("");
      expect(first.code).toBe(0);
      expect(first.out).toContain(`into bucket ${bucket.bucket}`);
      expect(first.out).toMatch(/4\/4 files: 4 copied \(9\.4 MB\), 0 already there, 0 failed/);
      expect(await keysOf(bucket)).toEqual(Object.keys(files).sort());
      const store = s3MediaStore(bucket);
      for (const [key, bytes] of Object.entries(files))
        expect((await readStoredBytes(store, key))!.equals(bytes)).toBe(true);

      const second = await copy(dataDir, bucket);
      expect(second.code).toBe(0);
      expect(second.out).toContain("done in");
      expect(second.out).toMatch(/0 copied, 4 already there, 0 failed/);

      // An object of the same size but other bytes (a copy cut short and rewritten by hand) is copied again.
      await store.put("branding/0190f5a8-1c2b-7d3e-8f40-123456789abe-logo.png", Buffer.from("LOGO"));
      const third = await copy(dataDir, bucket);
      expect(third.out).toMatch(/1 copied, 3 already there, 0 failed/);
      expect((await readStoredBytes(store, "branding/0190f5a8-1c2b-7d3e-8f40-123456789abe-logo.png"))!.toString()).toBe(
        "logo",
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("says what is missing and copies nothing without a bucket, and fails when the bucket does not exist", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-copy-"));
    try {
      const none = await promisify(execFile)(process.execPath, [path.join(root, "scripts/media-copy-to-s3.ts")], {
        cwd: root,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      }).catch((e: { code: number; stderr: string }) => e);
      expect((none as { code: number }).code).not.toBe(0);
      expect((none as { stderr: string }).stderr).toContain("MEDIA_STORE=s3 needs S3_BUCKET");

      const bucket = await s3.bucket();
      const missing = await copy(dataDir, { ...bucket, bucket: "no-such-bucket" });
      expect(missing.code).not.toBe(0);
      expect(missing.err).toContain("NoSuchBucket");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
