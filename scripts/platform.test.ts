// Issue 23's "done when": the installation deploy/compose.yaml describes, without containers. Every part runs as its
// own process from its entry file, as on separate machines (each with a DATA_DIR of its own): three cores started
// together on one empty PostgreSQL, two sync servers on one Redis, two channel workers, all with their media in one
// S3-compatible bucket (s3rver on loopback) and the workers' Graph API on a loopback stand-in. Only what they share
// joins them: the database, Redis and the bucket.
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type FakeGraphApi, startFakeGraphApi } from "@chatflow/channel-worker/testing/fake-graph-api.ts";
import { contactWrote, setupCloudConnection } from "@chatflow/channel-worker/testing/outbound-fixtures.ts";
import { buildUser } from "@chatflow/core/testing/factories.ts";
import { type PartProcess, runPartProcess } from "@chatflow/core/testing/part-process.ts";
import { balancer } from "@chatflow/core/testing/relays.ts";
import { createEmptyDatabase } from "@chatflow/core/testing/test-db.ts";
import { startTestS3, type TestS3 } from "@chatflow/core/testing/test-s3.ts";
import { forFile } from "@chatflow/core/testing/test-world.ts";
import { openClient } from "@chatflow/sync-server/testing/sync-fixtures.ts";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";

type Part = { name: string; process: PartProcess; url: string; dataDir: string };

type Installation = {
  db: { url: string; drop(): Promise<void> };
  pool: pg.Pool;
  s3: TestS3;
  graph: FakeGraphApi;
  cores: Part[];
  syncs: Part[];
  workers: Part[];
};

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Starts `part` as `name` on its own DATA_DIR and answers once it printed the address it serves on. */
async function startPart(
  part: "core" | "sync-server" | "channel-worker",
  name: string,
  env: Record<string, string>,
  listening: RegExp,
): Promise<Part> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `chatflow-${name}-`));
  const proc = runPartProcess(part, { ...env, DATA_DIR: dataDir });
  const match = await proc.printed(listening);
  return { name, process: proc, url: match![1]!, dataDir };
}

const installation = forFile<Installation>(
  async () => {
    const db = await createEmptyDatabase();
    const s3 = await startTestS3();
    const graph = await startFakeGraphApi();
    const bucket = s3.first;
    // The same variables deploy/compose.yaml gives each service (scripts/deploy.test.ts checks them there).
    const shared = { DATABASE_URL: db.url, ACCESS_LOG: "off", LOG_LEVEL: "info" };
    const media = {
      MEDIA_STORE: "s3",
      S3_ENDPOINT: bucket.endpoint!,
      S3_REGION: bucket.region,
      S3_BUCKET: bucket.bucket,
      S3_ACCESS_KEY_ID: bucket.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    };
    // Three cores at once on the empty database: each migrates and seeds under the advisory lock. A stopped core
    // drains for 500 ms "not ready" first: long enough for the balancer below (100 ms checks) to stop sending.
    const cores = await Promise.all(
      ["core-a", "core-b", "core-c"].map((name) =>
        startPart("core", name, { ...shared, ...media, PORT: "0", DRAIN_DELAY_MS: "500" }, /core listening on (\S+?)"/),
      ),
    );
    const redisPrefix = `chatflow-platform-${randomUUID()}`;
    const syncs = await Promise.all(
      ["sync-a", "sync-b"].map((name) =>
        startPart(
          "sync-server",
          name,
          { ...shared, SYNC_PORT: "0", REDIS_URL, REDIS_PREFIX: redisPrefix },
          /sync-server listening on (\S+?)"/,
        ),
      ),
    );
    const workers = await Promise.all(
      ["worker-1", "worker-2"].map((name) =>
        startPart(
          "channel-worker",
          name,
          {
            ...shared,
            ...media,
            GRAPH_API_URL: graph.url,
            CHATFLOW_WORKER_ID: name,
            CHATFLOW_POLL_MS: "100",
            WORKER_HEALTH_PORT: "0",
          },
          /health on port (\d+)/,
        ),
      ),
    );
    const pool = new pg.Pool({ connectionString: db.url, max: 3 });
    return { db, pool, s3, graph, cores, syncs, workers };
  },
  {
    timeout: 120_000,
    async stop(i) {
      const parts = [...i.workers, ...i.syncs, ...i.cores];
      for (const p of parts) p.process.child.kill("SIGKILL");
      await Promise.all(parts.map((p) => p.process.exited));
      await Promise.all(parts.map((p) => rm(p.dataDir, { recursive: true, force: true })));
      await i.pool.end();
      await i.graph.close();
      await i.s3.close();
      await i.db.drop();
    },
  },
);

const core = (name: string) => installation.cores.find((c) => c.name === name)!;

/** Stops `part` as an orchestrator does (SIGTERM) and answers how long it took; it must exit cleanly. */
async function terminate(part: Part): Promise<number> {
  const started = Date.now();
  part.process.child.kill("SIGTERM");
  const end = await part.process.exited;
  expect(end.code, end.output.slice(-2000)).toBe(0);
  return Date.now() - started;
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3, 4, 5, 6, 7]);

