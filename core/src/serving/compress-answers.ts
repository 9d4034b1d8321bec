// Compresses dynamic answers (the API's JSON) for clients that accept it:
// brotli at a quality that costs little CPU, gzip otherwise (decision 0019).

import { constants } from "node:zlib";
import compression from "compression";
import type { RequestHandler } from "express";

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export function compressAnswers(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Quality 4 is a few times faster than the default 11 and still beats gzip on JSON.
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Level 1 of gzip: most of the gain at a fraction of level 6's CPU.
    level: 1,
  });
}
