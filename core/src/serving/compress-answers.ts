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

/** How many answers' compressed bytes are kept, and the largest answer kept (UTF-16 code units). */
const RECENT_ANSWERS = 64;
const RECENT_MAX_LENGTH = 256 * 1024;

/**
 * The compressed bytes of answers sent lately, by their text and coding: an answer asked again unchanged (the inbox's
 * first page while nothing on it moved, which every poke of an agent's devices asks for) is sent as the bytes made for
 * it before instead of being compressed again. Keyed by the whole text, so only an identical answer gets them; the
 * bytes are what compressing that text makes, whoever asked (decision 0125).
 */
class RecentlyCompressed {
  private readonly answers = new Map<string, Partial<Record<Exclude<Coding, "identity">, Buffer>>>();

  bytes(text: string, coding: Exclude<Coding, "identity">): Buffer {
    if (text.length > RECENT_MAX_LENGTH) return compress(coding, Buffer.from(text));
    let codings = this.answers.get(text);
    const kept = codings?.[coding];
    if (kept) return kept;
    const made = compress(coding, Buffer.from(text));
    if (!codings) {
      if (this.answers.size >= RECENT_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
      codings = {};
      this.answers.set(text, codings);
    }
    codings[coding] = made;
    return made;
  }
}

/** Types worth compressing: text and JSON; media and archives are compressed already. */
function compressible(type: unknown): boolean {
  return typeof type === "string" && /^(?:text\/|application\/(?:[\w.+-]+\+)?json\b)/i.test(type);
}

/** Replaces res.send for this request with one that compresses the body it is given. */
export function compressAnswers(): RequestHandler {
  const recent = new RecentlyCompressed();
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
      // Only GET answers are kept: they are what is asked again; a sign-in's answer (its tokens) is never kept.
      return send.call(
        this,
        text && req.method === "GET" ? recent.bytes(body, coding) : compress(coding, text ? Buffer.from(body) : body),
      );
    };
    next();
  };
}
