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

type Screen = {
  name: string;
  path: string | (() => string);
  signedIn: boolean;
  ready: (page: Page) => Promise<unknown>;
};
/** A conversation to look at (made in beforeAll from an inbound message). */
let ticketUuid = "";
const SCREENS: Screen[] = [
  { name: "login", path: "/login", signedIn: false, ready: (p) => p.getByTestId("login-submit").waitFor() },
  { name: "tickets", path: "/tickets", signedIn: true, ready: (p) => p.getByTestId("tickets-tab-pending").waitFor() },
  {
    name: "conversation",
    path: () => `/tickets/${ticketUuid}`,
    signedIn: true,
    ready: (p) => p.getByTestId("reply-gate").waitFor(),
  },
  {
    name: "conversation-drawer",
    path: () => `/tickets/${ticketUuid}`,
    signedIn: true,
    ready: async (p) => {
      await p.getByTestId("contact-drawer-toggle").click();
      await p.getByTestId("contact-notes").or(p.getByText("Nenhuma observação")).waitFor();
    },
  },
  {
    name: "quick-messages",
    path: "/quick-messages",
    signedIn: true,
    ready: (p) => p.locator("main h1, main h2").first().waitFor(),
  },
];

async function signIn(page: Page): Promise<void> {
  await page.goto(`${world.stack.core.url}/login`);
  await page.getByTestId("login-email").fill("admin@chatflow.local");
  await page.getByTestId("login-password").fill("chatflow");
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
  it("have no serious or critical accessibility violation at either size, in either theme", async () => {
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
        let signedIn = false;
        for (const screen of SCREENS) {
          if (screen.signedIn && !signedIn) {
            await signIn(page);
            signedIn = true;
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
