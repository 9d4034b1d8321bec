// Every screen the app has, as a person sees it: on a desk (1366x800) and a phone (390x844), in the light
// and the dark theme, checked with axe (no serious or critical violation). SCREENSHOT_DIR, when set, keeps a
// PNG of each for a person to look at.
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";

const world = browserStackForFile();

const SIZES = [
  { name: "desk", width: 1366, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

type Screen = {
  name: string;
  path: string;
  signedIn: boolean;
  ready: (page: Page) => Promise<unknown>;
  /** Opens what is checked on top of the screen (a dialog); the screen itself is checked first. */
  open?: { name: string; action: (page: Page) => Promise<unknown> }[];
};
const dialogOpened = (testId: string, button: string) => async (page: Page) => {
  await page.getByTestId(button).first().click();
  await page.getByTestId(testId).waitFor();
};
const SCREENS: Screen[] = [
  { name: "login", path: "/login", signedIn: false, ready: (p) => p.getByTestId("login-submit").waitFor() },
  { name: "tickets", path: "/tickets", signedIn: true, ready: (p) => p.getByTestId("tickets-tab-pending").waitFor() },
  {
    name: "quick-messages",
    path: "/quick-messages",
    signedIn: true,
    ready: (p) => p.locator("main h1, main h2").first().waitFor(),
  },
  {
    name: "contacts",
    path: "/contacts",
    signedIn: true,
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
    signedIn: true,
    ready: (p) => p.getByTestId("import-pick").waitFor(),
  },
  {
    name: "users",
    path: "/users",
    signedIn: true,
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
    signedIn: true,
    ready: (p) => p.getByTestId("tag-row").first().waitFor(),
    open: [
      { name: "tag-modal", action: dialogOpened("tag-modal", "tags-add") },
      { name: "tag-contacts", action: dialogOpened("tag-contacts-modal", "tag-contacts") },
    ],
  },
];

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

async function signIn(page: Page): Promise<void> {
  await page.goto(`${world.stack.core.url}/login`);
  await page.getByTestId("login-email").fill("admin@chatflow.local");
  await page.getByTestId("login-password").fill("chatflow");
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/tickets/);
}

describe("screens", () => {
  it("have no serious or critical accessibility violation at either size, in either theme", {
    timeout: 600_000,
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
        let signedIn = false;
        for (const screen of SCREENS) {
          if (screen.signedIn && !signedIn) {
            await signIn(page);
            signedIn = true;
          }
          await page.goto(`${world.stack.core.url}${screen.path}`);
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
            await page.goto(`${world.stack.core.url}${screen.path}`);
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
