// Streaming a file into a company's media store (inbound downloads): the same
// names as an upload, and nothing left behind when the stream is cut short.
import { describe, expect, it } from "vitest";
import { MEDIA_STORE_KINDS, mediaStoreForFile, s3ForFile, storedMediaNames } from "../testing/test-s3.ts";
import { readStoredBytes } from "./file-store.ts";
import { MediaTooLargeError, mediaKey, saveMediaStream } from "./media-store.ts";

const s3 = s3ForFile();
let company = 0;

const chunk = (n: number, fill: number) => new Uint8Array(n).fill(fill);

async function* chunks(...parts: Uint8Array[]) {
  for (const part of parts) yield part;
}

describe.each(MEDIA_STORE_KINDS)("#media.stream into the %s store", (kind) => {
  const media = mediaStoreForFile(kind, s3);
  const filesOf = (companyId: number) => storedMediaNames(media.store, companyId);

  it("stores the streamed bytes under a unique, sanitised name, as an agent's upload is named", async () => {
    const companyId = ++company;
    const saved = await saveMediaStream(
      media.dataDir,
      companyId,
      "../../Relatório final.pdf",
      chunks(chunk(1000, 1), chunk(3, 2)),
      {
        maxBytes: 2000,
      },
    );

    expect(saved.fileName).toMatch(/^[0-9a-f-]{36}-Relatorio_final\.pdf$/);
    expect(saved.url).toBe(`/media/${companyId}/${saved.fileName}`);
    expect(saved.size).toBe(1003);
    const bytes = await readStoredBytes(media.store, mediaKey(companyId, saved.fileName)!);
    expect(new Uint8Array(bytes!)).toEqual(new Uint8Array([...chunk(1000, 1), ...chunk(3, 2)]));
  });

  it("refuses a stream past the limit and keeps nothing of it", async () => {
    const companyId = ++company;
    const saving = saveMediaStream(media.dataDir, companyId, "big.bin", chunks(chunk(600, 1), chunk(600, 2)), {
      maxBytes: 1000,
    });
    await expect(saving).rejects.toBeInstanceOf(MediaTooLargeError);
    expect(await filesOf(companyId)).toEqual([]);
  });

  it("keeps a stream of exactly the limit", async () => {
    const companyId = ++company;
    const saved = await saveMediaStream(media.dataDir, companyId, "exact.bin", chunks(chunk(500, 1), chunk(500, 2)), {
      maxBytes: 1000,
    });
    expect(saved.size).toBe(1000);
    expect(await filesOf(companyId)).toEqual([saved.fileName]);
  });

  it("removes the partial file when the download is aborted midway", async () => {
    const companyId = ++company;
    const abort = new AbortController();
    // Like a fetch body under the same signal: the rest never comes, and the abort ends the wait.
    async function* stalls() {
      yield chunk(100, 1);
      setTimeout(() => abort.abort(new Error("download timed out")), 20);
      await new Promise((_, reject) => abort.signal.addEventListener("abort", () => reject(abort.signal.reason)));
    }
    const saving = saveMediaStream(media.dataDir, companyId, "slow.pdf", stalls(), {
      maxBytes: 1000,
      signal: abort.signal,
    });
    await expect(saving).rejects.toThrow();
    expect(await filesOf(companyId)).toEqual([]);
  });

  it("removes the partial file when the source fails midway, and reports why", async () => {
    const companyId = ++company;
    async function* breaks() {
      yield chunk(100, 1);
      throw new Error("connection reset");
    }
    const saving = saveMediaStream(media.dataDir, companyId, "cut.pdf", breaks(), { maxBytes: 1000 });
    await expect(saving).rejects.toThrow("connection reset");
    expect(await filesOf(companyId)).toEqual([]);
  });
});
