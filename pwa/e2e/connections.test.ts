// The connections screen and its QR dialog (spec 2 §2, §4), in chromium against the whole stack: an admin
// creates a WhatsApp (QR code) connection, asks for a new QR code and the dialog waits for it; a test-only
// stand-in for the channel worker writes the QR code the way the worker does (the row, then a "whatsapps"
// change), and the dialog draws it; pairing clears the code, the dialog closes itself and the row reads
// CONNECTED, and the side menu's badge follows. The request reached the worker's channel as a NOTIFY
// (core's connection-session.test.ts checks the payload); here the stand-in reads what core stored.

import { recordChanges } from "@chatflow/core/sync/change-log.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn, until } from "./support.ts";

const world = browserStackForFile();
let page: Page;

forFile(async () => {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
});

/** What the channel worker does when Baileys reports: write the session's fields, record the change, commit. */
async function workerReports(id: number, set: string, params: unknown[] = []) {
  const client = await world.stack.core.db.pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(`UPDATE whatsapps SET ${set}, updated_at = now() WHERE id = $1 AND company_id = 1`, [
      id,
      ...params,
    ]);
    await recordChanges(client, [{ companyId: 1, entity: "whatsapps", id }]);
    await client.query("COMMIT");
  } finally {
    client.release();
  }
}

describe("connections", () => {
  it("an admin creates a WhatsApp connection, asks for a QR code, sees it, and the dialog closes once paired", async () => {
    await page.goto(`${world.stack.core.url}/connections`);
    await page.getByTestId("connections-page").waitFor();
    await page.getByTestId("connection-row").first().waitFor();

    await page.getByTestId("connections-add").click();
    await page.getByTestId("connections-add-whatsapp").click();
    const modal = page.getByTestId("connection-modal");
    await modal.waitFor();
    // Spec 2 §5 in its own words, on the field, before anything is sent.
    await page.getByTestId("connection-name").fill("L");
    await page.getByTestId("connection-save").click();
    await modal.getByText("Too Short!").waitFor();
    await page.getByTestId("connection-name").fill("Loja QR");
    await page.getByTestId("connection-save").click();
    await modal.waitFor({ state: "detached" });

    const row = page.getByTestId("connection-row").filter({ hasText: "Loja QR" });
    await row.getByText("Desconectado").waitFor();
    // The side menu's badge (spec 1 §2): a connection needs attention.
    await page.getByTestId("connections-alert").waitFor();
    const [stored] = (
      await world.stack.core.db.pool.query<{ id: number; status: string }>(
        "SELECT id, status FROM whatsapps WHERE company_id = 1 AND name = 'Loja QR'",
      )
    ).rows;
    expect(stored).toMatchObject({ status: "DISCONNECTED" });
    const id = stored!.id;

    // DISCONNECTED offers 'try again' and 'new QR' (spec 2 §4); the admin asks for a new QR code.
    await row.getByTestId("connection-retry").waitFor();
    await row.getByTestId("connection-newQr").click();
    const dialog = page.getByTestId("qr-dialog");
    await dialog.getByText("Aguardando pelo QR Code").waitFor();
    await until("core to mark the session as opening", async () => {
      const r = await world.stack.core.db.pool.query("SELECT status FROM whatsapps WHERE id = $1 AND company_id = 1", [
        id,
      ]);
      return r.rows[0]?.status === "OPENING";
    });

    // The worker's stand-in: Baileys produced a QR code.
    await workerReports(id, "status = 'qrcode', qrcode = $2", ["2@stand-in-qr-code,key,secret,adv"]);
    const code = dialog.getByTestId("qr-code");
    await code.waitFor();
    expect(await code.locator("svg").count()).toBe(1);
    await row.getByTestId("connection-qrcode").waitFor();

    // Paired: the code is gone, the dialog closes itself and the row reads CONNECTED with its number.
    await workerReports(id, "status = 'CONNECTED', qrcode = NULL, number = $2", ["5511999990000"]);
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Conectado").waitFor();
    await row.getByText("5511999990000").waitFor();
    await row.getByTestId("connection-disconnect").waitFor();
    // Every connection of the company is connected again: the badge goes.
    await page.getByTestId("connections-alert").waitFor({ state: "detached" });
  });
});
