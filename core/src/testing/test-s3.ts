// An S3-compatible server on loopback for the media tests (decision 0094): s3rver (the maintained
// @20minutes fork) speaks the S3 REST protocol with signature v4, multipart uploads, ranges and listings, and
// keeps its objects in a temporary folder. The media store talks to it through the real AWS SDK.
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import type { MediaStoreConfig } from "../kernel/config.ts";
import { localMediaStore, type MediaStore } from "../media/file-store.ts";
import { s3Client, s3MediaStore } from "../media/s3-file-store.ts";
import { forgetMediaStore, useMediaStore } from "../media/store-registry.ts";
import { forFile } from "./for-file.ts";

export type S3Config = Extract<MediaStoreConfig, { kind: "s3" }>;

export type TestS3 = {
  endpoint: string;
  /** A bucket made when the server started, for settings read synchronously (an e2e stack's core). */
  first: S3Config;
  /** A fresh bucket on this server, with the settings a core or worker needs to use it. */
  bucket(): Promise<S3Config>;
  close(): Promise<void>;
};

let buckets = 0;

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "chatflow-s3-"));
  // Signatures not enforced: s3rver signs a bucket-level path ("PUT /bucket/", a listing) without the trailing
  // slash the SDK signs it with, so every bucket call would be refused. The keys still have to be sent.
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const bucket = async (): Promise<S3Config> => {
    const config: S3Config = {
      kind: "s3",
      bucket: `media-${process.pid}-${++buckets}`,
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      // s3rver's one account.
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    };
    const client = s3Client(config);
    await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
    client.destroy();
    return config;
  };
  return {
    endpoint,
    first: await bucket(),
    bucket,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 server for the tests of the file or describe block. */
export function s3ForFile(): TestS3 {
  return forFile(startTestS3, { stop: (s3) => s3.close() });
}

/** The two stores every media suite runs against. */
export const MEDIA_STORE_KINDS = ["local", "s3"] as const;
export type MediaStoreKind = (typeof MEDIA_STORE_KINDS)[number];

/** The media-store setting of a core for `kind`: a fresh bucket on `s3` for "s3", the folder for "local". */
export async function mediaStoreSetting(kind: MediaStoreKind, s3: TestS3): Promise<MediaStoreConfig> {
  return kind === "s3" ? await s3.bucket() : { kind: "local" };
}

/** Points `dataDir`'s media at the bucket `config` names (a second machine's DATA_DIR on the same bucket). */
export function useBucket(dataDir: string, config: S3Config): MediaStore {
  const store = s3MediaStore(config);
  useMediaStore(dataDir, store);
  return store;
}

/** Points `dataDir`'s media at a fresh bucket of `s3` (a worker's or a bare function's tests); answers the store. */
export async function useTestBucket(dataDir: string, s3: TestS3): Promise<MediaStore> {
  const store = s3MediaStore(await s3.bucket());
  useMediaStore(dataDir, store);
  return store;
}

/** A DATA_DIR whose media live in the `kind` store (a fresh bucket of `s3` for "s3"), for a file's tests. */
export function mediaStoreForFile(kind: MediaStoreKind, s3: TestS3): { dataDir: string; store: MediaStore } {
  return forFile(
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-media-"));
      const store = kind === "s3" ? await useTestBucket(dataDir, s3) : localMediaStore(dataDir);
      useMediaStore(dataDir, store);
      return { dataDir, store };
    },
    {
      stop: async ({ dataDir }) => {
        forgetMediaStore(dataDir);
        await rm(dataDir, { recursive: true, force: true });
      },
    },
  );
}

/** The names of a company's stored media files. */
export async function storedMediaNames(store: MediaStore, companyId: number): Promise<string[]> {
  const names: string[] = [];
  for await (const file of store.list(`media/company-${companyId}/`)) names.push(file.key.split("/").pop()!);
  return names;
}
