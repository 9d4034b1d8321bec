// Lighthouse (mobile emulation, simulated slow 4G) on the built PWA served by
// core: /login as a first visit (decision 0019), and /tickets signed in with a
// seeded inbox (issue 8): the performance, accessibility and best-practices
// scores, FCP, LCP, TBT, and the bytes the load transfers; beside them a static page's, the floor (issue 24).
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import pg from "pg";
import { chromium } from "playwright-core";
import { CHROMIUM } from "../test/browser.ts";
import { fmt, freshDatabase, signInAsAdmin, startCoreChild } from "./lib.ts";
import { seedReplica } from "./replica.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices"];

/** The built PWA to serve: PWA_DIR when set (a build of one's own, as the tests take it), else pwa/dist. */
function builtPwa(): string {
  return path.resolve(process.env.PWA_DIR ?? path.join(import.meta.dirname, "../pwa/dist"));
}

/** Scores and timings of one Lighthouse report, keyed "lighthouse <label> (mobile): ...". */
function figures(label: string, lhr: Result): Record<string, string> {
  const { categories, audits } = lhr;
  const score = (id: string) => fmt(categories[id]?.score ?? Number.NaN, 2);
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  const key = (what: string) => `lighthouse ${label} (mobile): ${what}`;
  const performance = categories.performance?.score ?? 0;
  const tbt = audits["total-blocking-time"]?.numericValue ?? 0;
  return {
    [key("performance")]: `${score("performance")}; target >= 0.95: ${performance >= 0.95 ? "met" : "not met"}`,
    [key("accessibility")]: score("accessibility"),
    [key("best practices")]: score("best-practices"),
    [key("FCP / LCP (s)")]:
      `${fmt((audits["first-contentful-paint"]?.numericValue ?? 0) / 1000)} / ${fmt((audits["largest-contentful-paint"]?.numericValue ?? 0) / 1000)}`,
    [key("TBT (ms)")]:
      `${fmt(tbt, 0)}${label === "/tickets" ? `; target < 150: ${tbt < 150 ? "met" : "not met"}` : ""}`,
    [key("first load (KB transferred)")]: fmt((audits["total-byte-weight"]?.numericValue ?? 0) / 1024),
    [key("failed audits")]: failing.join(", ") || "none",
    // Lighthouse's CPU benchmark of this machine (a typical laptop scores 1,000-2,000): a busy
    // machine runs the page's scripts slower, and the simulation multiplies that by four.
    [key("machine benchmark index")]: fmt(lhr.environment.benchmarkIndex, 0),
  };
}

/** A page of text and no script, the floor Lighthouse's figures are read against. */
async function startStaticPage(): Promise<{ url: string; close(): Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<meta name="description" content="Floor"><title>Floor</title></head><body><main><h1>Chat-flow</h1>' +
    "<p>A static page, the floor of the Lighthouse figures.</p></main></body></html>";
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function launchChrome() {
  // The flags of test/browser.ts: this machine's closed network refuses Chrome's background calls.
  return launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    logLevel: "error",
  });
}

async function audit(url: string, port: number, keepStorage: boolean, reportSuffix = ""): Promise<Result> {
  // Lighthouse's default is the mobile profile: a mid-range phone on slow 4G, simulated.
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    // Signed in: Lighthouse must not wipe the origin's storage (token, replica) before loading.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error("lighthouse returned nothing");
  // BENCH_LIGHTHOUSE_REPORT=file.json keeps the whole report (what to fix, per audit).
  if (process.env.BENCH_LIGHTHOUSE_REPORT) {
    const suffix = `${keepStorage ? "-inbox" : ""}${reportSuffix}`;
    await writeFile(
      process.env.BENCH_LIGHTHOUSE_REPORT.replace(/(\.json)?$/, `${suffix}.json`),
      JSON.stringify(result.lhr),
    );
  }
  return result.lhr;
}

/** Audits of one page in a row (BENCH_LIGHTHOUSE_RUNS, default 1): a shared machine's load moves single figures. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));

/**
 * `label`'s figures from RUNS audits: the run of median performance, and with several runs the range of the
 * performance score and of the total blocking time beside it.
 */
