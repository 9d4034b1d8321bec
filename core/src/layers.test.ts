// The layers as rules (.dependency-cruiser.cjs, decision 0084), run inside `npm test`: the whole source tree keeps
// them, and each rule still catches the import it forbids (small trees written to break it), so a rule that stopped
// matching after a rename would fail here rather than pass in silence.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");

async function check(baseDir: string, dirs: string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(CONFIG);
  const { output } = await cruise(dirs, { ...options, baseDir, tsConfig: undefined });
  return output as ICruiseResult;
}

const violations = (result: ICruiseResult) =>
  result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

/** Writes `files` (path -> source) under a new folder, checks it, and removes it. */
async function checkTree(files: Record<string, string>, dirs: string[]): Promise<ICruiseResult> {
  const dir = await mkdtemp(path.join(tmpdir(), "layers-"));
  try {
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    return await check(dir, dirs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("the layers", () => {
  it("hold in every part's source", async () => {
    const result = await check(ROOT, ["core/src", "channel-worker/src", "sync-server/src", "pwa/src"]);
    expect(result.summary.totalCruised).toBeGreaterThan(900);
    expect(violations(result)).toEqual([]);
  }, 60_000);

  it("let each layer import the ones below it", async () => {
    const files = {
      "core/src/contract/tickets.ts": 'import { z } from "zod";\nexport const t = z.string();\n',
      "core/src/kernel/errors.ts": 'import { t } from "../contract/tickets.ts";\nexport const e = t;\n',
      "core/src/db/pool.ts": 'import { e } from "../kernel/errors.ts";\nexport const p = e;\n',
      "core/src/tickets/accept.ts": 'import { p } from "../db/pool.ts";\nexport const a = p;\n',
      "core/src/http/routes.ts": 'import { a } from "../tickets/accept.ts";\nexport const r = a;\n',
      "core/src/app.ts": 'import { r } from "./http/routes.ts";\nexport const app = r;\n',
      "core/src/testing/world.ts": 'import { app } from "../app.ts";\nexport const w = app;\n',
      "channel-worker/src/main.ts":
        'export const standIn = process.env.X ? await import("./testing/stand-in.ts") : undefined;\n',
      "channel-worker/src/testing/stand-in.ts": "export const s = 1;\n",
    };
    const result = await checkTree(files, ["core/src", "channel-worker/src"]);
    expect(result.summary.totalCruised).toBeGreaterThanOrEqual(9);
    expect(violations(result)).toEqual([]);
  });

  it("catch every import a rule forbids", async () => {
    const files = {
      "core/src/contract/bad.ts":
        'import { readFileSync } from "node:fs";\nimport { a } from "../tickets/a.ts";\nexport const c = [readFileSync, a];\n',
      "core/src/kernel/bad.ts": 'import { a } from "../tickets/a.ts";\nexport const k = a;\n',
      "core/src/db/bad.ts": 'import { a } from "../tickets/a.ts";\nexport const d = a;\n',
      "core/src/tickets/a.ts": "export const a = 1;\n",
      "core/src/tickets/b.ts": 'import { h } from "../http/h.ts";\nexport const b = h;\n',
      "core/src/tickets/c.ts": 'import { w } from "../testing/w.ts";\nexport const c = w;\n',
      "core/src/tickets/d.ts": 'import { q } from "../queues/q.ts";\nexport const d = q;\n',
      "core/src/tickets/e.ts": 'import { x } from "../../../channel-worker/src/x.ts";\nexport const e = x;\n',
      "core/src/queues/q.ts": 'import { a } from "../tickets/a.ts";\nexport const q = a;\n',
      "pwa/src/tabs/one.ts": 'import { two } from "./two.ts";\nexport const one = () => two;\n',
      "pwa/src/tabs/two.ts": 'import { one } from "./one.ts";\nexport const two = () => one;\n',
      "core/src/http/h.ts": 'import { app } from "../app.ts";\nexport const h = app;\n',
      "core/src/app.ts": "export const app = 1;\n",
      "core/src/testing/w.ts": "export const w = 1;\n",
      "channel-worker/src/x.ts": 'import { a } from "../../core/src/tickets/a.ts";\nexport const x = a;\n',
      "channel-worker/src/main.ts": 'import { s } from "./testing/stand-in.ts";\nexport const m = s;\n',
      "channel-worker/src/testing/stand-in.ts": "export const s = 1;\n",
      "sync-server/src/y.ts": 'import { x } from "../../channel-worker/src/x.ts";\nexport const y = x;\n',
      "pwa/src/p.ts": 'import { y } from "../../sync-server/src/y.ts";\nexport const p = y;\n',
    };
    const result = await checkTree(files, ["core/src", "channel-worker/src", "sync-server/src", "pwa/src"]);
    const broken = new Set(result.summary.violations.map((v) => v.rule.name));
    expect([...broken].sort()).toEqual([
      "contract-has-no-server-code",
      "contract-is-shared",
      "core-folder-cycle",
      "core-imports-no-other-part",
      "db-imports-no-domain",
      "domain-imports-no-transport",
      "kernel-imports-no-domain",
      "no-module-cycle",
      "only-tests-import-testing",
      "parts-reach-core-by-name",
      "parts-use-core-exports",
      "pwa-imports-only-the-contract",
      "transport-imports-no-wiring",
      "worker-and-sync-server-apart",
      "worker-entry-loads-stand-in-on-demand",
    ]);
  });
});
