// Every screen the app has, as a person sees it: on a desk (1366x800) and a phone (390x844), in the light
// and the dark theme, checked with axe (no serious or critical violation). SCREENSHOT_DIR, when set, keeps a
// PNG of each for a person to look at.
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";

const world = browserStackForFile();

const SIZES = [
  { name: "desk", width: 1366, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

type Account = "anonymous" | "admin" | "user";
type Screen = {
  name: string;
  path: string | (() => string);
  as: Account;
  ready: (page: Page) => Promise<unknown>;
  /** Only at these sizes (a state that exists on one layout only). */
  sizes?: readonly string[];
};
/** A conversation to look at (made before the tests from an inbound message). */
let ticketUuid = "";
const SCREENS: Screen[] = [
  { name: "login", path: "/login", as: "anonymous", ready: (p) => p.getByTestId("login-submit").waitFor() },
  { name: "tickets", path: "/tickets", as: "admin", ready: (p) => p.getByTestId("tickets-tab-pending").waitFor() },
  {
    name: "tickets-select",
    path: "/tickets",
    as: "admin",
    sizes: ["phone"],
    ready: async (p) => {
      await p.getByTestId("tickets-layout-ticket").click();
      await p.getByTestId("tickets-select").waitFor();
    },
  },
  {
    name: "conversation",
    path: () => `/tickets/${ticketUuid}`,
    as: "admin",
    ready: (p) => p.getByTestId("reply-gate").waitFor(),
  },
  {
    name: "conversation-drawer",
    path: () => `/tickets/${ticketUuid}`,
    as: "admin",
    ready: async (p) => {
      await p.getByTestId("contact-drawer-toggle").click();
      await p.getByTestId("contact-notes").or(p.getByText("Nenhuma observação")).waitFor();
    },
  },
  {
    name: "quick-messages",
    path: "/quick-messages",
    as: "admin",
    ready: (p) => p.locator("main h1, main h2").first().waitFor(),
  },
  { name: "not-found", path: "/no-such-page", as: "admin", ready: (p) => p.getByTestId("not-found").waitFor() },
  {
    name: "notifications",
    path: "/tickets",
    as: "admin",
    ready: async (p) => {
      await p.getByTestId("notifications-button").click();
      await p.getByTestId("notifications-popover").waitFor();
    },
  },
  {
    name: "profile-modal",
    path: "/tickets",
    as: "admin",
    ready: async (p) => {
      await p.getByTestId("profile-menu-button").click();
      await p.getByTestId("profile-open").click();
      await p.getByTestId("profile-modal").waitFor();
    },
  },
  { name: "access-denied", path: "/users", as: "user", ready: (p) => p.getByTestId("access-denied").waitFor() },
  { name: "tickets-user", path: "/tickets", as: "user", ready: (p) => p.getByTestId("tickets-tab-pending").waitFor() },
];

const ACCOUNTS: Record<Exclude<Account, "anonymous">, { email: string; password: string }> = {
  admin: { email: "admin@chatflow.local", password: "chatflow" },
  user: { email: "agente.telas@example.com", password: "Segredo12" },
};

beforeAll(async () => {
  // A plain user (profile user, no extra permissions) for the screens only they see.
  const login = await fetch(`${world.stack.core.url}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ACCOUNTS.admin),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${world.stack.core.url}/users`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "Agente", profile: "user", ...ACCOUNTS.user }),
  });
  expect(res.status).toBe(201);
});

async function signIn(page: Page, account: Exclude<Account, "anonymous">): Promise<void> {
  await page.goto(`${world.stack.core.url}/login`);
  await page.getByTestId("login-email").fill(ACCOUNTS[account].email);
  await page.getByTestId("login-password").fill(ACCOUNTS[account].password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/tickets/);
}

beforeAll(async () => {
  await world.stack.deliverInbound({ from: "5511955556666", name: "Maria", text: "Bom dia!", id: "wamid.screens" });
  const { rows } = await world.stack.core.db.pool.query("SELECT uuid FROM tickets ORDER BY id DESC LIMIT 1");
  ticketUuid = rows[0].uuid;
  await world.stack.core.db.pool.query(
    `UPDATE contacts SET extra_info = '[{"id": 1, "name": "CPF", "value": "123.456.789-00"}]'
     WHERE id = (SELECT contact_id FROM tickets WHERE uuid = $1)`,
    [ticketUuid],
  );
  // A note, so the drawer shows its list.
  await world.stack.core.db.pool.query(
    `INSERT INTO ticket_notes (company_id, ticket_id, contact_id, note)
     SELECT company_id, id, contact_id, 'Cliente prefere contato à tarde' FROM tickets WHERE uuid = $1`,
    [ticketUuid],
  );
});

describe("screens", () => {
  // Every screen at two sizes in two themes, with axe on each: minutes, not seconds.
  it("have no serious or critical accessibility violation at either size, in either theme", {
    timeout: 600_000,
  }, async () => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) mkdirSync(dir, { recursive: true });
    const found: string[] = [];
    for (const size of SIZES) {
      for (const theme of THEMES) {
        const context = await world.browser.newContext({
          viewport: { width: size.width, height: size.height },
          colorScheme: theme,
        });
        // The theme is remembered per device; start each context with the one under test.
        await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
        const page = await context.newPage();
        let account: Account = "anonymous";
        for (const screen of SCREENS) {
          if (screen.sizes && !screen.sizes.includes(size.name)) continue;
          if (screen.as !== account) {
            await context.clearCookies();
            await page.goto(`${world.stack.core.url}/login`);
            await page.evaluate(() => {
              localStorage.removeItem("token");
              sessionStorage.removeItem("token");
            });
            if (screen.as !== "anonymous") await signIn(page, screen.as);
            account = screen.as;
          }
          await page.goto(`${world.stack.core.url}${typeof screen.path === "string" ? screen.path : screen.path()}`);
          await screen.ready(page);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          if (dir) await page.screenshot({ path: path.join(dir, `${screen.name}-${size.name}-${theme}.png`) });
          const result = await new AxeBuilder({ page }).analyze();
          for (const v of result.violations) {
            if (v.impact === "serious" || v.impact === "critical") {
              found.push(
                `${screen.name} ${size.name} ${theme}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`,
              );
            }
          }
        }
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
