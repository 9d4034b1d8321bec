// The composer's send-contact and interactive-message dialogs as an agent uses them, with the keyboard
// from the actions menu: a contact card and a list sent online, then one of each written offline and
// sent when the network is back; each reaches the Graph API (the Cloud API fake) exactly once; and a link
// button with a header image written offline goes out once, with its image.
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { acceptAsAdmin, serviceWorkerInControl, toInbox, until } from "./support.ts";

const world = browserStackForFile();

let ticketId = 0;

forFile(async () => {
  const { pool } = world.stack.core.db;
  const queue = await pool.query<{ id: number }>(
    "INSERT INTO queues (company_id, name, color) VALUES (1, 'Vendas', '#1e88e5') RETURNING id",
  );
  // The contacts whose cards are sent (the company's, replicated to the agent's device).
  await pool.query(
    `INSERT INTO contacts (company_id, name, number, whatsapp_id, channel) VALUES
       (1, 'João Silva', '5511912345678', $1, 'whatsappapi'), (1, 'Pedro Alves', '5521933330000', $1, 'whatsappapi')`,
    [world.stack.whatsappId],
  );
  expect(
    await world.stack.deliverInbound({ from: "5511987650000", name: "Maria Souza", text: "Oi!", id: "wamid.d.1" }),
  ).toBe(200);
  const { rows } = await pool.query<{ id: number }>("SELECT id FROM tickets ORDER BY id DESC LIMIT 1");
  ticketId = rows[0]!.id;
  // Pedro writes too: his ticket brings his contact to the device, where the offline search finds it.
  expect(
    await world.stack.deliverInbound({ from: "5521933330000", name: "Pedro Alves", text: "Olá", id: "wamid.d.2" }),
  ).toBe(200);
  expect(await acceptAsAdmin(world.stack.core.url, ticketId, queue.rows[0]!.id)).toBe(200);
});

