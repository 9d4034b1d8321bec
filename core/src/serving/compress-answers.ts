// Compresses the API's answers (JSON from res.json / res.send) for clients that accept it
// (decision 0019, addendum): synchronously, at the fast levels of each coding, in the one
// call that sends the body. A streaming middleware (the `compression` package) wrapped
// every response's write/end/writeHead and handed each body to the thread pool; on the
// inbox list that cost more CPU per request than compressing it does (bench/tickets.ts).

import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from "node:zlib";
import type { RequestHandler, Response } from "express";
import { type Coding, pickEncoding } from "./accept-encoding.ts";

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Codings core compresses answers with; the client's Accept-Encoding picks among them. */
const ANSWER_CODINGS: ReadonlySet<Coding> = new Set(["zstd", "br", "gzip", "identity"]);

/**
 * Levels measured on a 31 KB first page of the inbox (bench/tickets.ts): zstd 1 gives 3.9 KB in
 * 85 µs, brotli 1 5.4 KB in 88 µs (quality 4: 4.0 KB in 345 µs), gzip 1 5.1 KB in 141 µs.
 */
function compress(coding: Exclude<Coding, "identity">, body: Buffer): Buffer {
  switch (coding) {
    case "zstd":
      return zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: 1 } });
    case "br":
      return brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    case "gzip":
      return gzipSync(body, { level: 1 });
  }
}

/** Types worth compressing: text and JSON; media and archives are compressed already. */
function compressible(type: unknown): boolean {
  return typeof type === "string" && /^(?:text\/|application\/(?:[\w.+-]+\+)?json\b)/i.test(type);
}

/** Replaces res.send for this request with one that compresses the body it is given. */
export function compressAnswers(): RequestHandler {
  return (req, res, next) => {
    const send = res.send;
    res.send = function compressedSend(this: Response, body?: unknown) {
      // Every answer's cache depends on the coding asked for, compressed this time or not.
      this.vary("Accept-Encoding");
      const text = typeof body === "string";
      if (
        (!text && !Buffer.isBuffer(body)) ||
        req.method === "HEAD" ||
        this.getHeader("Content-Encoding") !== undefined ||
        this.statusCode === 204 ||
        this.statusCode === 304
      ) {
        return send.call(this, body);
      }
      // res.send's own defaults for a string body: HTML unless a type was set, always UTF-8.
      if (text && this.getHeader("Content-Type") === undefined) this.type("html");
      const type = this.getHeader("Content-Type");
      const size = text ? Buffer.byteLength(body) : body.length;
      const coding =
        size >= COMPRESS_THRESHOLD_BYTES && compressible(type)
          ? pickEncoding(req.headers["accept-encoding"], ANSWER_CODINGS)
          : "identity";
      if (coding === undefined || coding === "identity") return send.call(this, body);
      if (text && typeof type === "string" && !/;\s*charset=/i.test(type)) {
        this.setHeader("Content-Type", `${type}; charset=utf-8`);
      }
      this.setHeader("Content-Encoding", coding);
      return send.call(this, compress(coding, text ? Buffer.from(body) : body));
    };
    next();
  };
}
