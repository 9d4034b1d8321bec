// Issue 11's "done when": a flow of 500 nodes opens and pans smoothly, and a co-editor's change shows at once. In
// chromium, on the built PWA served by core (a child process) with the sync server behind core's /collab:
//   - open to interactive: from the router's navigation to /flowbuilder/{id} until the editor has synced with the
//     server and the frame with the 500 nodes drawn is painted (target < 1 s); the first open (which also loads the
//     editor's code) is reported apart; median and p95 of the others;
//   - pan: frame intervals while the canvas is dragged for ~1 s (60 fps is 16.7 ms);
//   - remote edit applied: a second editor (a Hocuspocus provider, as the PWA's, signed in as another admin)
//     moves a node; the time until the first editor's page shows the node at its new place in the DOM (the issue's
//     "applied", target < 16 ms), and until that frame is painted.
//     Both clocks are performance.timeOrigin + performance.now() on the same machine.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { HocuspocusProvider } from "@hocuspocus/provider";
import pg from "pg";
import * as Y from "yjs";
import { addFlowEdge, addFlowNode, flowDocumentName, moveFlowNode } from "../core/src/contract/documents/flow.ts";
import { startSyncServer } from "../sync-server/src/server.ts";
import { CHROMIUM, launchChromium } from "../test/browser.ts";
import { freePort } from "../test/free-port.ts";
import { fmt, freshDatabase, percentile, signInAsAdmin, startCoreChild } from "./lib.ts";

const NODES = Number(process.env.BENCH_FLOW_NODES ?? 500);
const OPENS = Number(process.env.BENCH_FLOW_OPENS ?? 11);
const EDITS = Number(process.env.BENCH_FLOW_EDITS ?? 21);
const SECRET = "bench-flow-editor-secret-long-enough-for-hs256";
const SECOND = { email: "bruna.bench@example.com", password: "Segredo12", name: "Bruna" };

const nodeId = (i: number) => (i === 0 ? "1" : `n${String(i).padStart(29, "0")}`);

/** A drawing of `n` nodes on a grid, each linked to the next (the start node first). */
function drawing(n: number): Uint8Array {
  const doc = new Y.Doc();
  for (let i = 0; i < n; i++) {
    const position = { x: (i % 25) * 320, y: Math.floor(i / 25) * 220 };
    if (i === 0) addFlowNode(doc, { id: "1", type: "start", position, data: { label: "Inicio do fluxo" } });
    else addFlowNode(doc, { id: nodeId(i), type: "message", position, data: { label: `Mensagem ${i}` } });
    if (i > 0) addFlowEdge(doc, { id: `e${i}`, source: nodeId(i - 1), target: nodeId(i), sourceHandle: null });
  }
  return Y.encodeStateAsUpdate(doc);
}