/** Opens the composer's actions menu from the keyboard and picks the entry `steps` arrows down. */
async function menuByKeyboard(page: Page, steps: number) {
  await page.getByTestId("composer-actions").focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menu").waitFor();
  for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

async function sendContactByKeyboard(page: Page, search: string, name: string) {
  await menuByKeyboard(page, 0);
  await page.getByTestId("send-contact-dialog").waitFor();
  await page.keyboard.type(search);
  await page.getByRole("option", { name: new RegExp(name) }).waitFor();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.getByTestId("send-contact-preview").filter({ hasText: name }).waitFor();
  await page.keyboard.press("Enter");
  await page.getByTestId("send-contact-dialog").waitFor({ state: "detached" });
}

async function sendListByKeyboard(page: Page, title: string, option: string) {
  await menuByKeyboard(page, 1);
  await page.getByTestId("interactive-dialog").waitFor();
  // A list is the first kind; the title is required ('Por favor, selecione um título.').
  await page.getByTestId("interactive-submit").click();
  await page.getByText("Por favor, selecione um título.").waitFor();
  await page.getByTestId("interactive-title").fill(title);
  await page.getByTestId("interactive-option").first().fill(option);
  await page.getByTestId("interactive-option").first().press("Enter");
  await page.getByTestId("interactive-dialog").waitFor({ state: "detached" });
}

const graphOf = (type: string) => world.stack.graph.requests.filter((r) => r.body.type === type);

describe("composer dialogs", () => {
  it("sends a contact card and a list online and offline, each reaching the Graph API once", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await page.goto(`${world.stack.core.url}/login`);
    await page.getByTestId("login-email").fill("admin@chatflow.local");
    await page.getByTestId("login-password").fill("chatflow");
    await page.getByTestId("login-submit").click();
    await toInbox(page);
    const item = page.getByTestId("ticket-item").filter({ hasText: "Maria Souza" });
    await item.waitFor();
    await item.click();
    await page.getByTestId("message-input").waitFor();

    // Online: a contact card, then a list.
    await sendContactByKeyboard(page, "joão", "João Silva");
    await page.getByTestId("message-bubble").filter({ hasText: "João Silva" }).waitFor();
    await until("the card at the Graph API", () => graphOf("contacts").length === 1);
    expect(graphOf("contacts")[0]!.body).toMatchObject({
      to: "5511987650000",
      contacts: [{ phones: [{ phone: "+5511912345678", wa_id: "5511912345678" }] }],
    });
    await sendListByKeyboard(page, "Cardápio", "Margherita");
    await page.getByTestId("message-bubble").filter({ hasText: "Cardápio" }).waitFor();
    await until("the list at the Graph API", () => graphOf("interactive").length === 1);
    expect(graphOf("interactive")[0]!.body).toMatchObject({ interactive: { type: "list" } });
    expect(JSON.stringify(graphOf("interactive")[0]!.body)).toContain("Margherita");

    // Offline: both are written on the device and wait in the outbox.
    await serviceWorkerInControl(page);
    await until(
      "the online sends to leave the outbox",
      async () => (await page.getByTestId("outbox-count").getAttribute("data-count")) === "0",
    );
    await context.setOffline(true);
    await sendContactByKeyboard(page, "pedro", "Pedro Alves");
    await sendListByKeyboard(page, "Horários", "Manhã");
    const offlineCard = page.getByTestId("message-bubble").filter({ hasText: "Pedro Alves" });
    const offlineList = page.getByTestId("message-bubble").filter({ hasText: "Horários" });
    expect(await offlineCard.getAttribute("data-ack")).toBe("0");
    expect(await offlineList.getAttribute("data-ack")).toBe("0");
    expect(await page.getByTestId("outbox-count").getAttribute("data-count")).toBe("2");
    expect(world.stack.graph.requests).toHaveLength(2);

    await context.setOffline(false);
    await until("both at the Graph API", () => world.stack.graph.requests.length === 4);
    await until("the ticks", async () => Number(await offlineList.getAttribute("data-ack")) >= 1);
    await until(
      "the outbox to empty",
      async () => (await page.getByTestId("outbox-count").getAttribute("data-count")) === "0",
    );
    await world.stack.worker.drained();
    expect(
      graphOf("contacts").map((r) => (r.body.contacts as { phones: { wa_id: string }[] }[])[0]!.phones[0]!.wa_id),
    ).toEqual(["5511912345678", "5521933330000"]);
    expect(graphOf("interactive")).toHaveLength(2);
    expect(world.stack.graph.requests).toHaveLength(4);
    const { rows } = await world.stack.core.db.pool.query(
      "SELECT media_type, count(*)::int AS n FROM messages WHERE ticket_id = $1 AND from_me GROUP BY 1 ORDER BY 1",
      [ticketId],
    );
    expect(rows).toEqual([
      { media_type: "contactMessage", n: 2 },
      { media_type: "listMessage", n: 2 },
    ]);
    await context.close();
  });

  it("sends a link button with a header image written offline, once, with the image, when the network is back", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${world.stack.core.url}/login`);
    await page.getByTestId("login-email").fill("admin@chatflow.local");
    await page.getByTestId("login-password").fill("chatflow");
    await page.getByTestId("login-submit").click();
    await toInbox(page);
    const item = page.getByTestId("ticket-item").filter({ hasText: "Maria Souza" });
    await item.waitFor();
    await item.click();
    await page.getByTestId("message-input").waitFor();
    await serviceWorkerInControl(page);
    const before = graphOf("interactive").length;

    await context.setOffline(true);
    await menuByKeyboard(page, 1);
    const dialog = page.getByTestId("interactive-dialog");
    await dialog.waitFor();
    await page.getByTestId("interactive-kind").click();
    await page.getByRole("option", { name: "Botão de link" }).click();
    await dialog.getByLabel("Mensagem").fill("Nossa oferta de hoje");
    await page.getByTestId("interactive-target").fill("https://example.com/oferta");
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await dialog.locator("input[type=file]").setInputFiles({ name: "oferta.png", mimeType: "image/png", buffer: png });
    await page.getByTestId("interactive-preview-image").waitFor();
    await page.getByTestId("interactive-submit").click();
    await dialog.waitFor({ state: "detached" });
    const bubble = page.getByTestId("message-bubble").filter({ hasText: "Nossa oferta de hoje" });
    // Offline, the image comes from the outbox.
    await bubble.getByTestId("message-interactive-image").waitFor();
    expect(await bubble.getAttribute("data-ack")).toBe("0");

    await context.setOffline(false);
    await until("the button at the Graph API", () => graphOf("interactive").length === before + 1);
    await until(
      "the outbox to empty",
      async () => (await page.getByTestId("outbox-count").getAttribute("data-count")) === "0",
    );
    await world.stack.worker.drained();
    const sent = graphOf("interactive").at(-1)!.body as { interactive: { type: string; header?: unknown } };
    expect(sent.interactive).toMatchObject({ type: "cta_url", header: { type: "image" } });
    expect(graphOf("interactive")).toHaveLength(before + 1);
    const { rows } = await world.stack.core.db.pool.query(
      "SELECT data_json->>'imageUrl' AS image FROM messages WHERE ticket_id = $1 AND body LIKE 'Nossa oferta%'",
      [ticketId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].image).toMatch(/^\/media\/1\/.+-header\.png$/);
    // Now from core's media.
    await bubble.getByTestId("message-interactive-image").waitFor();
    await context.close();
  });

  it("shows 'Solte o arquivo aqui' while a file is dragged over the conversation, and a dropped file opens the preview", async () => {
    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${world.stack.core.url}/login`);
    await page.getByTestId("login-email").fill("admin@chatflow.local");
    await page.getByTestId("login-password").fill("chatflow");
    await page.getByTestId("login-submit").click();
    await toInbox(page);
    const { rows } = await world.stack.core.db.pool.query("SELECT uuid FROM tickets WHERE id = $1", [ticketId]);
    await page.goto(`${world.stack.core.url}/tickets/${rows[0].uuid}`);
    await page.getByTestId("message-input").waitFor();

    const files = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(["%PDF-1.4"], "contrato.pdf", { type: "application/pdf" }));
      return data;
    });
    const zone = page.getByTestId("conversation-drop-zone");
    await zone.dispatchEvent("dragenter", { dataTransfer: files });
    await page.getByTestId("drop-overlay").getByText("Solte o arquivo aqui").waitFor();
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/drop-overlay-phone.png` });
    await zone.dispatchEvent("dragover", { dataTransfer: files });
    await zone.dispatchEvent("drop", { dataTransfer: files });
    await page.getByTestId("media-preview").getByText("contrato.pdf", { exact: true }).waitFor();
    expect(await page.getByTestId("drop-overlay").count()).toBe(0);
    await context.close();
  });
});