async function audited(label: string, url: string, port: number, keepStorage: boolean) {
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(url, port, keepStorage, RUNS > 1 ? `-${i + 1}` : ""));
  const perf = (r: Result) => r.categories.performance?.score ?? 0;
  const tbt = (r: Result) => r.audits["total-blocking-time"]?.numericValue ?? 0;
  const sorted = [...runs].sort((a, b) => perf(a) - perf(b));
  const shown = figures(label, sorted[Math.floor((sorted.length - 1) / 2)]!);
  if (RUNS === 1) return shown;
  const range = (values: number[], digits: number) =>
    `${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)}`;
  return {
    ...shown,
    [`lighthouse ${label} (mobile): ${RUNS} audits, performance / TBT (ms) ranges`]: `${range(runs.map(perf), 2)} / ${range(runs.map(tbt), 0)} (the figures above: the median run)`,
  };
}

export async function benchLighthouse(): Promise<Record<string, string>> {
  const dist = builtPwa();
  if (!existsSync(path.join(dist, "index.html"))) return { "lighthouse /login": "not built (run npm run build)" };
  if (!existsSync(CHROMIUM)) return { "lighthouse /login": `no chromium at ${CHROMIUM}` };
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-lh-"));
  const core = await startCoreChild(db.url, dataDir, { PWA_DIR: dist });
  const chrome = await launchChrome();
  const floor = await startStaticPage();
  try {
    const login = await audited("/login", `${core.url}/login`, chrome.port, false);
    // The floor of the same minutes: a static page (no script) from a bare node:http server, same Chrome, same profile.
    const bare = await audit(floor.url, chrome.port, false, "-floor");
    return {
      ...login,
      "lighthouse floor, a static page (mobile): performance / TBT (ms)": `${fmt(
        bare.categories.performance?.score ?? Number.NaN,
        2,
      )} / ${fmt(bare.audits["total-blocking-time"]?.numericValue ?? 0, 0)}`,
    };
  } finally {
    await floor.close();
    chrome.kill();
    await core.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Tickets in the inbox the /tickets audit opens (BENCH_LIGHTHOUSE_TICKETS); ten messages each. */
const INBOX_TICKETS = Number(process.env.BENCH_LIGHTHOUSE_TICKETS ?? 1000);

/**
 * Lighthouse on /tickets signed in, as an agent opens the app each morning: the admin signs in once in the
 * same Chrome (through the login screen, "remember me" on), the first pull fills the replica, then Lighthouse
 * loads /tickets with the token, the replica and the service worker in place.
 */
export async function benchLighthouseInbox(): Promise<Record<string, string>> {
  const dist = builtPwa();
  if (!existsSync(path.join(dist, "index.html"))) return { "lighthouse /tickets": "not built (run npm run build)" };
  if (!existsSync(CHROMIUM)) return { "lighthouse /tickets": `no chromium at ${CHROMIUM}` };
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-lh-"));
  const core = await startCoreChild(db.url, dataDir, { PWA_DIR: dist });
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const chrome = await launchChrome();
  try {
    await seedReplica(pool, INBOX_TICKETS);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    await signInAsAdmin(page, core.url);
    // The super user lands on /companies (decision 0091): the inbox is opened from there, as the audit opens it.
    await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));
    await page.goto(`${core.url}/tickets`);
    await page.waitForFunction(() => performance.getEntriesByName("sync:pull-done").length > 0, null, {
      timeout: 120_000,
      polling: 200,
    });
    await page.getByTestId("ticket-item").first().waitFor();
    await page.close();
    await browser.close();
    return {
      "lighthouse /tickets: inbox": `${INBOX_TICKETS} tickets, ${INBOX_TICKETS * 10} messages, signed in, replica filled`,
      ...(await audited("/tickets", `${core.url}/tickets`, chrome.port, true)),
    };
  } finally {
    chrome.kill();
    await pool.end();
    await core.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
