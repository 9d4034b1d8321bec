// Vite plugin: writes .br and .gz beside every compressible file of the built
// PWA, so core serves them without compressing on each request (decision 0019).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images (png) and fonts (woff2) are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than one packet. */
const MIN_BYTES = 1024;

export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    if (bytes.length < MIN_BYTES) continue;
    // Build time is paid once: the strongest settings cost nothing at request time.
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller would only cost a lookup.
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    written++;
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "chatflow:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa's closeBundle has written sw.js and the workbox runtime.
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const count = await precompressDir(outDir);
        this.info?.(`precompressed ${count} files (.br, .gz)`);
      },
    },
  };
}
