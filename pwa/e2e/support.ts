// What the e2e files share: signing in through the login screen, polling until a condition holds, seeding an open
// ticket, and looking at a screen (axe and the right edge) at the three sizes.
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { buildContact, buildTicket } from "@chatflow/core/testing/factories.ts";
import type { Pool } from "pg";
import type { BrowserContext, Page } from "playwright-core";

/** The seeded admin of company 1. */
export const ADMIN = { email: "admin@chatflow.local", password: "chatflow" };

/**
 * Signs `who` in through the login screen at `baseUrl` (the stack's core) and waits for the tickets screen. The
 * super user lands on /companies and a new company's admin on /getting-started (decision 0091): from there the
 * tickets screen is opened.
 */
export async function signIn(page: Page, baseUrl: string, who: { email: string; password: string } = ADMIN) {
  await signInToLanding(page, baseUrl, who);
  await toInbox(page);
}

/** After the login was submitted: waits for the landing, then opens the tickets screen if it is not there. */
export async function toInbox(page: Page): Promise<void> {
  await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));
  if (!new URL(page.url()).pathname.startsWith("/tickets")) await page.goto(new URL("/tickets", page.url()).href);
  await page.waitForURL(/\/tickets/);
}

/** Signs `who` in and waits for wherever the app lands them after the login; answers that path. */
export async function signInToLanding(
  page: Page,
  baseUrl: string,
  who: { email: string; password: string } = ADMIN,
): Promise<string> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId("login-email").fill(who.email);
  await page.getByTestId("login-password").fill(who.password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));
  return new URL(page.url()).pathname;
}

/**
 * Asks `fn` every 100 ms until it answers something truthy, and answers that; after `ms` it throws naming `what`.
 * For state the page or the stack reaches on its own (a row stored, a text shown), never to prove an absence.
 */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The seeded admin accepts a ticket into a queue through the API (a reply needs an attended ticket); answers the status. */
export async function acceptAsAdmin(baseUrl: string, ticketId: number, queueId: number): Promise<number> {
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const accept = await fetch(`${baseUrl}/tickets/${ticketId}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ status: "open", userId: user.id, queueId }),
  });
  return accept.status;
}

/**
 * Stand-ins for YouTube's player and thumbnail hosts (help videos, decision 0060): the browser's requests to them
 * are answered here, so no test reaches the internet, while the page still loads them under its real CSP.
 */
export async function standInHelpVideos(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route("https://www.youtube-nocookie.com/**", (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><html lang='en'><head><title>Player</title></head><body><p>player</p></body></html>",
    });
  });
  await context.route("https://i.ytimg.com/**", (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      contentType: "image/png",
      body: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
        "base64",
      ),
    });
  });
  return asked;
}

/** Waits until the service worker controls the page, so that going offline leaves its cached copy of the app. */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
    }
  });
}

/**
 * An open ticket of the seeded admin on company 1's first connection with a new contact (`queueId` optional): what
 * a test that opens one conversation starts from. Answers the contact, the ticket and the connection's id.
 */
export async function adminsOpenTicket(
  pool: Pool,
  contact: { name: string; number: string },
  options: { queueId?: number } = {},
) {
  const { rows: connections } = await pool.query<{ id: number }>(
    "SELECT id FROM whatsapps WHERE company_id = 1 ORDER BY id LIMIT 1",
  );
  const { rows: admins } = await pool.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'admin@chatflow.local'",
  );
  const whatsappId = connections[0]!.id;
  const built = await buildContact(pool, { companyId: 1, ...contact });
  const ticket = await buildTicket(pool, {
    companyId: 1,
    contactId: built.id,
    whatsappId,
    status: "open",
    userId: admins[0]!.id,
    ...(options.queueId === undefined ? {} : { queueId: options.queueId }),
  });
  return { contact: built, ticket, whatsappId };
}

/** The three sizes a changed screen is looked at: the narrowest phone, a common phone and the desk. */
export const LOOK_SIZES = [
  { name: "phone360", width: 360, height: 740 },
  { name: "phone390", width: 390, height: 844 },
  { name: "desk", width: 1366, height: 800 },
] as const;

/**
 * What is wrong with the page as it stands, named `name`: serious or critical axe violations, and what stands past
 * the right edge (the page itself, or a visible element outside `framed`, a box allowed to scroll sideways: a tab
 * strip always, a wide table's frame where the caller names one). A PNG under SCREENSHOT_DIR for a person to look at.
 */
export async function looked(page: Page, name: string, framed = "[role=tablist]"): Promise<string[]> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`) });
  // react-aria's off-screen live announcer keeps, for a few seconds, a node labelled by an element a step change
  // removed: what it announces was read already, and it is no part of the screen.
  const axe = await new AxeBuilder({ page }).exclude("[data-live-announcer]").analyze();
  const found = axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 160)).join(", ")}`);
  const past = await page.evaluate((framed) => {
    const width = window.innerWidth;
    const out: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > width) out.push(`the page is ${root.scrollWidth} px wide in ${width}`);
    for (const el of document.body.querySelectorAll("[data-testid], p, h1, h2, h3, label, button")) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && box.right > width + 0.5 && el.closest(framed) === null) {
        out.push(
          `<${el.tagName.toLowerCase()} ${el.getAttribute("data-testid") ?? ""}> ends at ${Math.round(box.right)}`,
        );
      }
    }
    return out;
  }, framed);
  return [...found, ...past.map((p) => `${name}: ${p}`)];
}
