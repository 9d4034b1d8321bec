// `npm start` and the benchmarks run core from its JavaScript build (core/dist, decision 0075), not its sources.
// This builds it as they do and starts it on an empty database: the start-up migrations (a worker thread found
// by siblingModule), a sign-in and a CRUD call whose use case is imported lazily must all work from the build.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { buildCore, CORE_NODE_FLAGS, coreSourcesStamp } from "../../scripts/node-flags.ts";
import { forFile } from "./testing/for-file.ts";
import { createEmptyDatabase } from "./testing/test-db.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

const world = forFile(
  async () => {
    const entry = buildCore(ROOT);
    const db = await createEmptyDatabase();
    const child: ChildProcess = spawn(process.execPath, [...CORE_NODE_FLAGS, entry], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        PORT: "0",
        DATA_DIR: await mkdtemp(path.join(tmpdir(), "chatflow-built-")),
        PWA_DIR: "/nonexistent",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (c: Buffer) => {
        out += c.toString();
        const m = out.match(/core listening on (http:\/\/[^\s"]+)/);
        if (m) resolve(m[1]!);
      });
      child.once("exit", (code) => reject(new Error(`core exited ${code}: ${out}`)));
    });
    return {
      entry,
      url,
      async stop() {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once("exit", r));
          child.kill("SIGTERM");
          await exited;
        }
        await db.drop();
      },
    };
  },
  { stop: (w) => w.stop(), timeout: 90_000 },
);

it("runs from core/dist: migrates an empty database, signs in and serves a lazily loaded CRUD call", async () => {
  expect(path.relative(ROOT, world.entry)).toBe(path.join("core", "dist", "main.js"));
  expect((await fetch(`${world.url}/version`)).status).toBe(200);
  const login = await fetch(`${world.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@chatflow.local", password: "chatflow" }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const created = await fetch(`${world.url}/tags`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Built", color: "#112233", kanban: 0 }),
  });
  expect(created.status).toBe(200);
  const list = (await (await fetch(`${world.url}/tags?searchParam=Built`, { headers })).json()) as {
    tags: { name: string }[];
  };
  expect(list.tags.map((t) => t.name)).toEqual(["Built"]);
});

it("builds again only when a source changed: a second start with nothing changed leaves the build as it is", () => {
  const main = path.join(ROOT, "core/dist/main.js");
  const before = statSync(main).mtimeMs;
  expect(buildCore(ROOT)).toBe(main);
  expect(statSync(main).mtimeMs).toBe(before);
});

it("stamps the sources by path, size and time: an edit, a new file or a removal changes the stamp", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "chatflow-stamp-"));
  mkdirSync(path.join(root, "core/src/testing"), { recursive: true });
  writeFileSync(path.join(root, "tsconfig.json"), "{}");
  writeFileSync(path.join(root, "core/tsconfig.build.json"), "{}");
  writeFileSync(path.join(root, "core/src/main.ts"), "export {};");
  const first = coreSourcesStamp(root);
  // Tests and test helpers are not built: they change nothing.
  writeFileSync(path.join(root, "core/src/main.test.ts"), "it();");
  writeFileSync(path.join(root, "core/src/testing/world.ts"), "export {};");
  expect(coreSourcesStamp(root)).toBe(first);
  writeFileSync(path.join(root, "core/src/main.ts"), "export const a = 1;");
  const edited = coreSourcesStamp(root);
  expect(edited).not.toBe(first);
  writeFileSync(path.join(root, "core/src/extra.ts"), "export {};");
  const added = coreSourcesStamp(root);
  expect(added).not.toBe(edited);
  rmSync(path.join(root, "core/src/extra.ts"));
  expect(coreSourcesStamp(root)).not.toBe(added);
  rmSync(root, { recursive: true });
});
