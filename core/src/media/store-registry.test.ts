// Which store a part uses: MEDIA_STORE and the S3_ variables, read the same way by core, the worker and the copy
// command; a part that was told nothing uses the environment's store, and a wrong setting is said at once.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMediaStoreConfig } from "../kernel/config.ts";
import { forgetMediaStore, mediaStore } from "./store-registry.ts";

const S3_ENV = {
  MEDIA_STORE: "s3",
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_REGION: "auto",
  S3_BUCKET: "chatflow-media",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
  S3_FORCE_PATH_STYLE: "true",
};

describe("loadMediaStoreConfig", () => {
  it("is the DATA_DIR folder by default, and the bucket the S3_ variables name with MEDIA_STORE=s3", () => {
    expect(loadMediaStoreConfig({})).toEqual({ kind: "local" });
    expect(loadMediaStoreConfig({ MEDIA_STORE: "local", S3_BUCKET: "ignored" })).toEqual({ kind: "local" });
    expect(loadMediaStoreConfig(S3_ENV)).toEqual({
      kind: "s3",
      bucket: "chatflow-media",
      region: "auto",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
    // AWS itself: no endpoint, virtual-hosted names, the SDK's own credentials (an instance role).
    expect(loadMediaStoreConfig({ MEDIA_STORE: "s3", S3_BUCKET: "b" })).toEqual({
      kind: "s3",
      bucket: "b",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it("says what is wrong with a setting instead of starting on a half-configured store", () => {
    expect(() => loadMediaStoreConfig({ MEDIA_STORE: "gcs" })).toThrow("MEDIA_STORE must be local or s3, not gcs");
    expect(() => loadMediaStoreConfig({ MEDIA_STORE: "s3" })).toThrow("MEDIA_STORE=s3 needs S3_BUCKET");
    expect(() => loadMediaStoreConfig({ ...S3_ENV, S3_SECRET_ACCESS_KEY: "" })).toThrow(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    );
  });
});

describe("mediaStore", () => {
  const saved = { ...process.env };
  let dir = "";
  afterEach(async () => {
    for (const k of Object.keys(S3_ENV)) delete process.env[k];
    Object.assign(process.env, saved);
    forgetMediaStore(dir);
    await rm(dir, { recursive: true, force: true });
  });

  it("gives a part that was told nothing the store its environment names", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "chatflow-registry-"));
    Object.assign(process.env, S3_ENV);
    expect((await mediaStore(dir)).kind).toBe("s3");
    // Read once per folder: the same store after.
    expect(await mediaStore(path.join(dir, "."))).toBe(await mediaStore(dir));
  });

  it("fails at once on a wrong setting", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "chatflow-registry-"));
    process.env.MEDIA_STORE = "s3";
    await expect(mediaStore(dir)).rejects.toThrow("MEDIA_STORE=s3 needs S3_BUCKET");
  });
});
