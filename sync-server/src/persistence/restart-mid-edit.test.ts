// Issue 11's fault test: the sync server is killed (SIGKILL, so nothing is stored on the way out) while two admins
// edit one flow, the editors keep drawing while it is down, and it is started again on the same port. Every edit of
// both, made before, during and after the outage, ends in both editors' documents and in the stored row.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import {
  addFlowNode,
  ensureStartNode,
  flowDocumentName,
  listFlowNodes,
  moveFlowNode,
} from "@chatflow/core/contract/documents/flow.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { freePort } from "../../../test/free-port.ts";
import { signedInUser, syncForFile, TEST_SECRET, type TestClient, waitFor, within } from "../testing/sync-fixtures.ts";

const MAIN = path.resolve(import.meta.dirname, "../main.ts");
const sync = syncForFile();
const w = forFile(
  async () => {
    const companyId = (await buildCompany(sync.db.pool)).id;
    const { rows } = await sync.db.pool.query<{ id: number }>(
      "INSERT INTO flows (company_id, name) VALUES ($1, 'Atendimento') RETURNING id",
      [companyId],
    );
    return {
      companyId,
      flowId: rows[0]!.id,
      a: await signedInUser(sync.db.pool, { companyId, profile: "admin" }),
      b: await signedInUser(sync.db.pool, { companyId, profile: "admin" }),
    };
  },
  { timeout: 30_000 },
);

/** sync-server/src/main.ts as its own process, with production's store debounce (2 s): a kill loses its memory. */
async function runSyncProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATABASE_URL: sync.db.url, SYNC_PORT: String(port), JWT_SECRET: TEST_SECRET },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes("listening")) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", () => reject(new Error(`the sync server exited:\n${output}`)));
  });
  return child;
}

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

const node = (id: string, x: number) => ({ id, type: "message" as const, position: { x, y: 0 }, data: { label: id } });
const ids = (doc: Y.Doc) =>
  listFlowNodes(doc)
    .map((n) => n.id)
    .sort();

async function storedIds(name: string): Promise<string[]> {
  const { rows } = await sync.db.pool.query<{ state: Buffer }>("SELECT state FROM documents WHERE name = $1", [name]);
  if (!rows[0]) return [];
  const doc = new Y.Doc();
  Y.applyUpdate(doc, new Uint8Array(rows[0].state));
  return ids(doc);
}

describe("#sync.fault: restart mid-edit", () => {
  it("loses no edit when the server is killed while two admins draw and is started again", {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const url = `ws://127.0.0.1:${port}`;
    const name = flowDocumentName(w.companyId, w.flowId);
    let server = await runSyncProcess(port);
    try {
      const a: TestClient = sync.open(name, w.a.token, url);
      const b: TestClient = sync.open(name, w.b.token, url);
      await within(a.authenticated, "A's authentication");
      await within(b.authenticated, "B's authentication");
      ensureStartNode(a.doc);
      const expected: string[] = ["1"];
      const edit = (who: "a" | "b", i: number) => {
        const id = `${who}${String(i).padStart(3, "0")}`;
        addFlowNode((who === "a" ? a : b).doc, node(id, i * 10));
        expected.push(id);
      };
      // Before: edits flowing, some stored, the last ones only in the server's memory (2 s debounce).
      for (let i = 0; i < 20; i++) {
        edit("a", i);
        edit("b", i);
        await new Promise((r) => setTimeout(r, 10));
      }
      await waitFor(() => !a.provider.hasUnsyncedChanges && !b.provider.hasUnsyncedChanges, "the first edits sent");
      // The kill lands in the middle of more edits, some still on the wire.
      for (let i = 20; i < 30; i++) {
        edit("a", i);
        edit("b", i);
      }
      moveFlowNode(b.doc, "a005", { x: 999, y: 999 });
      await kill(server);
      // While it is down, both keep drawing.
      for (let i = 30; i < 40; i++) {
        edit("a", i);
        edit("b", i);
      }
      server = await runSyncProcess(port);
      // After: the providers reconnect by themselves and send what the server lacks.
      for (let i = 40; i < 45; i++) {
        edit("a", i);
        edit("b", i);
      }
      const all = [...expected].sort();
      await waitFor(
        () => JSON.stringify(ids(a.doc)) === JSON.stringify(all) && JSON.stringify(ids(b.doc)) === JSON.stringify(all),
        "both editors to hold every edit",
        30_000,
      );
      await waitFor(
        async () => JSON.stringify(await storedIds(name)) === JSON.stringify(all),
        "the stored row to hold every edit",
        30_000,
      );
      expect(listFlowNodes(a.doc).find((n) => n.id === "a005")?.position).toEqual({ x: 999, y: 999 });
      expect(await storedIds(name)).toHaveLength(1 + 2 * 45);
    } finally {
      await kill(server);
    }
  });
});