export async function benchFlowEditor(): Promise<Record<string, string>> {
  const label = `flow editor of ${NODES} nodes`;
  const dist = path.resolve(import.meta.dirname, "../pwa/dist");
  if (!existsSync(path.join(dist, "index.html"))) return { [label]: "not built (run npm run build)" };
  if (!existsSync(CHROMIUM)) return { [label]: `no chromium at ${CHROMIUM}` };
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-flow-"));
  const syncPort = await freePort();
  const core = await startCoreChild(db.url, dataDir, {
    PWA_DIR: dist,
    JWT_SECRET: SECRET,
    SYNC_URL: `http://127.0.0.1:${syncPort}`,
  });
  const step = (what: string) => process.env.BENCH_VERBOSE && console.error(`flow-editor: ${what}`);
  step("core started");
  const sync = await startSyncServer({ databaseUrl: db.url, port: syncPort, jwtSecret: SECRET });
  const browser = await launchChromium();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  let remote: HocuspocusProvider | undefined;
  try {
    const api = async (method: string, p: string, body: unknown, token?: string) => {
      const res = await fetch(`${core.url}${p}`, {
        method,
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const admin = await api("POST", "/auth/login", { email: "admin@chatflow.local", password: "chatflow" });
    await api("POST", "/users", { ...SECOND, profile: "admin" }, String(admin.token));
    const flow = await api("POST", "/flowbuilder", { name: "Bench 500" }, String(admin.token));
    const flowId = Number(flow.id);
    const name = flowDocumentName(1, flowId);
    await pool.query("INSERT INTO documents (name, company_id, kind, state) VALUES ($1, 1, 'flow', $2)", [
      name,
      Buffer.from(drawing(NODES)),
    ]);

    step("flow seeded");
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await signInAsAdmin(page, core.url);
    await page.waitForURL(/\/tickets/);

    const opens: number[] = [];
    for (let run = 0; run < OPENS; run++) {
      await page.evaluate(() => {
        history.pushState(null, "", "/flowbuilders");
        dispatchEvent(new PopStateEvent("popstate"));
      });
      await page.getByTestId("flow-editor").waitFor({ state: "detached" });
      const ms = await page.evaluate(
        ({ id, n }) =>
          new Promise<number>((resolve, reject) => {
            const t0 = performance.now();
            setTimeout(() => {
              const editor = document.querySelector('[data-testid="flow-editor"]');
              const count = document.querySelectorAll(".react-flow__node").length;
              reject(new Error(`not open after 60 s: synced=${editor?.getAttribute("data-synced")}, nodes=${count}`));
            }, 60_000);
            const ready = () =>
              document.querySelector('[data-testid="flow-editor"][data-synced="true"]') !== null &&
              document.querySelectorAll(".react-flow__node").length >= n;
            const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
            const observer = new MutationObserver(() => {
              if (!ready()) return;
              observer.disconnect();
              painted();
            });
            observer.observe(document.body, { childList: true, subtree: true, attributes: true });
            history.pushState(null, "", `/flowbuilder/${id}`);
            dispatchEvent(new PopStateEvent("popstate"));
          }),
        { id: flowId, n: NODES },
      );
      opens.push(ms);
      step(`open ${run}: ${ms.toFixed(0)} ms`);
    }
    const firstOpen = opens.shift()!;
    opens.sort((a, b) => a - b);
    const rendered = await page.locator(".react-flow__node").count();

    // Pan: the pane dragged across for ~1 s while every frame's time is recorded.
    step("panning");
    const pane = await page.locator(".react-flow__pane").boundingBox();
    if (!pane) throw new Error("no pane");
    await page.evaluate(() => {
      const w = window as unknown as { frames_: number[]; recording: boolean };
      w.frames_ = [];
      w.recording = true;
      const tick = (t: number) => {
        if (!w.recording) return;
        w.frames_.push(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const y = pane.y + pane.height / 2;
    await page.mouse.move(pane.x + 300, y);
    await page.mouse.down();
    for (let i = 1; i <= 60; i++) {
      await page.mouse.move(pane.x + 300 + i * 10, y + (i % 2));
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    const frames = await page.evaluate(() => {
      const w = window as unknown as { frames_: number[]; recording: boolean };
      w.recording = false;
      return w.frames_;
    });
    const intervals = frames
      .slice(1)
      .map((t, i) => t - frames[i]!)
      .sort((a, b) => a - b);

    // A remote editor: another admin's provider through the sync server moves a node the page shows.
    const second = await api("POST", "/auth/login", { email: SECOND.email, password: SECOND.password });
    const remoteDoc = new Y.Doc();
    remote = new HocuspocusProvider({
      url: `ws://127.0.0.1:${syncPort}`,
      name,
      document: remoteDoc,
      token: String(second.token),
    });
    const provider = remote;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the remote editor did not sync")), 30_000);
      const check = () => {
        if (provider.isSynced) {
          clearTimeout(timer);
          resolve();
        } else setTimeout(check, 20);
      };
      check();
    });
    step("remote editor synced");
    const target = nodeId(1);
    const applied: number[] = [];
    const painted: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const x = 5_000 + i * 7;
      const watching = page.evaluate(
        ({ id, px }) =>
          new Promise<{ applied: number; painted: number }>((resolve, reject) => {
            const el = document.querySelector(`.react-flow__node[data-id="${id}"]`) as HTMLElement | null;
            if (!el) throw new Error(`node ${id} is not drawn`);
            setTimeout(() => reject(new Error(`the remote move never showed: ${el.style.transform}`)), 15_000);
            const moved = () => el.style.transform.includes(`translate(${px}px`);
            const observer = new MutationObserver(() => {
              if (!moved()) return;
              observer.disconnect();
              const at = performance.timeOrigin + performance.now();
              requestAnimationFrame(() =>
                setTimeout(() => resolve({ applied: at, painted: performance.timeOrigin + performance.now() }), 0),
              );
            });
            observer.observe(el, { attributes: true, attributeFilter: ["style"] });
          }),
        { id: target, px: x },
      );
      // The page's observer is in place before the edit is made.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      const sentAt = performance.timeOrigin + performance.now();
      moveFlowNode(remoteDoc, target, { x, y: 0 });
      const seen = await watching;
      applied.push(seen.applied - sentAt);
      painted.push(seen.painted - sentAt);
      await page.waitForTimeout(50);
    }
    applied.sort((a, b) => a - b);
    painted.sort((a, b) => a - b);
    await context.close();
    return {
      [`${label}: open to interactive, median / p95 (ms)`]: `${fmt(percentile(opens, 50))} / ${fmt(percentile(opens, 95))}`,
      [`${label}: first open (loads its code) (ms)`]: fmt(firstOpen),
      [`${label}: nodes drawn on open`]: String(rendered),
      [`${label}: pan frame interval, median / p95 (ms)`]: `${fmt(percentile(intervals, 50))} / ${fmt(percentile(intervals, 95))}`,
      [`${label}: remote edit applied to the page, median / p95 (ms)`]: `${fmt(percentile(applied, 50))} / ${fmt(percentile(applied, 95))}`,
      [`${label}: remote edit applied and painted, median / p95 (ms)`]: `${fmt(percentile(painted, 50))} / ${fmt(percentile(painted, 95))}`,
      "flow editor: machine load average (1 min) after the runs": fmt(loadavg()[0] ?? Number.NaN, 1),
    };
  } finally {
    remote?.destroy();
    await browser.close();
    await pool.end();
    await sync.stop();
    await core.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
