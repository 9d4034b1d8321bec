// Bulk campaigns end to end (spec 3 §2 "Contact lists", "Campaigns page", "Campaign report"; decision 0076): an
// admin makes a contact list, imports its contacts from an .xlsx after confirming, creates a campaign to it
// starting now; the channel worker sends it, once per contact, to the WhatsApp Cloud API stand-in with each
// contact's name filled in, and the report reaches FINALIZADA. The Cloud API's 24-hour window holds (decision
// 0116): the three who wrote today get it; a fourth, who never wrote, is not sent a free-form message and counts as
// failed.
import { forFile } from "@chatflow/core/testing/for-file.ts";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn, until } from "./support.ts";

const world = browserStackForFile({ jobIntervalMs: 500 });
const NUMBERS = ["5511988880001", "5511988880002", "5511988880003"];
/** On the list, but never wrote to the connection: outside the window. */
const SILENT = "5511988880004";

let sheet: Buffer;
forFile(async () => {
  // Send at any hour and day, with no pause between messages (the settings screen saves these same keys).
  const { pool } = world.stack.core.db;
  await pool.query(
    `INSERT INTO campaign_settings (company_id, key, value) VALUES
       (1, 'messageInterval', '0'), (1, 'startHour', '00:00'), (1, 'endHour', '23:59'),
       (1, 'sabado', 'true'), (1, 'domingo', 'true')`,
  );
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Contatos");
  ws.addRow(["Nome", "Número", "Email"]);
  for (const [i, n] of [...NUMBERS, SILENT].entries())
    ws.addRow([`Cliente ${i + 1}`, n, `cliente${i + 1}@exemplo.com`]);
  sheet = Buffer.from(await wb.xlsx.writeBuffer());
  // The first three wrote to the Cloud API connection today (signed webhooks, as Meta posts them).
  for (const [i, n] of NUMBERS.entries())
    expect(
      await world.stack.deliverInbound({ from: n, name: `Cliente ${i + 1}`, text: "Oi", id: `wamid.c.${i}` }),
    ).toBe(200);
});

describe("bulk campaigns", () => {
  it("imports a list, sends the campaign once per contact in the window and reports it", {
    timeout: 120_000,
  }, async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    // Spec 3 §2: the campaign routes exist only with the local 'cshow' flag.
    await context.addInitScript(() => localStorage.setItem("cshow", "1"));
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);

    await page.goto(`${world.stack.core.url}/contact-lists`);
    await page.getByTestId("contact-lists-add").click();
    await page.getByTestId("contact-list-name").fill("Clientes VIP");
    await page.getByTestId("contact-list-save").click();
    await page.getByTestId("contact-list-row").filter({ hasText: "Clientes VIP" }).click();
    await page.getByTestId("contact-list-items-page").waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: "clientes.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: sheet,
    });
    // Spec 3 §5: the import asks first.
    const confirm = page.getByTestId("contact-list-import-confirm");
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Importar" }).click();
    await until("the imported contacts", async () => (await page.getByTestId("contact-list-item-row").count()) === 4);
    expect(await page.getByTestId("item-valid").count()).toBe(4);

    await page.goto(`${world.stack.core.url}/campaigns`);
    await page.getByTestId("campaigns-add").click();
    const modal = page.getByTestId("campaign-modal");
    await modal.waitFor();
    await page.getByTestId("campaign-name").fill("Promoção e2e");
    await page.getByTestId("campaign-whatsapp").click();
    await page.getByRole("option", { name: "WhatsApp Cloud" }).click();
    await page.getByTestId("campaign-contact-list").click();
    await page.getByRole("option", { name: "Clientes VIP" }).click();
    // Now, in the browser's own time zone (a datetime-local field).
    const now = await page.evaluate(() => {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await page.getByTestId("campaign-scheduled-at").fill(now);
    await page.getByTestId("campaign-tab-messages").click();
    await page.getByTestId("campaign-message1").fill("Oi {nome}, temos uma oferta para você!");
    await page.getByTestId("campaign-save").click();
    await modal.waitFor({ state: "detached" });

    await page.getByTestId("campaign-row").filter({ hasText: "Promoção e2e" }).click();
    await page.getByTestId("campaign-report-page").waitFor();
    await page.getByTestId("report-status").filter({ hasText: "Finalizada" }).waitFor({ timeout: 60_000 });
    // Delivered over valid contacts: 3 of 4; the silent one failed, and stays a valid number.
    expect(await page.getByTestId("report-progress").getAttribute("aria-valuenow")).toBe("75");
    expect(await page.getByTestId("report-delivered").textContent()).toBe("3");
    expect(await page.getByTestId("report-failed").textContent()).toBe("1");
    expect(await page.getByTestId("report-valid").textContent()).toBe("4");

    // FINALIZADA means every contact's send has its outcome: what reached the Graph API is all there will be.
    const texts = world.stack.graph.requests.filter((r) => r.body.type === "text");
    expect(texts.map((r) => r.body.to).sort()).toEqual(NUMBERS);
    expect(texts.map((r) => r.body.text?.body).sort()).toEqual(
      [1, 2, 3].map((i) => `Oi Cliente ${i}, temos uma oferta para você!`),
    );
    // The silent contact's message is in the conversation, failed with the window's reason.
    const { rows } = await world.stack.core.db.pool.query(
      `SELECT m.send_state, m.error_code FROM messages m JOIN contacts c ON c.id = m.contact_id
       WHERE c.number = $1 AND m.from_me`,
      [SILENT],
    );
    expect(rows).toEqual([{ send_state: "failed", error_code: "ERR_OUTSIDE_MESSAGING_WINDOW" }]);
    await context.close();
  });
});
