// The connections screen and its QR dialog (spec 2 §2, §4), in chromium against the whole stack with the channel
// worker's Baileys adapter (issue 10's proof): an admin creates a WhatsApp (QR code) connection, asks for a new QR
// code and the dialog waits for it; the request reaches the worker as a NOTIFY, the adapter opens a socket (a
// stand-in: WhatsApp's servers are not reachable here) whose Baileys events carry a QR code, and the dialog draws
// it; a rotated code replaces it; pairing opens the socket, the dialog closes itself, the row reads CONNECTED with
// the phone's number, and the side menu's badge follows.

import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn, until } from "./support.ts";

const world = browserStackForFile({ baileys: true });
let page: Page;

forFile(async () => {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
});

/** The stand-in socket the worker's adapter opened last. */
const socket = () => world.stack.baileys!.last();

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

    // The adapter opened a socket for it; Baileys produces a QR code.
    await until("the worker to open a socket", () => (world.stack.baileys?.sockets.length ?? 0) > 0);
    socket().emit("connection.update", { qr: "2@stand-in-qr-code,key,secret,adv" });
    const code = dialog.getByTestId("qr-code");
    await code.waitFor();
    expect(await code.locator("svg").count()).toBe(1);
    await row.getByTestId("connection-qrcode").waitFor();
    const drawn = await code.innerHTML();
    // Baileys rotates the code: the dialog draws the new one.
    socket().emit("connection.update", { qr: "2@rotated-qr-code,key,secret,adv" });
    await until("the rotated code to be drawn", async () => (await code.innerHTML()) !== drawn);
    expect(
      (await world.stack.core.db.pool.query("SELECT qrcode FROM whatsapps WHERE id = $1", [id])).rows[0].qrcode,
    ).toBe("2@rotated-qr-code,key,secret,adv");

    // Paired: the socket opens as the phone, the dialog closes itself and the row reads CONNECTED with its number.
    socket().open("5511999990000:3@s.whatsapp.net");
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Conectado").waitFor();
    await row.getByText("5511999990000").waitFor();
    await row.getByTestId("connection-disconnect").waitFor();
    // Every connection of the company is connected again: the badge goes.
    await page.getByTestId("connections-alert").waitFor({ state: "detached" });
  });
});
