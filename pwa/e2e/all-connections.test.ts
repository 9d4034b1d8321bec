import { buildCompany, buildQueue, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, LOOK_SIZES, looked, signInToLanding, until } from "./support.ts";

const world = browserStackForFile();

const SIZES = LOOK_SIZES;

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
      problems.push(
        ...(await looked(page, `all-connections-${size.name}`, ".connections-table-frame, [role=tablist]")),
      );

      await row.getByTestId("all-connection-edit").click();
      const modal = page.getByTestId("connection-modal");
      await modal.waitFor();
      expect(await page.getByTestId("connection-company").innerText()).toContain("Padaria Conexões");
      await page.getByTestId("connection-queues").click();
      await page.getByRole("option", { name: "Balcão da padaria" }).waitFor();
      expect(await page.getByRole("option", { name: "Fila da plataforma" }).count()).toBe(0);
      await page.getByRole("option", { name: "Balcão da padaria" }).click();
      await page.keyboard.press("Escape");
      problems.push(
        ...(await looked(page, `all-connections-dialog-${size.name}`, ".connections-table-frame, [role=tablist]")),
      );
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
