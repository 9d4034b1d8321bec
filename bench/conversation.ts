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
import { fmt, freshDatabase, percentile, signInAsAdmin, startCoreChild } from "./lib.ts";

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
    // One open ticket of the admin: the first pull brings it with its contact.
    const { rows } = await pool.query<{ ticket: number; uuid: string; contact: number; admin: number }>(
      `WITH w AS (INSERT INTO whatsapps (company_id, name, channel, status, is_default)
                  VALUES (1, 'Bench', 'whatsappapi', 'CONNECTED', true) RETURNING id),
            c AS (INSERT INTO contacts (company_id, name, number, whatsapp_id, channel)
                  SELECT 1, 'Cliente Bench', '5511900000001', id, 'whatsappapi' FROM w RETURNING id),
            t AS (INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, channel)
                  SELECT 1, c.id, w.id, 'open', (SELECT id FROM users WHERE email = 'admin@chatflow.local'), 'whatsappapi'
                  FROM c, w RETURNING id, uuid, contact_id, user_id)
       SELECT id AS ticket, uuid, contact_id AS contact, user_id AS admin FROM t`,
    );
    const t = rows[0]!;
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await signInAsAdmin(page, core.url);
    await page.waitForURL(/\/tickets/);
    await page.getByTestId("tickets-tab-open").click();
    await page.getByTestId("ticket-item").first().waitFor();

    // The whole conversation in the replica, as the pull and older pages would have stored it.
    await page.evaluate(
      async ({ n, ticketId, contactId, userId }) => {
        const open = indexedDB.open("chatflow");
        const idb = await new Promise<IDBDatabase>((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const tx = idb.transaction("messages", "readwrite");
        const store = tx.objectStore("messages");
        const start = Date.now() - n * 60_000;
        for (let i = 0; i < n; i++) {
          const at = new Date(start + i * 60_000).toISOString();
          const fromMe = i % 3 === 0;
          store.put({
            id: `01900000-0000-7000-8000-${String(i).padStart(12, "0")}`,
            ticketId,
            contactId,
            companyId: 1,
            userId: fromMe ? userId : null,
            body: `Mensagem ${i}: *pedido* _${i}_ https://exemplo.com/p/${i}`,
            fromMe,
            read: true,
            mediaType: "chat",
            mediaUrl: null,
            dataJson: null,
            ack: fromMe ? 3 : 0,
            isDeleted: false,
            isEdited: i % 50 === 0,
            isForwarded: false,
            isPrivate: false,
            quotedMsgId: i % 40 === 1 ? `01900000-0000-7000-8000-${String(i - 1).padStart(12, "0")}` : null,
            errorCode: null,
            createdAt: at,
            updatedAt: at,
          });
        }
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        idb.close();
      },
      { n: MESSAGES, ticketId: t.ticket, contactId: t.contact, userId: t.admin },
    );

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
