import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freshDatabase, startCoreChild } from "./lib.ts";
import { seedReplica } from "./replica.ts";

const db = await freshDatabase();
const core = await startCoreChild(db.url, await mkdtemp(path.join(tmpdir(), "p-")));
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
await seedReplica(pool);
const { token } = (await (
  await fetch(`${core.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@chatflow.local", password: "chatflow" }),
  })
).json()) as { token: string };
for (let run = 0; run < 3; run++) {
  let cursor: string | undefined;
  const out: string[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const res = await fetch(`${core.url}/sync/pull${cursor ? `?cursor=${cursor}` : ""}`, {
      headers: { authorization: `Bearer ${token}`, "accept-encoding": process.env.AE ?? "zstd, br, gzip" },
    });
    const buf = await res.arrayBuffer();
    const t1 = performance.now();
    const body = JSON.parse(new TextDecoder().decode(buf)) as {
      cursor: string;
      put: { tickets: unknown[]; messages: unknown[] };
    };
    out.push(
      `p${i + 1} ${Math.round(t1 - t0)}ms ${res.headers.get("content-encoding")} ${buf.byteLength}B t${body.put.tickets.length} m${body.put.messages.length}`,
    );
    cursor = body.cursor;
  }
  console.log(out.join(" | "));
}
await pool.end();
await core.stop();
await db.drop();
