// /allConnections in chromium (spec 3 §2; decision 0105): the super user opens another company's connection in its
// dialog, which shows that company's name, queues and flows (never the platform's), saves it as that company's
// admin would, drives its session (try again, a new QR code: the QR dialog waits for it) and deletes another
// connection of it; the page and the dialog at 360x740, 390x844 and 1366x800, with axe (no serious or critical
// violation) and nothing past the right edge (SCREENSHOT_DIR keeps a PNG of each).
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { buildCompany, buildQueue, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, signInToLanding, until } from "./support.ts";

const world = browserStackForFile();

const SIZES = [
  { name: "phone360", width: 360, height: 740 },
  { name: "phone390", width: 390, height: 844 },
  { name: "desk", width: 1366, height: 800 },
] as const;

/** Serious or critical axe violations, and what stands past the right edge; a PNG under SCREENSHOT_DIR. */
async function looked(page: Page, name: string): Promise<string[]> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`) });
  // react-aria's off-screen live announcer is no part of the screen (see installation-told.test.ts).
  const axe = await new AxeBuilder({ page }).exclude("[data-live-announcer]").analyze();
  const found = axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 160)).join(", ")}`);
  const past = await page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > width) out.push(`the page is ${root.scrollWidth} px wide in ${width}`);
    // A wide table scrolls inside its own frame (the connections table's), which is allowed.
    for (const el of document.body.querySelectorAll("[data-testid], h1, h2, label, button")) {
      const box = el.getBoundingClientRect();
      const framed = el.closest(".connections-table-frame, [role=tablist]") !== null;
      if (box.width > 0 && box.height > 0 && box.right > width + 0.5 && !framed) {
        out.push(
          `<${el.tagName.toLowerCase()} ${el.getAttribute("data-testid") ?? ""}> ends at ${Math.round(box.right)}`,
        );
      }
    }
    return out;
  });
  return [...found, ...past.map((p) => `${name}: ${p}`)];
}

describe("/allConnections", () => {
  it("the super user opens another company's connection and does what its admin does", async () => {
    const pool = world.stack.core.db.pool;
    const company = await buildCompany(pool, { name: "Padaria Conexões" });
    const queue = await buildQueue(pool, { companyId: company.id, name: "Balcão da padaria" });
    await buildQueue(pool, { companyId: 1, name: "Fila da plataforma" });
    const main = await buildWhatsapp(pool, { companyId: company.id, channel: "whatsapp", status: "DISCONNECTED" });
    const spare = await buildWhatsapp(pool, { companyId: company.id, channel: "whatsapp", status: "DISCONNECTED" });
    await pool.query(
      "UPDATE whatsapps SET is_default = (id = $2), name = CASE WHEN id = $2 THEN 'Loja principal' ELSE 'Loja reserva' END WHERE company_id = $1",
      [company.id, main.id],
    );
    const problems: string[] = [];

    for (const size of SIZES) {
      const context = await world.browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error("page error:", e.message));
      await signInToLanding(page, world.stack.core.url, ADMIN);
      await page.goto(`${world.stack.core.url}/allConnections`);
      const row = page.getByTestId("all-connection-row").filter({ hasText: "Loja principal" });
      await row.waitFor();
      problems.push(...(await looked(page, `all-connections-${size.name}`)));

      await row.getByTestId("all-connection-edit").click();
      const modal = page.getByTestId("connection-modal");
      await modal.waitFor();
      expect(await page.getByTestId("connection-company").innerText()).toContain("Padaria Conexões");
      await page.getByTestId("connection-queues").click();
      await page.getByRole("option", { name: "Balcão da padaria" }).waitFor();
      expect(await page.getByRole("option", { name: "Fila da plataforma" }).count()).toBe(0);
      await page.getByRole("option", { name: "Balcão da padaria" }).click();
      await page.keyboard.press("Escape");
      problems.push(...(await looked(page, `all-connections-dialog-${size.name}`)));
      if (size.name !== "desk") {
        await context.close();
        continue;
      }
      await page.getByTestId("connection-name").fill("Loja principal do centro");
      await page.getByTestId("connection-save").click();
      await modal.waitFor({ state: "detached" });
      const saved = await pool.query(
        "SELECT w.name, array_agg(wq.queue_id) AS queues FROM whatsapps w JOIN whatsapp_queues wq ON wq.whatsapp_id = w.id WHERE w.id = $1 GROUP BY w.name",
        [main.id],
      );
      expect(saved.rows).toEqual([{ name: "Loja principal do centro", queues: [queue.id] }]);

      // The session: try again (OPENING), then, as the page polls, a new QR code asked for the same connection.
      const renamed = page.getByTestId("all-connection-row").filter({ hasText: "Loja principal do centro" });
      await renamed.getByTestId("all-connection-retry").click();
      await until("the session to open", async () => {
        const { rows } = await pool.query("SELECT status FROM whatsapps WHERE id = $1", [main.id]);
        return rows[0].status === "OPENING";
      });
      await renamed.getByTestId("all-connection-connecting").waitFor();

      // Another connection of that company deleted, after the confirmation.
      const reserve = page.getByTestId("all-connection-row").filter({ hasText: "Loja reserva" });
      await reserve.getByTestId("all-connection-delete").click();
      await page
        .getByTestId("connection-confirm")
        .getByRole("button", { name: /Excluir/ })
        .click();
      await reserve.waitFor({ state: "detached" });
      const gone = await pool.query("SELECT 1 FROM whatsapps WHERE id = $1", [spare.id]);
      expect(gone.rowCount).toBe(0);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
