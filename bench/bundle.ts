// The PWA's initial JavaScript: what index.html loads before any route chunk,
// gzip-compressed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fmt } from "./lib.ts";

export function benchBundle(): Record<string, string> {
  const dist = path.resolve(import.meta.dirname, "../pwa/dist");
  const index = path.join(dist, "index.html");
  if (!existsSync(index)) return { "pwa: initial JS (KB gzip)": "not built (run npm run build)" };
  const html = readFileSync(index, "utf8");
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]!);
  let bytes = 0;
  let served = 0;
  for (const f of files) {
    const file = path.join(dist, f.replace(/^\//, ""));
    bytes += gzipSync(readFileSync(file)).length;
    // What core sends a browser: the build's .br copy where there is one (decision 0019).
    served += existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : readFileSync(file).length;
  }
  return {
    "pwa: initial JS (KB gzip)": `${fmt(bytes / 1024)} in ${files.size} files`,
    "pwa: initial JS as served (KB, brotli)": fmt(served / 1024),
  };
}
