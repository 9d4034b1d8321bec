// Issue 23's media on several machines: two cores and two workers on one PostgreSQL and one S3 bucket (s3rver on
// loopback), each with a DATA_DIR of its own as on separate machines. An image uploaded through core A is served by
// core B (ranges too) and sent by the worker that holds the connection, whichever it is; when that worker stops,
// the other takes the connection over and sends the next file, uploaded through B, from the same bucket.
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildUser } from "@chatflow/core/testing/factories.ts";
import { startTestCore, type TestCore } from "@chatflow/core/testing/test-core.ts";
import { type S3Config, s3ForFile, useBucket } from "@chatflow/core/testing/test-s3.ts";
import { forFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile } from "./testing/fake-graph-api.ts";
import { contactWrote, messageState, setupCloudConnection, TEST_WORKER, waitFor } from "./testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "./worker.ts";

const s3 = s3ForFile();
const fake = fakeGraphApiForFile();

type Machines = { bucket: S3Config; a: TestCore; b: TestCore; workers: Worker[] };

const machines = forFile<Machines>(
  async () => {
    const bucket = await s3.bucket();
    const a = await startTestCore({ mediaStore: bucket });
    const b = await startTestCore({ databaseUrl: a.config.databaseUrl, mediaStore: bucket });
    const workers: Worker[] = [];
    for (const workerId of ["worker-1", "worker-2"]) {
      // The worker's machine: its own DATA_DIR, its media in the bucket (MEDIA_STORE=s3 in production).
      const dataDir = await mkdtemp(path.join(tmpdir(), `chatflow-${workerId}-`));
      useBucket(dataDir, bucket);
      workers.push(
        await startWorker({ databaseUrl: a.databaseUrl, graphApiUrl: fake.url, dataDir, workerId, ...TEST_WORKER }),
      );
    }
    return { bucket, a, b, workers };
  },
  {
    async stop(m) {
      for (const w of m.workers) await w.stop();
      await m.b.close();
      await m.a.close();
    },
    timeout: 60_000,
  },
);

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3, 4, 5, 6, 7]);

async function upload(core: TestCore, ticketId: number, token: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("medias", new Blob([bytes]), name);
  const res = await fetch(`${core.url}/messages/${ticketId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: { id: string; mediaUrl: string }[] }).messages[0]!;
}

const sent = (core: TestCore, id: string) => async () => {
  const m = await messageState(core.db.pool, id);
  return m.send_state === "sent" ? m : null;
};

describe("media on two cores and two workers sharing one bucket", () => {
  it("serves through B what was uploaded through A, and sends it from whichever worker holds the connection", async () => {
    const { a, b, workers } = machines;
    const c = await setupCloudConnection(a.db.pool);
    await contactWrote(a.db.pool, c);
    const agent = await buildUser(a.db.pool, { companyId: c.companyId, profile: "admin" });
    // A token from A works on B: one database, one secret.
    const { token } = await a.login(agent.email, agent.password);

    const photo = await upload(a, c.ticketId, token, "foto.png", PNG);
    const fromB = await fetch(`${b.url}${photo.mediaUrl}`, { headers: { authorization: `Bearer ${token}` } });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await fromB.arrayBuffer())).toEqual(PNG);
    const part = await fetch(`${b.url}${photo.mediaUrl}`, {
      headers: { authorization: `Bearer ${token}`, range: "bytes=0-3" },
    });
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PNG.subarray(0, 4));
    // Neither core's own folder holds it: the bucket does.
    for (const core of [a, b])
      expect(await readdir(path.join(core.config.dataDir, "media")).catch(() => [])).toEqual([]);

    await waitFor(sent(a, photo.id), "the image to be sent");
    const holder = workers.find((w) => w.owned().includes(c.whatsappId))!;
    expect(holder).toBeDefined();
    expect(fake.uploads.map((u) => new Uint8Array(u.bytes))).toEqual([PNG]);
    expect(fake.requests.filter((r) => r.body.type === "image")).toHaveLength(1);

    // The holder's machine goes away: the other worker takes the connection and sends B's upload from the bucket.
    await holder.stop();
    const other = workers.find((w) => w !== holder)!;
    const second = await upload(b, c.ticketId, token, "nota.jpg", JPEG);
    await waitFor(sent(a, second.id), "the second image to be sent by the other worker", 20_000);
    expect(other.owned()).toContain(c.whatsappId);
    expect(fake.uploads.map((u) => new Uint8Array(u.bytes))).toEqual([PNG, JPEG]);
    expect(fake.requests.filter((r) => r.body.type === "image")).toHaveLength(2);
    machines.workers.splice(machines.workers.indexOf(holder), 1);
  });
});
