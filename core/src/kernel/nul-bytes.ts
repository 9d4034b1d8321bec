// Refuses NUL characters (U+0000) in text at the edge: PostgreSQL cannot store them
// in text or jsonb, so without this a NUL deep in a body reached the database and
// answered 500. One walk, used by the app-wide middleware, multipart fields and push args.
import type { RequestHandler } from "express";
import { findNulByte, NUL_BYTE_MESSAGE } from "../contract/nul-bytes.ts";
import { type AppError, invalidInput } from "./errors.ts";

/** 400 ERR_VALIDATION naming the field that holds a NUL, or undefined when the value is clean. */
export function nulByteError(value: unknown, skip?: (path: string) => boolean): AppError | undefined {
  const path = findNulByte(value, skip);
  return path === undefined ? undefined : invalidInput(NUL_BYTE_MESSAGE, path || "_");
}

/** A push's mutation args are checked one by one (sync/push.ts), so one bad mutation refuses only itself. */
const pushArgs = (path: string) => /^mutations\.\d+\.args$/.test(path);

/**
 * Checks the URL (path params and query string come from it, so an encoded %00 is the only
 * way in) and the parsed JSON body. Mounted after the body parser; multipart fields are
 * checked where multer runs (media/upload.ts and the other upload routes).
 */
export function refuseNulBytes(): RequestHandler {
  return (req, _res, next) => {
    if (/%00/i.test(req.originalUrl)) return next(invalidInput(NUL_BYTE_MESSAGE, "url"));
    const skip = req.path === "/sync/push" ? pushArgs : undefined;
    next(nulByteError(req.body, skip));
  };
}
