// The composer as an agent uses it: an image with a caption through the media preview, a voice
// note from chromium's fake microphone, a quick message picked with '/', and a private note that
// is visibly a note and never reaches the channel; axe on the composer with the preview open.

import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { acceptAsAdmin, signIn, until } from "./support.ts";

const world = browserStackForFile({
  chromiumArgs: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let ticketId = 0;

forFile(async () => {
  const { pool } = world.stack.core.db;
  const queue = await pool.query<{ id: number }>(
    "INSERT INTO queues (company_id, name, color) VALUES (1, 'Vendas', '#1e88e5') RETURNING id",
  );
  expect(
    await world.stack.deliverInbound({ from: "5511987650000", name: "Maria Souza", text: "Oi!", id: "wamid.c.1" }),
  ).toBe(200);
  const { rows } = await pool.query<{ id: number }>("SELECT id FROM tickets ORDER BY id DESC LIMIT 1");
  ticketId = rows[0]!.id;
  // The admin accepts it (the header's accept is another screen): a reply needs an attended ticket.
  expect(await acceptAsAdmin(world.stack.core.url, ticketId, queue.rows[0]!.id)).toBe(200);
});

async function openConversation(page: Page) {
  const item = page.getByTestId("ticket-item").filter({ hasText: "Maria Souza" });
  await item.waitFor();
  await item.click();
  await page.getByTestId("message-input").waitFor();
}

const stored = async (where: string, value: unknown) =>
  (
    await world.stack.core.db.pool.query(
      `SELECT body, media_type, is_private FROM messages WHERE ticket_id = $1 AND ${where} = $2`,
      [ticketId, value],
    )
  ).rows;

describe("composer", () => {
  it("sends a captioned image, a voice note, a quick message and a private note", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);

    // A personal quick message, written on /quick-messages (kept in this device's copy of the list).
    await page.goto(`${world.stack.core.url}/quick-messages`);
    const personal = page.locator("section").filter({ hasText: /Pessoais/ });
    await personal.getByTestId("quick-messages-add").click();
    const modal = page.getByTestId("quick-message-modal");
    await modal.getByTestId("quick-message-shortcode").fill("saudacao");
    await modal.getByTestId("quick-message-message").fill("{{ms}}, {{firstName}}! Sou {{userName}}.");
    await modal.getByTestId("quick-message-save").click();
    await personal.getByText("/saudacao").first().waitFor();

    await page.goto(`${world.stack.core.url}/tickets`);
    await openConversation(page);

    // 1. An image with a caption, through the media preview.
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("message-attach").click();
    await (await chooser).setFiles({ name: "catalogo.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("media-preview").waitFor();
    await page.getByTestId("media-caption").fill("Segue o catálogo");
    await page.getByTestId("media-preview-send").click();
    await page.getByTestId("message-bubble").filter({ hasText: "Segue o catálogo" }).waitFor();
    await until("the image stored", async () => (await stored("body", "Segue o catálogo")).length === 1);
    expect((await stored("body", "Segue o catálogo"))[0]).toMatchObject({ media_type: "image", is_private: false });

    // 2. A press of the microphone by mistake: under 10,000 bytes, discarded and said so (spec 1 §9).
    await page.getByTestId("record-start").click();
    await page.getByTestId("recording").waitFor();
    await page.getByTestId("record-stop").click();
    await page.getByText("Áudio muito curto: não foi enviado.").waitFor();
    await page.getByTestId("record-start").waitFor();
    expect(await stored("media_type", "audio")).toEqual([]);

    // A voice note from the fake microphone: recorded, stopped, stored as audio.
    await page.getByTestId("record-start").click();
    await page.getByTestId("recording").waitFor();
    await page.waitForTimeout(1500);
    await page.getByTestId("record-stop").click();
    await until("the voice note stored", async () => (await stored("media_type", "audio")).length === 1);
    expect((await stored("media_type", "audio"))[0]!.body).toMatch(/^audio-.+\.(m4a|ogg)$/);

    // 3. A quick message with '/', chosen with the keyboard; its variables are filled.
    const input = page.getByTestId("message-input");
    await input.fill("/sau");
    await page.getByTestId("quick-option").filter({ hasText: "/saudacao" }).waitFor();
    expect(await input.getAttribute("role")).toBe("combobox");
    await input.press("Enter");
    expect(await input.inputValue()).toBe("{{ms}}, {{firstName}}! Sou {{userName}}.");
    await input.press("Enter");
    // The company signs messages by default (sendSignMessage enabled): the agent's name goes on top.
    expect(await page.getByTestId("sign-toggle").isVisible()).toBe(true);
    const greeting = /^\*(.+):\*\n(Bom dia|Boa tarde|Boa noite|Boa madrugada), Maria! Sou \1\.$/;
    await page
      .getByTestId("message-bubble")
      .filter({ hasText: /, Maria! Sou / })
      .waitFor();
    const texts = async () =>
      (
        await world.stack.core.db.pool.query<{ body: string }>(
          "SELECT body FROM messages WHERE ticket_id = $1 AND media_type = 'chat' AND from_me",
          [ticketId],
        )
      ).rows.map((r) => r.body);
    await until("the quick message stored, its variables filled", async () =>
      (await texts()).some((b) => greeting.test(b)),
    );

    // 4. A private note: the composer says so while it is written; it never reaches the channel.
    await page.getByTestId("private-toggle").click();
    await page.getByTestId("private-banner").waitFor();
    expect(await page.getByTestId("composer").getAttribute("data-private")).toBe("true");
    await input.fill("Cliente pediu desconto");
    await input.press("Enter");
    await until("the note stored", async () => (await stored("body", "Cliente pediu desconto")).length === 1);
    expect((await stored("body", "Cliente pediu desconto"))[0]!.is_private).toBe(true);
    await page.waitForTimeout(1000);
    expect(JSON.stringify(world.stack.graph.requests)).not.toContain("Cliente pediu desconto");
    await context.close();
  });

  it("has no serious or critical axe violation with the media preview open, at both sizes and themes", async () => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) mkdirSync(dir, { recursive: true });
    const found: string[] = [];
    for (const size of [
      { name: "desktop", width: 1366, height: 800 },
      { name: "phone", width: 390, height: 844 },
    ]) {
      for (const theme of ["light", "dark"] as const) {
        const context = await world.browser.newContext({
          viewport: { width: size.width, height: size.height },
          colorScheme: theme,
        });
        await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
        const page = await context.newPage();
        await signIn(page, world.stack.core.url);
        await openConversation(page);
        await page.getByTestId("private-toggle").click();
        const composerShot = dir ? path.join(dir, `composer-${size.name}-${theme}.png`) : null;
        if (composerShot) await page.screenshot({ path: composerShot });
        const chooser = page.waitForEvent("filechooser");
        // On the phone the tools are folded into the '+' menu (decision 0088).
        if (size.name === "phone") await page.getByTestId("composer-actions").click();
        await page.getByTestId("message-attach").click();
        await (await chooser).setFiles({ name: "foto.png", mimeType: "image/png", buffer: PNG });
        await page.getByTestId("media-preview").waitFor();
        if (dir) await page.screenshot({ path: path.join(dir, `composer-preview-${size.name}-${theme}.png`) });
        const result = await new AxeBuilder({ page }).analyze();
        for (const v of result.violations) {
          if (v.impact === "serious" || v.impact === "critical") {
            found.push(`${size.name} ${theme}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`);
          }
        }
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
