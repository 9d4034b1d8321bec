// A message's media, copied into Chat-flow's media store (the local folder or S3, as the installation is set up):
// from the old installation's public/ folder (--media-dir), from the URL it was served at (--media-url), or from
// the absolute URL a fork stored. Whaticket keeps a file name relative to public/ in Messages.mediaUrl.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { saveMediaStream } from "../../core/src/media/media-store.ts";

export type MediaSource = {
  /** The old installation's backend/public folder. */
  dir: string | null;
  /** Where that folder was served (https://old.example.com/public/), for media fetched over HTTP. */
  baseUrl: string | null;
  /** Chat-flow's DATA_DIR: its media store is the one the environment names for it. */
  dataDir: string;
  maxBytes: number;
  dryRun: boolean;
};

export type CopiedMedia = { url: string } | { problem: string };

const FETCH_TIMEOUT_MS = 60_000;

/** Copies one message's media; a dry run only checks that a file in the folder is there. */
export async function copyMedia(m: MediaSource, companyId: number, mediaUrl: string): Promise<CopiedMedia> {
  if (/^https?:\/\//i.test(mediaUrl)) return fetchInto(m, companyId, mediaUrl);
  const name = mediaUrl.replace(/^\/+/, "").replace(/^public\//, "");
  if (m.dir) {
    const root = path.resolve(m.dir);
    const file = path.resolve(root, name);
    if (!file.startsWith(root + path.sep)) return { problem: "media path outside --media-dir" };
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return { problem: "media file not found in --media-dir" };
    if (m.dryRun) return { url: "" };
    try {
      const saved = await saveMediaStream(m.dataDir, companyId, path.basename(file), createReadStream(file), {
        maxBytes: m.maxBytes,
      });
      return { url: saved.url };
    } catch (err) {
      return { problem: `media file not copied (${(err as Error).message})` };
    }
  }
  if (m.baseUrl) {
    const base = m.baseUrl.endsWith("/") ? m.baseUrl : `${m.baseUrl}/`;
    return fetchInto(m, companyId, new URL(name.split("/").map(encodeURIComponent).join("/"), base).toString());
  }
  return { problem: "media not copied: give --media-dir or --media-url" };
}

async function fetchInto(m: MediaSource, companyId: number, url: string): Promise<CopiedMedia> {
  if (m.dryRun) return { url: "" };
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      return { problem: `media not fetched (HTTP ${res.status})` };
    }
    const name = decodeURIComponent(new URL(url).pathname.split("/").pop() || "file");
    const saved = await saveMediaStream(m.dataDir, companyId, name, Readable.fromWeb(res.body as never), {
      maxBytes: m.maxBytes,
    });
    return { url: saved.url };
  } catch (err) {
    return { problem: `media not fetched (${(err as Error).message})` };
  }
}
