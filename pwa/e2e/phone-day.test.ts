// Issue 21's "done when", in chromium against the whole stack (decision 0088):
// 1. on a phone (390x844, touch: every press is a tap) a new customer message brings the new-conversation toast,
//    is accepted from it, answered with an image
//    from the composer's '+' menu while the viewport is shrunk as an on-screen keyboard shrinks it (the composer and
//    the last message stay inside the visual viewport), transferred and resolved; one pane at a time, and the
//    system back walks drawer -> conversation -> list through real history entries;
// 2. the same on a desk (1440x900), with the contact drawer open: it never squeezes the conversation, and the
//    composer's text box keeps a usable width.
import AxeBuilder from "@axe-core/playwright";
import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { buildQueue, buildUser } from "@chatflow/core/testing/factories.ts";
import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn, until } from "./support.ts";

const world = browserStackForFile();

// A 1x1 PNG (the smallest valid PNG, as in working-day.test.ts).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await world.stack.core.db.pool.query(text, params)).rows as T[];

type TicketRow = { id: number; uuid: string; status: string; user_id: number | null };
async function ticketOf(number: string): Promise<TicketRow | undefined> {
  const rows = await sql<TicketRow>(
    `SELECT t.id, t.uuid, t.status, t.user_id FROM tickets t JOIN contacts c ON c.id = t.contact_id
     WHERE c.number = $1 AND c.company_id = 1 ORDER BY t.id DESC LIMIT 1`,
    [number],
  );
  return rows[0];
}

/** Graph API requests of one kind to one number (the fake records every send). */
const sentTo = (to: string, type: string) =>
  world.stack.graph.requests.filter((r) => {
    const body = r.body as { to?: string; type?: string };
    return body.to === to && body.type === type;
  });

/** Sets the connection's status at the server as the channel worker would, recorded so the replica hears of it. */
const setConnectionStatus = (status: string) =>
  transaction(world.stack.core.db.pool, async (client) => {
    await client.query("UPDATE whatsapps SET status = $2 WHERE id = $1 AND company_id = 1", [
      world.stack.whatsappId,
      status,
    ]);
    await recordChanges(client, [{ companyId: 1, entity: "whatsapps", id: world.stack.whatsappId }]);
  });

/** Whether the element's box lies wholly inside the visual viewport (what the person sees). */
async function inVisualViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  const view = await page.evaluate(() => {
    const v = window.visualViewport;
    return v
      ? { top: v.offsetTop, height: v.height, width: v.width }
      : { top: 0, height: innerHeight, width: innerWidth };
  });
  return (
    box.y >= view.top - 0.5 &&
    box.y + box.height <= view.top + view.height + 0.5 &&
    box.x >= -0.5 &&
    box.x + box.width <= view.width + 0.5
  );
}

/** Keeps a PNG for a person to look at when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/phone-day-${name}.png` });
}

/** Serious or critical axe violations on the page as it stands, in the light theme and (colours) the dark one. */
async function axeViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
      document.documentElement.style.colorScheme = t;
    }, theme);
    const axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
    if (theme === "dark") axe.withRules(["color-contrast", "link-in-text-block"]);
    for (const v of (await axe.analyze()).violations) {
      if (v.impact === "serious" || v.impact === "critical") found.push(`${theme}: ${v.id} ${v.nodes[0]?.html}`);
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = "light";
    document.documentElement.style.colorScheme = "light";
  });
  return found;
}

