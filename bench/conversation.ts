// A 5,000-message conversation opened from IndexedDB to first paint, in chromium, on the built
// PWA served by core: the replica holds the whole conversation (written into the app's own
// IndexedDB), and each run goes from the ticket list to the conversation through the router
// and stops at the first frame painted with its newest message. Median and p95 of 21 runs.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { CHROMIUM, launchChromium } from "../test/browser.ts";
import { fillReplica, fmt, freshDatabase, percentile, seedOpenTicket, signInAsAdmin, startCoreChild } from "./lib.ts";

const MESSAGES = Number(process.env.BENCH_CONVERSATION_MESSAGES ?? 5_000);
const RUNS = 21;

export async function benchConversation(): Promise<Record<string, string>> {
  const label = `conversation of ${MESSAGES.toLocaleString("en")} messages, IndexedDB to first paint (ms)`;
  const dist = path.resolve(import.meta.dirname, "../pwa/dist");
  if (!existsSync(path.join(dist, "index.html"))) return { [label]: "not built (run npm run build)" };
  if (!existsSync(CHROMIUM)) return { [label]: `no chromium at ${CHROMIUM}` };
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-conv-"));
  const core = await startCoreChild(db.url, dataDir, { PWA_DIR: dist });
  const browser = await launchChromium();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    const t = await seedOpenTicket(pool, { name: "Cliente Bench", number: "5511900000001" });
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await signInAsAdmin(page, core.url);
    await page.waitForURL(/\/tickets/);
    await page.getByTestId("tickets-tab-open").click();
    await page.getByTestId("ticket-item").first().waitFor();

    // The whole conversation in the replica, as the pull and older pages would have stored it.
    await fillReplica(page, t, MESSAGES, { variety: true });

    const newest = `Mensagem ${MESSAGES - 1}:`;
    const times: number[] = [];

    for (let run = 0; run < RUNS; run++) {
      await page.evaluate(() => {
        history.pushState(null, "", "/tickets");
        dispatchEvent(new PopStateEvent("popstate"));
      });
      await page.getByTestId("message-list").waitFor({ state: "detached" });
      const ms = await page.evaluate(
        ({ uuid, text }) =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            const done = () => {
              const last = document.querySelectorAll("[data-testid='message-bubble']");
              return last.length > 0 && (last[last.length - 1]?.textContent ?? "").includes(text);
            };
            // After the DOM has it, the next frame's callback runs once that frame is painted.
            const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
            const observer = new MutationObserver(() => {
              if (!done()) return;
              observer.disconnect();
              painted();
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            history.pushState(null, "", `/tickets/${uuid}`);
            dispatchEvent(new PopStateEvent("popstate"));
          }),
        { uuid: t.uuid, text: newest },
      );
      // The first run also loads the conversation's lazy chunk: it is reported apart.
      if (run > 0) times.push(ms);
      else times.unshift(-ms);
    }
    const first = -times.shift()!;
    times.sort((a, b) => a - b);
    const rendered = await page.locator("[data-testid='message-bubble']").count();
    await context.close();
    return {
      [`${label}, median / p95`]: `${fmt(percentile(times, 50))} / ${fmt(percentile(times, 95))}`,
      [`${label}, first open (loads its code)`]: fmt(first),
      // Wall time on a shared machine includes waiting for a core: the load says how busy it was.
      "conversation: machine load average (1 min) after the runs": fmt(loadavg()[0] ?? Number.NaN, 1),
      "conversation: messages rendered on open": String(rendered),
    };
  } finally {
    await browser.close();
    await pool.end();
    await core.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
