import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// How core runs, in `npm start` and in the benchmarks alike: from its JavaScript build, with these V8 flags.
// A smaller young generation (8 MB semi-spaces instead of 16) keeps idle memory
// down; scavenges stay cheap at the ingest benchmark's allocation rate.
export const CORE_NODE_FLAGS = (process.env.CORE_NODE_FLAGS ?? "--max-semi-space-size=8").split(" ").filter(Boolean);

/**
 * Compiles core to JavaScript (`core/dist`, `core/tsconfig.build.json`: types stripped, no type check) and
 * answers its entry. Core runs from that build in `npm start` and the benchmarks: run from its `.ts` sources,
 * Node keeps its TypeScript stripper (a WebAssembly module) loaded in every thread, about 17 MB of memory per
 * thread at rest (decision 0075). A tree without that config (an older commit) runs from its sources.
 */
export function buildCore(root: string): string {
  const config = path.join(root, "core/tsconfig.build.json");
  if (!existsSync(config)) return path.join(root, "core/src/main.ts");
  const entry = path.join(root, "core/dist/main.js");
  const stampFile = path.join(root, "core/dist/.sources");
  const stamp = coreSourcesStamp(root);
  // Nothing changed since the last build: `npm start` starts at once instead of compiling again (about 3 s).
  if (existsSync(entry) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return entry;
  const built = spawnSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", config], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("core build failed");
  writeFileSync(stampFile, stamp);
  return entry;
}

/**
 * What core's build is made from, in one line: each source the build compiles (core/src without its tests and
 * test helpers) and the two configs, by path, size and modification time, as a digest. Any edit, new file or
 * removal changes it.
 */
export function coreSourcesStamp(root: string): string {
  const src = path.join(root, "core/src");
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (file !== path.join(src, "testing")) walk(file);
      } else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")) {
        const st = statSync(file);
        parts.push(`${path.relative(root, file)}:${st.size}:${st.mtimeMs}`);
      }
    }
  };
  walk(src);
  for (const config of ["core/tsconfig.build.json", "tsconfig.json"]) {
    const st = statSync(path.join(root, config));
    parts.push(`${config}:${st.size}:${st.mtimeMs}`);
  }
  return createHash("sha256").update(parts.sort().join("\n")).digest("hex");
}
