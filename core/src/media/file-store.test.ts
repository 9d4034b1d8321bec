// The media store's contract, held by both stores alike: the DATA_DIR folder and an S3 bucket (s3rver on
// loopback through the AWS SDK). What one store does, the other does, so a DATA_DIR copied into a bucket reads the same.
import { describe, expect, it } from "vitest";
import { MEDIA_STORE_KINDS, mediaStoreForFile, s3ForFile } from "../testing/test-s3.ts";
import { MediaTooLargeError, readStoredBytes } from "./file-store.ts";

const s3 = s3ForFile();
const bytes = (n: number, seed = 7) => {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed) % 251;
  return b;
};

async function* chunked(all: Uint8Array, size: number) {
  for (let at = 0; at < all.length; at += size) yield all.subarray(at, at + size);
}

async function text(stream: NodeJS.ReadableStream | null): Promise<Buffer | null> {
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

describe.each(MEDIA_STORE_KINDS)("the %s media store", (kind) => {
  const media = mediaStoreForFile(kind, s3);

  it("keeps bytes under a key and answers their size, time, a validator and any range of them", async () => {
    const { store } = media;
    const data = bytes(1000);
    await store.put("media/company-1/a-photo.png", data, "image/png");
    const stat = await store.stat("media/company-1/a-photo.png");
    expect(stat).toMatchObject({ size: 1000, etag: expect.any(String) });
    expect(Date.now() - stat!.modified.getTime()).toBeLessThan(60_000);
    expect(new Uint8Array((await readStoredBytes(store, "media/company-1/a-photo.png"))!)).toEqual(data);
    const middle = await text(await store.read("media/company-1/a-photo.png", { start: 10, end: 19 }));
    expect(new Uint8Array(middle!)).toEqual(data.subarray(10, 20));
    const last = await text(await store.read("media/company-1/a-photo.png", { start: 999, end: 999 }));
    expect([...last!]).toEqual([data[999]]);
  });

  it("answers null for a file it does not have, and removing one twice is fine", async () => {
    const { store } = media;
    expect(await store.stat("media/company-1/none.png")).toBeNull();
    expect(await store.read("media/company-1/none.png")).toBeNull();
    expect(await store.stat("media/company-99/none.png")).toBeNull();
    await store.put("media/company-1/gone.png", bytes(5));
    await store.remove("media/company-1/gone.png");
    await store.remove("media/company-1/gone.png");
    expect(await store.stat("media/company-1/gone.png")).toBeNull();
  });

  it("lists and removes a folder's files, and only that folder's", async () => {
    const { store } = media;
    await store.put("media/company-2/one.pdf", bytes(3));
    await store.put("media/company-2/two.pdf", bytes(4));
    await store.put("media/company-20/other.pdf", bytes(5));
    const listed = [];
    for await (const f of store.list("media/company-2/")) listed.push([f.key, f.size]);
    expect(listed.sort()).toEqual([
      ["media/company-2/one.pdf", 3],
      ["media/company-2/two.pdf", 4],
    ]);
    await store.removeAll("media/company-2/");
    for await (const f of store.list("media/company-2/")) expect.unreachable(`left ${f.key}`);
    expect(await store.stat("media/company-20/other.pdf")).toMatchObject({ size: 5 });
  });

  it("streams a file of several parts in (a multipart upload to a bucket) with its bytes intact", async () => {
    const { store } = media;
    // 20 MiB in 64 KiB chunks: past the bucket's 8 MiB part size, so three parts.
    const data = bytes(20 * 1024 * 1024, 3);
    const size = await store.putStream("media/company-3/video.mp4", chunked(data, 64 * 1024), { maxBytes: 100e6 });
    expect(size).toBe(data.length);
    expect((await store.stat("media/company-3/video.mp4"))?.size).toBe(data.length);
    const tail = await text(
      await store.read("media/company-3/video.mp4", { start: data.length - 100, end: data.length - 1 }),
    );
    expect(new Uint8Array(tail!)).toEqual(data.subarray(data.length - 100));
    expect((await readStoredBytes(store, "media/company-3/video.mp4"))!.equals(data)).toBe(true);
  });

  it("keeps nothing of a stream past its limit, even one already several parts long", async () => {
    const { store } = media;
    const data = bytes(18 * 1024 * 1024);
    const saving = store.putStream("media/company-4/big.mp4", chunked(data, 256 * 1024), {
      maxBytes: 17 * 1024 * 1024,
    });
    await expect(saving).rejects.toBeInstanceOf(MediaTooLargeError);
    expect(await store.stat("media/company-4/big.mp4")).toBeNull();
  });

  it("refuses keys that could climb out of the store or name a folder", async () => {
    const { store } = media;
    for (const key of ["../jwt-secret", "media/../../jwt-secret", "/etc/passwd", "media/company-1/", ".env", "a//b"]) {
      await expect(store.put(key, bytes(1))).rejects.toThrow("not a media key");
      await expect(store.stat(key)).rejects.toThrow("not a media key");
    }
  });
});