async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function upload(baseUrl: string, ticketId: number, token: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("medias", new Blob([bytes]), name);
  const res = await fetch(`${baseUrl}/messages/${ticketId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: { id: string; mediaUrl: string }[] }).messages[0]!;
}

/** The message's send state and the worker holding its connection now. */
async function sendState(pool: pg.Pool, id: string) {
  const { rows } = await pool.query<{ send_state: string; holder: string | null }>(
    `SELECT m.send_state, l.holder FROM messages m
       JOIN tickets t ON t.id = m.ticket_id
       LEFT JOIN connection_leases l ON l.whatsapp_id = t.whatsapp_id
      WHERE m.id = $1`,
    [id],
  );
  return rows[0];
}

describe("an installation of two cores, two sync servers and two workers on one database, Redis and bucket", () => {
  it("three cores started together on an empty database all come up, migrated and seeded once", async () => {
    for (const c of installation.cores) expect((await fetch(`${c.url}/readyz`)).status, c.name).toBe(200);
    const { rows: twice } = await installation.pool.query(
      "SELECT name FROM mikro_orm_migrations GROUP BY name HAVING count(*) > 1",
    );
    expect(twice).toEqual([]);
    const { rows } = await installation.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM companies");
    expect(rows[0]!.n).toBe(1);
    // The installation's secrets were made once: a token from one core works on another.
    const token = await login(core("core-a").url, "admin@chatflow.local", "chatflow");
    expect((await fetch(`${core("core-c").url}/queue`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    // Two cores are enough from here on; the third stops as a scale-down does.
    await terminate(core("core-c"));
    installation.cores.splice(installation.cores.indexOf(core("core-c")), 1);
  });

  it("serves through B an image uploaded through A, and sends it from whichever worker holds the connection", async () => {
    const { pool, graph, workers } = installation;
    const [a, b] = [core("core-a"), core("core-b")];
    const c = await setupCloudConnection(pool);
    await contactWrote(pool, c);
    const agent = await buildUser(pool, { companyId: c.companyId, profile: "admin" });
    const token = await login(a.url, agent.email, agent.password);

    const photo = await upload(a.url, c.ticketId, token, "foto.png", PNG);
    const fromB = await fetch(`${b.url}${photo.mediaUrl}`, { headers: { authorization: `Bearer ${token}` } });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await fromB.arrayBuffer())).toEqual(PNG);
    const part = await fetch(`${b.url}${photo.mediaUrl}`, {
      headers: { authorization: `Bearer ${token}`, range: "bytes=0-3" },
    });
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PNG.subarray(0, 4));
    // No machine's own folder holds it: the bucket does.
    for (const p of [a, b, ...workers])
      expect(await readdir(path.join(p.dataDir, "media")).catch(() => []), p.name).toEqual([]);

    const first = await vi.waitFor(
      async () => {
        const s = await sendState(pool, photo.id);
        expect(s?.send_state).toBe("sent");
        return s!;
      },
      { timeout: 30_000, interval: 100 },
    );
    const holder = workers.find((w) => w.name === first.holder)!;
    expect(holder, `held by ${first.holder}`).toBeDefined();
    expect(graph.uploads.map((u) => new Uint8Array(u.bytes))).toEqual([PNG]);

    // The holder's machine is stopped (SIGTERM gives its leases back): the other worker takes the connection and
    // sends the next image, uploaded through B, from the same bucket.
    await terminate(holder);
    workers.splice(workers.indexOf(holder), 1);
    const second = await upload(b.url, c.ticketId, token, "nota.jpg", JPEG);
    const then = await vi.waitFor(
      async () => {
        const s = await sendState(pool, second.id);
        expect(s?.send_state).toBe("sent");
        return s!;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(then.holder).toBe(workers[0]!.name);
    expect(graph.uploads.map((u) => new Uint8Array(u.bytes))).toEqual([PNG, JPEG]);
    expect(graph.requests.filter((r) => r.body.type === "image")).toHaveLength(2);
  });

  it("co-edits one document through both sync servers with a token from a core", async () => {
    const [one, two] = installation.syncs;
    const token = await login(core("core-b").url, "admin@chatflow.local", "chatflow");
    const { rows } = await installation.pool.query<{ id: number }>(
      "INSERT INTO flows (company_id, name) VALUES (1, 'Fluxo da instalação') RETURNING id",
    );
    const name = `company/1/flow/${rows[0]!.id}`;
    const a = openClient(one!.url, name, token);
    const b = openClient(two!.url, name, token);
    try {
      await Promise.all([a.authenticated, b.authenticated]);
      a.doc.getMap("nodes").set("from-a", { x: 1 });
      b.doc.getMap("nodes").set("from-b", { x: 2 });
      await vi.waitFor(
        () => {
          for (const client of [a, b])
            expect([...client.doc.getMap("nodes").keys()].sort()).toEqual(["from-a", "from-b"]);
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      a.destroy();
      b.destroy();
    }
  });

  it("stops core A with SIGTERM under steady reads and writes through the balancer: no request fails", async () => {
    const { pool } = installation;
    const [a, b] = [core("core-a"), core("core-b")];
    const c = await setupCloudConnection(pool);
    await contactWrote(pool, c);
    const agent = await buildUser(pool, { companyId: c.companyId, profile: "admin" });
    const token = await login(b.url, agent.email, agent.password);
    const lb = await balancer([a, b].map((p) => ({ url: new URL(p.url), ready: true })));
    const outcomes: { status: number; method: string; at: number }[] = [];
    let running = true;
    let n = 0;
    const client = async (write: boolean) => {
      while (running) {
        const at = Date.now();
        try {
          const res = await fetch(`${lb.url}/messages/${c.ticketId}`, {
            method: write ? "POST" : "GET",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: write ? JSON.stringify({ body: `mensagem ${++n}` }) : undefined,
          });
          await res.arrayBuffer();
          outcomes.push({ status: res.status, method: write ? "POST" : "GET", at });
        } catch {
          outcomes.push({ status: 0, method: write ? "POST" : "GET", at });
        }
      }
    };
    const clients = [client(false), client(false), client(true), client(true)];
    try {
      // Counted in requests, not seconds: a busy machine answers fewer in the same time.
      await vi.waitFor(() => expect(outcomes.length).toBeGreaterThanOrEqual(15), { timeout: 60_000, interval: 50 });
      const stopStarted = Date.now();
      const drainedStopMs = await terminate(a);
      const stopped = Date.now();
      await vi.waitFor(() => expect(outcomes.filter((o) => o.at > stopped).length).toBeGreaterThanOrEqual(15), {
        timeout: 60_000,
        interval: 50,
      });
      running = false;
      await Promise.all(clients);

      expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
      expect(outcomes.filter((o) => o.at >= stopStarted && o.at <= stopped).length).toBeGreaterThan(0);
      const written = outcomes.filter((o) => o.method === "POST").length;
      expect(written).toBeGreaterThan(5);
      // Every message written was stored once, and the workers sent each once.
      const { rows } = await pool.query<{ n: number; sent: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE send_state = 'sent')::int AS sent
           FROM messages WHERE ticket_id = $1 AND body LIKE 'mensagem %'`,
        [c.ticketId],
      );
      expect(rows[0]!.n).toBe(written);
      await vi.waitFor(
        async () => {
          const { rows: sent } = await pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1 AND body LIKE 'mensagem %' AND send_state = 'sent'",
            [c.ticketId],
          );
          expect(sent[0]!.n).toBe(written);
        },
        { timeout: 30_000, interval: 200 },
      );
      const texts = installation.graph.requests
        .filter((r) => r.body.to === c.contactNumber && typeof r.body.text?.body === "string")
        .map((r) => r.body.text!.body);
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts).toHaveLength(written);
      console.info(`platform: ${outcomes.length} requests, 0 failed, core A's drained stop ${drainedStopMs} ms`);
      installation.cores.splice(installation.cores.indexOf(a), 1);
    } finally {
      running = false;
      await Promise.all(clients);
      await lb.stop();
    }
  });
});
