// A small CRUD domain over HTTP (the tags of spec 2 §7), to weigh where CRUD runs (decision 0028): core's idle
// RSS 10 s after start, the latency of each tag call as a signed-in admin, and the RSS after those calls.
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminToken, fmt, freshDatabase, percentile, startCoreChild } from "./lib.ts";

type Answer = { status: number; body: string };

function call(agent: http.Agent, url: URL, method: string, pathname: string, token: string, body?: unknown) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: pathname,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(data ? { "content-type": "application/json", "content-length": Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

export async function benchCrud(): Promise<Record<string, string>> {
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-"));
  const core = await startCoreChild(db.url, dataDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    // Idle: started, migrated, seeded, then left alone for 10 s (as the ingest benchmark measures it).
    await new Promise((r) => setTimeout(r, 10_000));
    const idleRss = core.rssMb();
    const url = new URL(core.url);
    const token = await adminToken(core.url);
    const rounds = Number(process.env.BENCH_CRUD_ROUNDS ?? 1000);
    const warmup = 100;
    const times: Record<"create" | "show" | "update" | "delete", number[]> = {
      create: [],
      show: [],
      update: [],
      delete: [],
    };
    const timed = async (kind: keyof typeof times, i: number, send: () => Promise<Answer>) => {
      const t0 = performance.now();
      const res = await send();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${kind} answered ${res.status}: ${res.body.slice(0, 200)}`);
      if (i >= warmup) times[kind].push(ms);
      return JSON.parse(res.body) as { id: number };
    };
    for (let i = 0; i < warmup + rounds; i++) {
      const tag = await timed("create", i, () =>
        call(agent, url, "POST", "/tags", token, { name: `Bench ${i}`, color: "#112233", kanban: 0 }),
      );
      await timed("show", i, () => call(agent, url, "GET", `/tags/${tag.id}`, token));
      await timed("update", i, () => call(agent, url, "PUT", `/tags/${tag.id}`, token, { name: `Bench ${i} b` }));
      await timed("delete", i, () => call(agent, url, "DELETE", `/tags/${tag.id}`, token));
    }
    const afterRss = core.rssMb();
    await new Promise((r) => setTimeout(r, 10_000));
    const settledRss = core.rssMb();
    const ms = (a: number[]) => {
      const sorted = [...a].sort((x, y) => x - y);
      return `${fmt(percentile(sorted, 50), 2)} / ${fmt(percentile(sorted, 95), 2)}`;
    };
    return {
      "crud: core idle RSS, 10 s after start (MB)": fmt(idleRss, 0),
      [`crud: POST /tags p50 / p95 (ms, ${rounds} sequential)`]: ms(times.create),
      "crud: GET /tags/{id} p50 / p95 (ms)": ms(times.show),
      "crud: PUT /tags/{id} p50 / p95 (ms)": ms(times.update),
      "crud: DELETE /tags/{id} p50 / p95 (ms)": ms(times.delete),
      "crud: core RSS right after the calls / 10 s later (MB)": `${fmt(afterRss, 0)} / ${fmt(settledRss, 0)}`,
    };
  } finally {
    agent.destroy();
    await core.stop();
    await db.drop();
  }
}
