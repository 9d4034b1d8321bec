import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
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
  const built = spawnSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", config], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("core build failed");
  return path.join(root, "core/dist/main.js");
}
