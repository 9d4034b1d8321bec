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
/** SCREENS_ONLY=tickets,contacts checks only those screens (with their dialogs), to look at one area quickly. */
const ONLY = process.env.SCREENS_ONLY?.split(",").map((s) => s.trim());

type Account = "anonymous" | "admin" | "user";
type Screen = {
  name: string;
  path: string | (() => string);
  as: Account;
  ready: (page: Page) => Promise<unknown>;
  /** Only at these sizes (a state that exists on one layout only). */
  sizes?: readonly string[];
  /** Opens what is checked on top of the screen (a dialog); the screen itself is checked first. */
  open?: { name: string; action: (page: Page) => Promise<unknown> }[];
};
const dialogOpened = (testId: string, button: string) => async (page: Page) => {
  await page.getByTestId(button).first().click();
  await page.getByTestId(testId).waitFor();
};
/** A conversation to look at (made before the tests from an inbound message). */
let ticketUuid = "";
const SCREENS: Screen[] = [
  { name: "login", path: "/login", as: "anonymous", ready: (p) => p.getByTestId("login-submit").waitFor() },
  {
    name: "tickets",
    path: "/tickets",
    as: "admin",
    ready: async (p) => {
      // The waiting tab holds Maria's ticket: the list item with its labels, time and badge.
      await p.getByTestId("tickets-tab-pending").click();
      await p.getByTestId("ticket-item").first().waitFor();
    },
    open: [
      {
        name: "ticket-filters",
        action: async (p) => {
          await p.getByTestId("ticket-filters").click();
          await p.getByTestId("ticket-filters-panel").waitFor();
        },
      },
      { name: "ticket-new", action: dialogOpened("start-ticket-dialog", "ticket-new") },
      { name: "ticket-close-all", action: dialogOpened("ticket-close-all-dialog", "ticket-close-all") },
      {
        name: "ticket-search",
        action: async (p) => {
          await p.getByTestId("ticket-search").fill("Maria");
          await p
            .getByTestId("ticket-tab-label")
            .filter({ hasText: /Busca \(\d+\+?\)/ })
            .waitFor();
          await p.getByTestId("ticket-item").first().waitFor();
        },
      },
    ],
  },
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
  {
    name: "contacts",
    path: "/contacts",
    as: "admin",
    ready: (p) => p.getByTestId("contact-row").first().waitFor(),
    open: [
      { name: "contact-dialog", action: dialogOpened("contact-dialog", "contacts-add") },
      {
        name: "start-ticket",
        action: async (p) => {
          // A phone shows each row's actions in one menu.
          const menu = p.getByTestId("contact-actions").first();
          if (await menu.isVisible()) {
            await menu.click();
            await p.getByRole("menuitem").first().click();
          } else await p.getByTestId("contact-start-ticket").first().click();
          await p.getByTestId("start-ticket-dialog").waitFor();
        },
      },
    ],
  },
  {
    name: "contacts-import",
    path: "/contacts/import",
    as: "admin",
    ready: (p) => p.getByTestId("import-pick").waitFor(),
  },
  {
    name: "users",
    path: "/users",
    as: "admin",
    ready: (p) => p.getByTestId("user-row").first().waitFor(),
    open: [
      { name: "user-modal", action: dialogOpened("user-modal", "users-add") },
      {
        name: "user-modal-permissions",
        action: async (p) => {
          await dialogOpened("user-modal", "users-add")(p);
          await p.getByTestId("user-tab-permissions").click();
          await p.getByTestId("user-permission-allTicket").waitFor();
        },
      },
    ],
  },
  {
    name: "tags",
    path: "/tags",
    as: "admin",
    ready: (p) => p.getByTestId("tag-row").first().waitFor(),
    open: [
      { name: "tag-modal", action: dialogOpened("tag-modal", "tags-add") },
      { name: "tag-contacts", action: dialogOpened("tag-contacts-modal", "tag-contacts") },
    ],
  },
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

/** A few records so the lists have rows to show (company 1, the signed-in admin's). */
async function seed(): Promise<void> {
  const pool = world.stack.core.db.pool;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO contacts (company_id, name, number, email, whatsapp_id, channel)
     SELECT 1, n, num, e, $1, 'whatsappapi' FROM (VALUES
       ('Maria Souza', '5511987650001', 'maria@example.com'),
       ('João Pereira', '5511987650002', ''),
       ('Ana Lima', '5511987650003', 'ana@example.com')) AS v(n, num, e)
     RETURNING id`,
    [world.stack.whatsappId],
  );
  const tag = await pool.query<{ id: number }>(
    "INSERT INTO tags (company_id, name, color, kanban) VALUES (1, 'Cliente VIP', '#2196F3', 0) RETURNING id",
  );
  await pool.query("INSERT INTO contact_tags (contact_id, tag_id, company_id) VALUES ($1, $2, 1)", [
    rows[0]!.id,
    tag.rows[0]!.id,
  ]);
  await pool.query("UPDATE contacts SET active = false WHERE company_id = 1 AND id = $1", [rows[1]!.id]);
  await pool.query("INSERT INTO queues (company_id, name, color) VALUES (1, 'Suporte', '#4CAF50')");
}

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
    timeout: 900_000,
  }, async () => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) mkdirSync(dir, { recursive: true });
    const found: string[] = [];
    await seed();
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
          if (ONLY && !ONLY.includes(screen.name)) continue;
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
          const screenPath = typeof screen.path === "string" ? screen.path : screen.path();
          await page.goto(`${world.stack.core.url}${screenPath}`);
          await screen.ready(page);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          const check = async (name: string) => {
            if (dir) await page.screenshot({ path: path.join(dir, `${name}-${size.name}-${theme}.png`) });
            const result = await new AxeBuilder({ page }).analyze();
            for (const v of result.violations) {
              if (v.impact === "serious" || v.impact === "critical") {
                found.push(
                  `${name} ${size.name} ${theme}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`,
                );
              }
            }
          };
          await check(screen.name);
          for (const extra of screen.open ?? []) {
            await page.goto(`${world.stack.core.url}${screenPath}`);
            await screen.ready(page);
            await extra.action(page);
            await check(extra.name);
          }
        }
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
