// The media store in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...), shared by every core and worker
// of an installation (decision 0094). Large files go up as a multipart upload of 8 MiB parts, two at a time, so a
// 100 MB video holds about 16 MiB of memory, never the whole file.

import type { Readable } from "node:stream";
import { Readable as NodeReadable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { MediaStoreConfig } from "../kernel/config.ts";
import { capped, isStoreKey, type MediaStore } from "./file-store.ts";

export type S3MediaStoreConfig = Extract<MediaStoreConfig, { kind: "s3" }>;

const PART_SIZE = 8 * 1024 * 1024;
/** Keys removed at once when a company's folder goes. */
const REMOVE_CONCURRENCY = 8;

export function s3Client(config: S3MediaStoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the streaming trailer checksums
    // that newer SDKs add to every upload by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

function checkKey(key: string): string {
  if (!isStoreKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}

export function s3MediaStore(config: S3MediaStoreConfig, client = s3Client(config)): MediaStore {
  const Bucket = config.bucket;
  const store: MediaStore = {
    kind: "s3",
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async putStream(key, source, o = {}) {
      let size = 0;
      // What failed on our side (the limit, the download feeding us) is the error to tell, not what the abort of
      // the multipart upload that followed answered.
      let sourceError: unknown;
      const counted = async function* () {
        try {
          for await (const chunk of capped(source, o.maxBytes)) {
            size += chunk.length;
            yield chunk;
          }
        } catch (err) {
          sourceError = err;
          throw err;
        }
      };
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: NodeReadable.from(counted()), ContentType: o.contentType },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      const abort = () => void upload.abort().catch(() => {});
      o.signal?.addEventListener("abort", abort, { once: true });
      try {
        o.signal?.throwIfAborted();
        await upload.done();
      } catch (err) {
        // A part upload is aborted by lib-storage; a single PUT that got through before the error is removed here.
        await store.remove(key).catch(() => {});
        throw o.signal?.aborted ? o.signal.reason : (sourceError ?? err);
      } finally {
        o.signal?.removeEventListener("abort", abort);
      }
      return size;
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0), etag: head.ETag ?? "" };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      try {
        const got = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return got.Body as Readable;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          yield { key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0), etag: o.ETag ?? "" };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async removeAll(prefix) {
      if (!prefix.endsWith("/") || !isStoreKey(prefix.slice(0, -1))) throw new Error(`not a media folder: ${prefix}`);
      const batch: string[] = [];
      const flush = async () => {
        await Promise.all(batch.splice(0).map((key) => store.remove(key)));
      };
      for await (const o of store.list(prefix)) {
        batch.push(o.key);
        if (batch.length >= REMOVE_CONCURRENCY) await flush();
      }
      await flush();
    },
  };
  return store;
}
