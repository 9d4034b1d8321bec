// The packaging (deploy/): this machine cannot build images, so the test reads what would be built and run. The
// compose file's services, commands, ports and variables must match what the parts read and listen on, and the
// Dockerfile must build a non-root, multi-stage image whose entry point runs each part from files that exist.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
};
const compose = parse(read("deploy/compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const APP_PARTS = { core: "core", sync: "sync-server", worker: "channel-worker" } as const;
const appServices = Object.entries(services).filter(([, s]) => s.image === "chatflow:latest");

/** Every environment variable the parts' own sources read (tests and test support left out). */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) {
        if (entry !== "testing" && entry !== "node_modules" && entry !== "dist") walk(file);
      } else if (file.endsWith(".ts") && !file.endsWith(".test.ts")) {
        const text = readFileSync(file, "utf8");
        for (const m of text.matchAll(/\benv(?:\.|\[")([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
        // Settings read through a helper that names them: wholeNumber("CHATFLOW_POLL_MS", 1).
        for (const m of text.matchAll(/\b(?:wholeNumber|whole)\("([A-Z][A-Z0-9_]+)"/g)) names.add(m[1]!);
      }
    }
  };
  for (const part of ["core/src", "sync-server/src", "channel-worker/src"]) walk(path.join(root, part));
  return names;
}

describe("deploy/compose.yaml", () => {
  it("runs the whole installation: PostgreSQL, Redis, an S3 store, two cores, a sync server, a worker, a proxy", () => {
    expect(Object.keys(services).sort()).toEqual(
      ["core-a", "core-b", "minio", "minio-bucket", "postgres", "proxy", "redis", "sync", "worker"].sort(),
    );
    expect(appServices.map(([name, s]) => [name, s.command])).toEqual([
      ["core-a", ["core"]],
      ["core-b", ["core"]],
      ["sync", ["sync"]],
      ["worker", ["worker"]],
    ]);
    for (const [, s] of appServices) {
      expect(s.build).toEqual({ context: "..", dockerfile: "deploy/Dockerfile" });
      // Longer than core's drain (DRAIN_TIMEOUT_MS, 25 s by default): SIGKILL must not cut it.
      expect(s.stop_grace_period).toBe("30s");
    }
  });

  it("sets only variables the parts read, and the same database and media store for every part", () => {
    const known = variablesRead();
    for (const [name, s] of appServices) {
      for (const variable of Object.keys(s.environment ?? {}))
        expect(known, `${name}: ${variable}`).toContain(variable);
    }
    const urls = new Set(appServices.map(([, s]) => s.environment?.DATABASE_URL));
    expect(urls.size).toBe(1);
    const db = new URL([...urls][0]!);
    expect(db.hostname).toBe("postgres");
    expect(decodeURIComponent(db.password)).toBe(services.postgres?.environment?.POSTGRES_PASSWORD);
    expect(db.pathname).toBe(`/${services.postgres?.environment?.POSTGRES_DB}`);
    // Every part that reads or writes files uses the one bucket (decision 0094).
    const media = (n: string) =>
      Object.fromEntries(Object.entries(services[n]?.environment ?? {}).filter(([k]) => /^(MEDIA_STORE|S3_)/.test(k)));
    expect(media("core-a")).toMatchObject({ MEDIA_STORE: "s3", S3_BUCKET: "chatflow-media" });
    expect(media("core-b")).toEqual(media("core-a"));
    expect(media("worker")).toEqual(media("core-a"));
    expect(new URL(media("core-a").S3_ENDPOINT as string).host).toBe("minio:9000");
    expect(JSON.stringify(services["minio-bucket"])).toContain("mb --ignore-existing store/chatflow-media");
    // No token secret in the file: the first core writes the installation's into the database (decision 0095).
    for (const [, s] of appServices) expect(s.environment).not.toHaveProperty("JWT_SECRET");
  });

  it("wires the ports the parts listen on: the proxy to the cores, the cores to the sync server, health checks", () => {
    const nginx = read("deploy/nginx.conf");
    for (const core of ["core-a", "core-b"]) {
      const port = services[core]?.environment?.PORT;
      expect(nginx).toContain(`server ${core}:${port}`);
      expect(services[core]?.healthcheck?.test.join(" ")).toContain(`127.0.0.1:${port}/readyz`);
      expect(services[core]?.environment?.SYNC_URL).toBe(`http://sync:${services.sync?.environment?.SYNC_PORT}`);
    }
    // The sync server listens beyond loopback inside its container (its default is 127.0.0.1).
    expect(services.sync?.environment?.SYNC_HOST).toBe("0.0.0.0");
    expect(services.sync?.healthcheck?.test.join(" ")).toContain(`:${services.sync?.environment?.SYNC_PORT}/readyz`);
    expect(services.sync?.environment?.REDIS_URL).toBe("redis://redis:6379");
    expect(services.worker?.healthcheck?.test.join(" ")).toContain(
      `:${services.worker?.environment?.WORKER_HEALTH_PORT}/readyz`,
    );
    // WebSocket upgrades for realtime and co-editing; every core behind one upstream, no stickiness.
    for (const location of ["/ws", "/collab"]) {
      const block = nginx.slice(nginx.indexOf(`location ${location} {`));
      expect(block.slice(0, block.indexOf("}"))).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    }
    expect(nginx.replace(/#.*$/gm, "")).not.toMatch(/ip_hash|sticky/);
    expect(services.proxy?.ports).toEqual(["80:80"]);
    // One proxy hop: the cores believe X-Forwarded-For from it alone.
    expect(services["core-a"]?.environment?.TRUST_PROXY).toBe("1");
  });
});

describe("deploy/Dockerfile", () => {
  const dockerfile = read("deploy/Dockerfile");
  it("builds in stages on Node 24 and runs as the image's unprivileged user", () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?$/gm)].map((m) => [m[1], m[2]]);
    expect(froms).toEqual([
      ["node:24-bookworm-slim", "build"],
      ["node:24-bookworm-slim", "runtime"],
    ]);
    const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toContain("npm ci --omit=dev");
    expect(runtime).toMatch(/ENTRYPOINT \["deploy\/run-part\.sh"\]/);
    // What the runtime stage copies exists in the repository (or is built in the first stage).
    for (const m of runtime.matchAll(/^COPY (?!--from)(\S+) /gm))
      expect(existsSync(path.join(root, m[1]!)), m[1]).toBe(true);
    for (const m of runtime.matchAll(/^COPY --from=build \/app\/(\S+) /gm))
      expect(["core/dist", "pwa/dist"]).toContain(m[1]);
    expect(dockerfile).toContain("npx tsc -p core/tsconfig.build.json");
  });

  it("runs each part from an entry that exists, with Node as the first process", () => {
    const script = read("deploy/run-part.sh");
    expect(statSync(path.join(root, "deploy/run-part.sh")).mode & 0o111).not.toBe(0);
    for (const [command, part] of Object.entries(APP_PARTS)) {
      const line = script.split("\n").find((l) => l.trim().startsWith(`${command})`));
      expect(line, command).toMatch(/exec node /);
      const entry = /(\S+\.(?:ts|js)) ;;/.exec(line ?? "")?.[1];
      expect(entry?.startsWith(part === "core" ? "core/dist/" : `${part}/src/`), command).toBe(true);
      // core/dist is built in the image; its source entry must exist.
      const source = entry === "core/dist/main.js" ? "core/src/main.ts" : (entry as string);
      expect(existsSync(path.join(root, source)), source).toBe(true);
    }
  });
});
