// Lighthouse (mobile emulation, simulated slow 4G) on /login of the built PWA
// served by core: the performance, accessibility and best-practices scores,
// LCP, and the bytes the first load transfers (decision 0019).
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM } from "../test/browser.ts";
import { fmt, freshDatabase, startCoreChild } from "./lib.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices"];

export async function benchLighthouse(): Promise<Record<string, string>> {
  const dist = path.resolve(import.meta.dirname, "../pwa/dist");
  if (!existsSync(path.join(dist, "index.html"))) return { "lighthouse /login": "not built (run npm run build)" };
  if (!existsSync(CHROMIUM)) return { "lighthouse /login": `no chromium at ${CHROMIUM}` };
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-lh-"));
  const core = await startCoreChild(db.url, dataDir, { PWA_DIR: dist });
  // The flags of test/browser.ts: this machine's closed network refuses Chrome's background calls.
  const chrome = await launch({
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
  try {
    // Lighthouse's default is the mobile profile: a mid-range phone on slow 4G, simulated.
    const result = await lighthouse(`${core.url}/login`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error("lighthouse returned nothing");
    // BENCH_LIGHTHOUSE_REPORT=file.json keeps the whole report (what to fix, per audit).
    if (process.env.BENCH_LIGHTHOUSE_REPORT)
      await writeFile(process.env.BENCH_LIGHTHOUSE_REPORT, JSON.stringify(result.lhr));
    const { categories, audits } = result.lhr;
    const score = (id: string) => fmt(categories[id]?.score ?? Number.NaN, 2);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    return {
      "lighthouse /login (mobile): performance": score("performance"),
      "lighthouse /login (mobile): accessibility": score("accessibility"),
      "lighthouse /login (mobile): best practices": score("best-practices"),
      "lighthouse /login (mobile): FCP / LCP (s)": `${fmt((audits["first-contentful-paint"]?.numericValue ?? 0) / 1000)} / ${fmt((audits["largest-contentful-paint"]?.numericValue ?? 0) / 1000)}`,
      "lighthouse /login (mobile): TBT (ms)": fmt(audits["total-blocking-time"]?.numericValue ?? 0, 0),
      "lighthouse /login (mobile): first load (KB transferred)": fmt(
        (audits["total-byte-weight"]?.numericValue ?? 0) / 1024,
      ),
      "lighthouse /login (mobile): failed audits": failing.join(", ") || "none",
      // Lighthouse's CPU benchmark of this machine (a typical laptop scores 1,000-2,000): a busy
      // machine runs the page's scripts slower, and the simulation multiplies that by four.
      "lighthouse: machine benchmark index": fmt(result.lhr.environment.benchmarkIndex, 0),
    };
  } finally {
    chrome.kill();
    await core.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