/** Two frames, so layout, resize observers and the scroll they cause have run. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

async function setUp(prefix: string) {
  const pool = world.stack.core.db.pool;
  const sales = { ...(await buildQueue(pool, { companyId: 1, name: `Vendas ${prefix}` })), name: `Vendas ${prefix}` };
  const colleague = {
    ...(await buildUser(pool, { companyId: 1, profile: "user", name: `Bruno ${prefix}` })),
    name: `Bruno ${prefix}`,
  };
  await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, 1)", [
    colleague.id,
    sales.id,
  ]);
  const [admin] = await sql<{ id: number }>("SELECT id FROM users WHERE email = 'admin@chatflow.local'");
  return { sales, colleague, adminId: admin!.id };
}

async function newContext(browser: Browser, phone: boolean) {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1440, height: 900 } },
  );
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
  return { context, page };
}

describe("an agent's day on a phone and on a desk (issue 21)", () => {
  it("on a phone with touch: one pane at a time, accepted, answered with an image with the keyboard open, transferred, resolved; Back walks the panes", async () => {
    const { sales, colleague, adminId } = await setUp("Fone");
    const { context, page } = await newContext(world.browser, true);
    const number = "5511955560001";

    // The list alone fills the screen.
    const listPane = page.locator(".tickets-phone > .tickets-list-panel");
    await listPane.waitFor();
    expect(await page.locator(".tickets-conversation").count()).toBe(0);

    // A customer writes: the new-conversation toast offers Aceitar, which opens the conversation and accepts it.
    expect(
      await world.stack.deliverInbound({
        from: number,
        name: "Rosa",
        text: "Oi, meu pedido atrasou",
        id: "wamid.pd.1",
      }),
    ).toBe(200);
    const toast = page.getByTestId("new-ticket-toast").filter({ hasText: "Rosa" });
    await toast.waitFor();
    await toast.getByRole("button", { name: "Aceitar" }).tap();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByTestId("message-bubble").filter({ hasText: "Oi, meu pedido atrasou" }).waitFor();
    // One pane: the list is hidden, the conversation fills the width.
    expect(await listPane.isHidden()).toBe(true);
    expect((await page.locator(".conversation").boundingBox())?.width).toBe(390);

    await page.getByTestId("queue-choice-dialog").waitFor();
    await page.getByTestId("queue-choice-select").tap();
    await page.getByRole("option", { name: sales.name, exact: true }).tap();
    await page.getByTestId("queue-choice-submit").tap();
    const box = page.getByTestId("message-input");
    await box.waitFor();
    const t = await until("the accept at the server", async () => {
      const row = await ticketOf(number);
      return row?.status === "open" && row.user_id === adminId ? row : undefined;
    });

    // The header is one row of at most 64 px; the text box has the row (at least 240 px).
    const header = await page.getByTestId("ticket-header").boundingBox();
    expect(header!.height).toBeLessThanOrEqual(64);
    const boxWidth = (await box.boundingBox())!.width;
    console.info(`phone-day: the composer's text box at 390 px is ${boxWidth} px wide`);
    expect(boxWidth).toBeGreaterThanOrEqual(240);
    expect(await page.getByTestId("composer").getAttribute("data-folded")).toBe("true");
    // The box grows with its text up to about five lines, then scrolls.
    const oneLine = (await box.boundingBox())!.height;
    await box.fill("linha 1\nlinha 2\nlinha 3");
    expect((await box.boundingBox())!.height).toBeGreaterThan(oneLine * 2);
    await box.fill(Array.from({ length: 12 }, (_, i) => `linha ${i + 1}`).join("\n"));
    const capped = (await box.boundingBox())!.height;
    expect(capped).toBeLessThan(oneLine * 6);
    expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await box.fill("");

    // A notice folds to one line; its chevron shows the rest.
    await setConnectionStatus("DISCONNECTED");
    const notice = page.getByTestId("connection-down");
    await notice.waitFor();
    expect(await notice.getAttribute("data-folded")).toBe("true");
    const folded = (await notice.boundingBox())!.height;
    expect(folded).toBeLessThanOrEqual(48);
    expect(await notice.textContent()).toBe(
      "A conexão WhatsApp Cloud está desconectada: as mensagens aguardam na fila até ela voltar.",
    );
    await notice.getByTestId("notice-toggle").tap();
    expect(await notice.getAttribute("data-folded")).toBeNull();
    expect(await notice.getByTestId("notice-toggle").getAttribute("aria-expanded")).toBe("true");
    expect((await notice.boundingBox())!.height).toBeGreaterThan(folded);
    await shot(page, "notice-open");
    await setConnectionStatus("CONNECTED");
    await notice.waitFor({ state: "detached" });

    // The on-screen keyboard opens: the page shrinks as Chrome for Android does with resizes-content.
    await box.tap();
    await page.setViewportSize({ width: 390, height: 470 });
    await settled(page);
    expect(await inVisualViewport(page, page.getByTestId("composer"))).toBe(true);
    expect(await inVisualViewport(page, page.getByTestId("message-bubble").last())).toBe(true);

    // With the keyboard still open: an image from the '+' menu, captioned. The menu holds the folded tools.
    await page.getByTestId("composer-actions").tap();
    for (const entry of ["message-attach", "camera-button", "emoji-button", "action-quick-message"]) {
      await page.getByTestId(entry).waitFor();
    }
    await shot(page, "plus-menu");
    expect(await axeViolations(page)).toEqual([]);
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("message-attach").tap();
    await (await chooser).setFiles({ name: "comprovante.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("media-preview").waitFor();
    await page.getByTestId("media-caption").fill("Segue o comprovante");
    await page.getByTestId("media-preview-send").tap();
    const sent = page.getByTestId("message-bubble").filter({ hasText: "Segue o comprovante" });
    await sent.waitFor();
    await until("the image at the Graph API", () => sentTo(number, "image").length === 1);
    await settled(page);
    await shot(page, "keyboard");
    expect(await inVisualViewport(page, page.getByTestId("composer"))).toBe(true);
    expect(await inVisualViewport(page, page.getByTestId("message-bubble").last())).toBe(true);
    expect(await page.getByTestId("message-bubble").last().textContent()).toContain("Segue o comprovante");
    await page.setViewportSize({ width: 390, height: 844 });

    // The contact drawer is a full-screen sheet and a history entry: Back closes it, then goes to the list.
    await page.getByTestId("contact-drawer-toggle").tap();
    const drawer = page.getByTestId("contact-drawer");
    await drawer.waitFor();
    await shot(page, "drawer");
    expect(await axeViolations(page)).toEqual([]);
    expect(await drawer.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await page.goBack();
    await drawer.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(`/tickets/${t.uuid}`);
    await page.getByTestId("composer").waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/tickets");
    expect(await listPane.isVisible()).toBe(true);
    expect(await page.locator(".tickets-conversation").count()).toBe(0);
    // Forward comes back to the conversation; the in-app back pops the same entry (Forward still leads there).
    await page.goForward();
    await page.getByTestId("composer").waitFor();
    await page.getByTestId("contact-drawer-toggle").tap();
    await drawer.waitFor();
    await page.getByTestId("drawer-close").tap();
    await drawer.waitFor({ state: "detached" });
    await page.getByTestId("ticket-back").tap();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await page.goForward();
    await page.waitForURL((url) => url.pathname === `/tickets/${t.uuid}`);
    await page.getByTestId("composer").waitFor();

    // Transferred to a colleague: back to the list.
    await shot(page, "before-transfer");
    await page.getByTestId("ticket-more").tap();
    await page.getByTestId("ticket-menu-transfer").tap();
    await page.getByTestId("transfer-dialog").waitFor();
    await page.getByTestId("transfer-user").fill("Bruno Fo");
    await page.getByRole("option", { name: colleague.name, exact: true }).tap();
    await page.getByTestId("transfer-submit").tap();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the transfer at the server", async () => (await ticketOf(number))?.user_id === colleague.id);

    // Resolved (the admin steps in) from the header's one button.
    await page.getByTestId("tickets-tab-open").tap();
    await page.getByTestId("ticket-item").filter({ hasText: "Rosa" }).tap();
    await page.getByTestId("ticket-resolve").tap();
    await page.getByTestId("ticket-resolve-silent").tap();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the ticket closed", async () => (await ticketOf(number))?.status === "closed");
    expect(sentTo(number, "image")).toHaveLength(1);
    await context.close();
  });

  it("on a 1440x900 desk with the contact drawer open: the conversation is not squeezed; answered, transferred, resolved", async () => {
    const { sales, colleague, adminId } = await setUp("Mesa");
    const { context, page } = await newContext(world.browser, false);
    const number = "5511955560002";
    expect(
      await world.stack.deliverInbound({
        from: number,
        name: "Sônia",
        text: "Bom dia, preciso de ajuda",
        id: "wamid.pd.2",
      }),
    ).toBe(200);
    const toast = page.getByTestId("new-ticket-toast").filter({ hasText: "Sônia" });
    await toast.waitFor();
    await toast.getByRole("button", { name: "Aceitar" }).click();
    await page.getByTestId("message-bubble").filter({ hasText: "Bom dia, preciso de ajuda" }).waitFor();
    await page.getByTestId("queue-choice-dialog").waitFor();
    await page.getByTestId("queue-choice-select").click();
    await page.getByRole("option", { name: sales.name, exact: true }).click();
    await page.getByTestId("queue-choice-submit").click();
    const box = page.getByTestId("message-input");
    await box.waitFor();
    await until("the accept at the server", async () => (await ticketOf(number))?.user_id === adminId);

    const main = page.locator(".conversation-main");
    const before = (await main.boundingBox())!.width;
    const boxBefore = (await box.boundingBox())!.width;
    await page.getByTestId("contact-drawer-toggle").click();
    const drawer = page.getByTestId("contact-drawer");
    await drawer.waitFor();
    await settled(page);
    await shot(page, "desk-drawer");
    const conversation = await page.locator(".conversation").boundingBox();
    const placement = await page.locator(".conversation").getAttribute("data-drawer");
    // Beside only where the conversation keeps 560 px next to the 320 px drawer; over its messages otherwise.
    expect(placement).toBe(conversation!.width >= 880 ? "beside" : "over");
    if (placement === "over") expect((await main.boundingBox())!.width).toBe(before);
    const boxWidth = (await box.boundingBox())!.width;
    console.info(
      `phone-day: at 1440x900 the drawer is ${placement}, the text box ${boxWidth} px (${boxBefore} closed)`,
    );
    expect(boxWidth).toBeGreaterThanOrEqual(300);
    expect(boxWidth).toBeGreaterThanOrEqual(placement === "over" ? boxBefore : 300);
    // Over the messages only: the header's actions and the composer are not under it.
    if (placement === "over") {
      const drawerBox = (await drawer.boundingBox())!;
      const composerBox = (await page.getByTestId("composer").boundingBox())!;
      const headerBox = (await page.getByTestId("ticket-header").boundingBox())!;
      expect(drawerBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 0.5);
      expect(drawerBox.y + drawerBox.height).toBeLessThanOrEqual(composerBox.y + 0.5);
    }

    // With the drawer open: an image, then a transfer; the drawer stays open meanwhile.
    const attach = page.getByTestId("message-attach");
    const chooser = page.waitForEvent("filechooser");
    if ((await page.getByTestId("composer").getAttribute("data-folded")) === "true") {
      await page.getByTestId("composer-actions").click();
    }
    await attach.click();
    await (await chooser).setFiles({ name: "manual.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("media-preview").waitFor();
    await page.getByTestId("media-caption").fill("Veja o manual");
    await page.getByTestId("media-preview-send").click();
    await page.getByTestId("message-bubble").filter({ hasText: "Veja o manual" }).waitFor();
    await until("the image at the Graph API", () => sentTo(number, "image").length === 1);
    expect(await drawer.isVisible()).toBe(true);

    await page.getByTestId("ticket-transfer").or(page.getByTestId("ticket-more")).first().click();
    if (await page.getByTestId("ticket-menu-transfer").isVisible())
      await page.getByTestId("ticket-menu-transfer").click();
    await page.getByTestId("transfer-dialog").waitFor();
    await page.getByTestId("transfer-user").fill("Bruno Me");
    await page.getByRole("option", { name: colleague.name, exact: true }).click();
    await page.getByTestId("transfer-submit").click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the transfer at the server", async () => (await ticketOf(number))?.user_id === colleague.id);

    // Resolved with the drawer open again.
    await page.getByTestId("tickets-tab-open").click();
    await page.getByTestId("ticket-item").filter({ hasText: "Sônia" }).click();
    await page.getByTestId("contact-drawer-toggle").click();
    await drawer.waitFor();
    expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(300);
    await page.getByTestId("ticket-resolve").click();
    await page.getByTestId("ticket-resolve-silent").click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the ticket closed", async () => (await ticketOf(number))?.status === "closed");
    await context.close();
  });
});
