// What an agent is told (issue 21), in chromium against the whole stack: the inbox opens on the tab that needs them;
// a new conversation shows a toast with Aceitar on another screen; accepting from it (a click on a desk, a tap on a
// phone) accepts as the conversation's Aceitar does, and the list follows the ticket to Atendendo, selected.
import AxeBuilder from "@axe-core/playwright";
import { buildQueue } from "@chatflow/core/testing/factories.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { adminsOpenTicket, signIn, until } from "./support.ts";

const world = browserStackForFile();
const shots = process.env.SCREENSHOT_DIR;

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

/** No serious or critical axe violation inside the toast. */
async function toastAxe(page: Page) {
  const result = await new AxeBuilder({ page }).include('[data-testid="new-ticket-toast"]').analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

/** Chooses the queue in the accept dialog (the ticket came without one, as the conversation's Aceitar asks). */
async function chooseQueue(page: Page, name: string, touch: boolean) {
  await page.getByTestId("queue-choice-dialog").waitFor();
  const press = (l: ReturnType<Page["getByTestId"]>) => (touch ? l.tap() : l.click());
  await press(page.getByTestId("queue-choice-select"));
  const option = page.getByRole("option", { name });
  await (touch ? option.tap() : option.click());
  await press(page.getByTestId("queue-choice-submit"));
}

describe("what an agent is told", () => {
  it("opens on Aguardando, toasts a new conversation on /contacts, and Aceitar follows the ticket to Atendendo", async () => {
    await buildQueue(world.stack.core.db.pool, { companyId: 1, name: "Vendas", color: "#1e88e5" });
    // One conversation already waits, and nobody is being attended.
    expect(
      await world.stack.deliverInbound({
        from: "5511955560001",
        name: "Ana Antiga",
        text: "Bom dia",
        id: "wamid.at.1",
      }),
    ).toBe(200);

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await until("the list on Aguardando", async () =>
      (await page.getByTestId("tickets-tab-pending").getAttribute("aria-selected")) === "true" ? true : undefined,
    );

    // On another screen, a new customer writes: the toast names them, with Aceitar.
    await page.goto(`${world.stack.core.url}/contacts`);
    await page.waitForURL(/\/contacts/);
    expect(
      await world.stack.deliverInbound({
        from: "5511955560002",
        name: "Bruna Nova",
        text: "*Oi*, quero _um_ orçamento",
        id: "wamid.at.2",
      }),
    ).toBe(200);
    const toast = page.getByTestId("new-ticket-toast");
    await toast.filter({ hasText: "Bruna Nova" }).waitFor();
    // Only news: Ana, who waited before the app opened, is not offered. The pointer on it keeps it there.
    expect(await toast.textContent()).not.toContain("aguardando");
    await toast.hover();
    // The preview shows the customer's words without WhatsApp's markers.
    expect(await toast.textContent()).toContain("Oi, quero um orçamento");
    expect(await toastAxe(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/new-ticket-toast-1366x800.png` });

    await toast.getByRole("button", { name: "Aceitar" }).click();
    await chooseQueue(page, "Vendas", false);
    const ticket = await until("the ticket accepted by the admin", async () => {
      const t = await ticketOf("5511955560002");
      return t?.status === "open" && t.user_id !== null ? t : undefined;
    });
    await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
    // The list followed the ticket to Atendendo, where it is the selected one.
    await until("the list on Atendendo", async () =>
      (await page.getByTestId("tickets-tab-open").getAttribute("aria-selected")) === "true" ? true : undefined,
    );
    await page.locator(`[data-testid="ticket-item"][data-ticket-id="${ticket.id}"][aria-current="page"]`).waitFor();
    // Accepted, Bruna's conversation no longer waits: the toast goes.
    await toast.waitFor({ state: "detached" });
    if (shots) await page.screenshot({ path: `${shots}/ticket-list-1366x800.png` });
    await context.close();
  });

  it("on a phone, a tap on the toast's Aceitar accepts from another screen", async () => {
    const context = await world.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/contacts`);
    expect(
      await world.stack.deliverInbound({ from: "5511955560003", name: "Carla Celular", text: "Olá", id: "wamid.at.3" }),
    ).toBe(200);
    const toast = page.getByTestId("new-ticket-toast");
    await toast.filter({ hasText: "Carla Celular" }).waitFor();
    // Focus on it keeps it there (it goes by itself after a while otherwise).
    await toast.getByRole("button", { name: "Aceitar" }).focus();
    expect(await toastAxe(page)).toEqual([]);
    // Every control of the toast is a phone-sized touch target, and the toast stays inside the screen.
    for (const box of await toast
      .getByRole("button")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    if (shots) await page.screenshot({ path: `${shots}/new-ticket-toast-390x844.png` });

    // The side menu's drawer is a modal: opened, it leaves the toast inert (out of what a screen reader reads and
    // of what a tap reaches) and covers it, so no inert toast stands over the drawer's links, which a tap on it
    // would reach. What stands on top is asked with the toast made hit-testable for the moment of the question.
    await page.getByTestId("menu-toggle").tap();
    await page.getByTestId("menu-drawer").waitFor();
    // Asked once the drawer has slid in: on a loaded machine its animation may still run when it is attached.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const covered = await toast.evaluate((el) => {
      const inert = el.closest<HTMLElement>("[inert]");
      if (!inert) return "the toast is not inert";
      const box = el.getBoundingClientRect();
      const points = [0.1, 0.5, 0.9].map((x) => [box.left + box.width * x, box.top + box.height / 2] as const);
      inert.inert = false;
      const onTop = points.filter(([x, y]) => el.contains(document.elementFromPoint(x, y)));
      inert.inert = true;
      return onTop.length === 0 ? "covered" : `on top at ${onTop.length} of 3 points`;
    });
    expect(covered).toBe("covered");
    if (shots) await page.screenshot({ path: `${shots}/new-ticket-toast-under-drawer-390x844.png` });
    await page.getByTestId("menu-drawer-close").tap();
    await page.getByTestId("menu-drawer").waitFor({ state: "detached" });

    await toast.getByRole("button", { name: "Aceitar" }).tap();
    await chooseQueue(page, "Vendas", true);
    const ticket = await until("the ticket accepted", async () => {
      const t = await ticketOf("5511955560003");
      return t?.status === "open" ? t : undefined;
    });
    await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
    await context.close();
  });

  it("search lists message text as messages, and one opens its conversation scrolled to the match, highlighted", async () => {
    const pool = world.stack.core.db.pool;
    const { contact, ticket } = await adminsOpenTicket(pool, { name: "Davi Busca", number: "5511955560009" });
    // The match is the oldest of 90 messages: older than the window the conversation opens on and than the page
    // the replica holds, so opening it fetches older pages first.
    await pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, body, from_me, created_at, updated_at)
       SELECT gen_random_uuid(), 1, $1, $2,
         CASE WHEN n = 0 THEN 'Meu boleto venceu ontem, podem reenviar?' ELSE 'mensagem de rotina ' || n END,
         n % 2 = 1, now() - make_interval(mins => 200 - n), now() - make_interval(mins => 200 - n)
       FROM generate_series(0, 89) AS n`,
      [ticket.id, contact.id],
    );

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.getByTestId("ticket-search").fill("boleto");
    const section = page.getByTestId("search-messages");
    // Results are grouped by conversation (issue 25): the contact heads the group, its matches below.
    const hit = section
      .getByTestId("search-message-group")
      .filter({ hasText: "Davi Busca" })
      .getByTestId("search-message-item");
    await hit.waitFor();
    expect(await hit.locator("mark").first().textContent()).toBe("boleto");
    // The contacts-and-numbers section stands beside it.
    await page.getByRole("heading", { name: "Contatos e números" }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/search-1366x800.png` });

    await hit.getByRole("link").click();
    await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}`));
    const bubble = page.getByTestId("message-bubble").filter({ hasText: "Meu boleto venceu ontem" });
    await bubble.waitFor();
    await until("the match focused, in view", async () =>
      bubble.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return document.activeElement === el && box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    );
    // The address no longer names the message: going back and forth does not jump again.
    await until("the message parameter dropped", () => !page.url().includes("message="));
    await context.close();
  });
});
