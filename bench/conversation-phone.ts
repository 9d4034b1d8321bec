// Opening a conversation from the ticket list on a phone (390x844, touch; issue 21's target: under 100 ms), in
// chromium, on the built PWA served by core (PWA_DIR, else pwa/dist): each run taps the ticket in the list (a real
// touch, as a person's thumb) and stops at the first frame painted with the conversation's header and its newest
// message; then Back returns to the list (the phone's one-pane layout, decision 0088). The replica holds the
// conversation's 200 messages (written into the app's own IndexedDB, as the pull would have). Median and p95 of 21
// runs; the first, which also loads the conversation's code, apart.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { CHROMIUM, launchChromium } from "../test/browser.ts";
import { fillReplica, fmt, freshDatabase, percentile, seedOpenTicket, signInAsAdmin, startCoreChild } from "./lib.ts";

const MESSAGES = 200;
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 21);

export async function benchConversationPhone(): Promise<Record<string, string>> {
  const label = "conversation opened from the list on a phone (390x844, tap to first paint, ms)";
  const dist = process.env.PWA_DIR ?? path.resolve(import.meta.dirname, "../pwa/dist");
  if (!existsSync(path.join(dist, "index.html"))) return { [label]: "not built (run npm run build)" };
  if (!existsSync(CHROMIUM)) return { [label]: `no chromium at ${CHROMIUM}` };
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-phone-"));
  const core = await startCoreChild(db.url, dataDir, { PWA_DIR: dist });
  const browser = await launchChromium();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    const t = await seedOpenTicket(pool, { name: "Cliente Fone", number: "5511900000002" });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await signInAsAdmin(page, core.url);
    await page.waitForURL((url) => url.pathname !== "/login");
    if (!new URL(page.url()).pathname.startsWith("/tickets")) await page.goto(`${core.url}/tickets`);
    await page.getByTestId("tickets-tab-open").tap();
    const item = page.getByTestId("ticket-item").filter({ hasText: "Cliente Fone" });
    await item.waitFor();

    await fillReplica(page, t, MESSAGES);

    const newest = `Mensagem ${MESSAGES - 1}:`;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // From the touch that starts the tap to the first frame painted with the header and the newest message.
      await page.evaluate((text) => {
        const w = window as unknown as { benchOpened?: Promise<number> };
        w.benchOpened = new Promise<number>((resolve) => {
          let t0 = 0;
          document.addEventListener("touchstart", (e) => (t0 = e.timeStamp), { capture: true, once: true });
          const phases: Record<string, number> = {};
          (window as unknown as { benchPhases: Record<string, number> }).benchPhases = phases;
          document.addEventListener("touchend", (e) => (phases.touchend = e.timeStamp - t0), {
            capture: true,
            once: true,
          });
          document.addEventListener("click", (e) => (phases.click = e.timeStamp - t0), { capture: true, once: true });
          const done = () => {
            if (!document.querySelector("[data-testid='ticket-header']")) return false;
            const bubbles = document.querySelectorAll("[data-testid='message-bubble']");
            return bubbles.length > 0 && (bubbles[bubbles.length - 1]?.textContent ?? "").includes(text);
          };
          // After the DOM has it, the next frame's callback runs once that frame is painted.
          const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
          const observer = new MutationObserver(() => {
            if (t0 && !phases.url && location.pathname !== "/tickets") phases.url = performance.now() - t0;
            if (t0 && !phases.header && document.querySelector("[data-testid='ticket-header']"))
              phases.header = performance.now() - t0;
            if (!t0 || !done()) return;
            observer.disconnect();
            painted();
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      }, newest);
      await item.tap({ timeout: 10_000 });
      const ms = await page.evaluate(() =>
        Promise.race([
          (window as unknown as { benchOpened: Promise<number> }).benchOpened,
          new Promise<number>((_, reject) =>
            setTimeout(
              () =>
                reject(
                  new Error(
                    `not opened: ${location.pathname} ${JSON.stringify((window as unknown as { benchPhases: object }).benchPhases)} ${document.querySelectorAll("[data-testid='message-bubble']").length} ${document.querySelector("[data-testid='message-bubble']:last-of-type")?.textContent}`,
                  ),
                ),
              10_000,
            ),
          ),
        ]),
      );
      if (process.env.BENCH_PHONE_PHASES)
        console.log(
          ms.toFixed(1),
          JSON.stringify(await page.evaluate(() => (window as unknown as { benchPhases: object }).benchPhases)),
        );
      if (run > 0) times.push(ms);
      else times.unshift(-ms);
      await page.goBack();
      await page.getByTestId("ticket-header").waitFor({ state: "detached" });
      await item.waitFor();
    }
    const first = -times.shift()!;
    times.sort((a, b) => a - b);
    await context.close();
    return {
      [`${label}, median / p95`]: `${fmt(percentile(times, 50))} / ${fmt(percentile(times, 95))}`,
      [`${label}, first open (loads its code)`]: fmt(first),
      "conversation on a phone: machine load average (1 min) after the runs": fmt(loadavg()[0] ?? Number.NaN, 1),
    };
  } finally {
    await browser.close();
    await pool.end();
    await core.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
