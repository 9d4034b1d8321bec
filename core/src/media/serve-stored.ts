// Answers a GET or HEAD with a file of the media store, streamed (never whole in memory), with what a player needs
// to seek: Accept-Ranges, one byte range as 206 with Content-Range, 416 past the end, and the validators
// (ETag, Last-Modified) for a 304 and for If-Range. The caller has checked who may see the file.
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import type { ByteRange, MediaStore } from "./file-store.ts";

/** Sends the file at key; false when the store has none (the caller answers its own 404). */
export async function sendStored(
  req: Request,
  res: Response,
  store: MediaStore,
  key: string,
  contentType: string,
): Promise<boolean> {
  const file = await store.stat(key);
  if (!file) return false;
  res.setHeader("Content-Type", contentType);
  res.setHeader("Accept-Ranges", "bytes");
  if (file.etag) res.setHeader("ETag", file.etag);
  res.setHeader("Last-Modified", file.modified.toUTCString());
  if (req.fresh) {
    res.status(304).end();
    return true;
  }
  let range: ByteRange | undefined;
  const asked = req.headers.range && ifRangeHolds(req, file.etag, file.modified) ? req.range(file.size) : undefined;
  if (asked === -1) {
    res.setHeader("Content-Range", `bytes */${file.size}`);
    res.status(416).end();
    return true;
  }
  // One range is served as asked; several (rare for media players) or a malformed header get the whole file.
  if (Array.isArray(asked) && asked.length === 1 && asked.type === "bytes") {
    range = { start: asked[0]!.start, end: asked[0]!.end };
    res.status(206);
    res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  }
  res.setHeader("Content-Length", String(range ? range.end - range.start + 1 : file.size));
  if (req.method === "HEAD" || file.size === 0) {
    res.end();
    return true;
  }
  const body = await store.read(key, range);
  if (!body) return false;
  // A client that goes away mid-file ends the read from the store too (pipeline destroys both).
  await pipeline(body, res).catch(() => res.destroy());
  return true;
}

/** If-Range: the range applies only while the file is the one the client has part of. */
function ifRangeHolds(req: Request, etag: string, modified: Date): boolean {
  const ifRange = req.get("if-range");
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === etag && !etag.startsWith("W/");
  const since = Date.parse(ifRange);
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}
