// Serves the built PWA: each file in the variant the client accepts (the .br
// and .gz written at build time), hashed assets cached for a year, the shell,
// service worker and manifest re-checked on every use (decision 0019).
import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { type Coding, pickEncoding } from "./accept-encoding.ts";

type PwaFile = { file: string; codings: Set<Coding> };

export type PwaFiles = {
  /** Answers GET/HEAD for a file of the build; passes anything else on. */
  middleware: RequestHandler;
  /** Sends index.html (the app shell) for a navigation to an app route. */
  sendShell(req: Request, res: Response, next: NextFunction): void;
};

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** Vite puts content-hashed names under /assets only; everything else keeps its name across builds. */
export function cacheControlOf(urlPath: string): string {
  return urlPath.startsWith("/assets/") ? IMMUTABLE : REVALIDATE;
}

/**
 * Lists the build once: the folder is written by `vite build` before core starts, and
 * a lookup table answers without touching the disk for paths that are not files
 * (and leaves no path for a request to climb out of the folder).
 */
export function pwaFiles(dir: string): PwaFiles {
  const names = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  const present = new Set(names);
  const files = new Map<string, PwaFile>();
  for (const name of names) {
    if (/\.(br|gz)$/.test(name)) continue;
    const codings = new Set<Coding>(["identity"]);
    if (present.has(`${name}.br`)) codings.add("br");
    if (present.has(`${name}.gz`)) codings.add("gzip");
    files.set(`/${name}`, { file: path.join(dir, name), codings });
  }

  const send = (req: Request, res: Response, urlPath: string, entry: PwaFile, next: NextFunction) => {
    res.vary("Accept-Encoding");
    // A client that refuses even identity still gets the plain file (RFC 9110 allows it; a 406 helps no one).
    const coding = pickEncoding(req.headers["accept-encoding"], entry.codings) ?? "identity";
    res.setHeader("Cache-Control", cacheControlOf(urlPath));
    // send() keeps a Content-Type already set, so the .br answers as the file it encodes.
    res.type(path.extname(entry.file));
    if (coding !== "identity") res.setHeader("Content-Encoding", coding);
    const file = coding === "br" ? `${entry.file}.br` : coding === "gzip" ? `${entry.file}.gz` : entry.file;
    res.sendFile(file, { dotfiles: "allow" }, (err) => {
      if (!err || res.headersSent) return;
      // The file went away after start (a rebuild): whatever answers next must not claim our encoding.
      for (const name of ["Content-Encoding", "Content-Type", "Cache-Control"]) res.removeHeader(name);
      next();
    });
  };

  return {
    middleware(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const entry = files.get(req.path);
      if (!entry) return next();
      send(req, res, req.path, entry, next);
    },
    sendShell(req, res, next) {
      const shell = files.get("/index.html");
      if (!shell) return next();
      send(req, res, "/index.html", shell, next);
    },
  };
}
