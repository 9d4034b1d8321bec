// The signed-in frame on a phone (issue 21, decision 0087), with touch at 390x844 and 360x740: no icon rail, the
// side menu as a drawer that Escape, a tap outside and the system back close (focus in and back), a link in it
// that replaces its history entry; a top bar of four actions at most, each at least 44x44 px and inside the
// screen, one bell, and the rest in one overflow menu; axe on the drawer and the menu.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn } from "./support.ts";

const world = browserStackForFile();

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

async function openPhone(size: { width: number; height: number }) {
  const context = await world.browser.newContext({
    viewport: size,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
  await page.getByTestId("menu-toggle").waitFor();
  return { context, page };
}

/** The serious and critical axe violations of the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

/** Whether focus is inside the element with this test id. */
const focusInside = (page: Page, testId: string) =>
  page.evaluate((id) => Boolean(document.activeElement?.closest(`[data-testid="${id}"]`)), testId);

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));

describe.each(SIZES)("the phone's frame at $width x $height", (size) => {
  it("has no rail; the top bar holds four actions at most, each 44 px or more and inside the screen, and one bell", async () => {
    const { context, page } = await openPhone(size);
    // No permanent side menu beside the screen: the main area starts at the left edge.
    expect(await page.locator("#side-menu").count()).toBe(0);
    expect((await page.locator("main.app-main").boundingBox())?.x).toBe(0);

    const buttons = await page.locator("header.top-bar button").evaluateAll((els) =>
      els
        .map((el) => ({ id: el.getAttribute("data-testid"), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0)
        .map(({ id, box }) => ({ id, width: box.width, height: box.height, right: box.right })),
    );
    expect(buttons.length).toBeLessThanOrEqual(4);
    expect(buttons.map((b) => b.id)).toEqual(
      expect.arrayContaining(["menu-toggle", "notifications-button", "top-bar-more"]),
    );
    for (const b of buttons) {
      expect(b.width, `${b.id} width`).toBeGreaterThanOrEqual(44);
      expect(b.height, `${b.id} height`).toBeGreaterThanOrEqual(44);
      expect(b.right, `${b.id} right edge`).toBeLessThanOrEqual(size.width);
    }
    // One bell: the push permission is asked from inside the notifications popover, never beside it.
    expect(await page.locator("header.top-bar [data-testid='enable-notifications']").count()).toBe(0);
    await page.getByTestId("notifications-button").tap();
    await page.getByTestId("notifications-popover").waitFor();
    const permission = await page.evaluate(() => Notification.permission);
    expect(await page.getByTestId("enable-notifications").isVisible()).toBe(permission === "default");
    await context.close();
  });

  it("opens the side menu as a drawer: Escape, a tap outside and Back close it, focus goes in and comes back", async () => {
    const { context, page } = await openPhone(size);
    const toggle = page.getByTestId("menu-toggle");
    const drawer = page.getByTestId("menu-drawer");

    await toggle.tap();
    await drawer.waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await focusInside(page, "menu-drawer")).toBe(true);
    // Every item of the menu has its label in the drawer, and each link is a 44 px target.
    await expect.poll(() => page.getByTestId("menu-contacts").innerText()).toBe("Contatos");
    expect((await page.getByTestId("menu-contacts").boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(await focusedTestId(page)).toBe("menu-toggle");
    expect(new URL(page.url()).pathname).toBe("/tickets");

    // A tap on the dimmed screen beside the drawer.
    await toggle.tap();
    await drawer.waitFor();
    await page.touchscreen.tap(size.width - 12, size.height / 2);
    await drawer.waitFor({ state: "detached" });

    // The system back gesture: the drawer is a history entry of its own.
    await toggle.tap();
    await drawer.waitFor();
    await page.goBack();
    await drawer.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/tickets");
    await context.close();
  });

  it("a link in the drawer opens its screen and closes the drawer; Back returns to the screen before, not to the drawer", async () => {
    const { context, page } = await openPhone(size);
    await page.getByTestId("menu-toggle").tap();
    await page.getByTestId("menu-drawer").waitFor();
    await page.getByTestId("menu-contacts").tap();
    await page.waitForURL(/\/contacts$/);
    await page.getByTestId("menu-drawer").waitFor({ state: "detached" });

    await page.goBack();
    await page.waitForURL(/\/tickets/);
    // Give a wrongly reopened drawer the time to show before saying it did not.
    await page.getByTestId("tickets-tab-open").waitFor();
    expect(await page.getByTestId("menu-drawer").count()).toBe(0);
    await context.close();
  });

  it("keeps the rest in one overflow menu: theme, announcements, volume and the profile", async () => {
    const { context, page } = await openPhone(size);
    const more = page.getByTestId("top-bar-more");
    const menuEntry = async (testId: string) => {
      await more.tap();
      await page.getByRole("menu").waitFor();
      await page.getByTestId(testId).tap();
    };

    await more.tap();
    await page.getByRole("menu").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (const item of await page.getByRole("menuitem").all()) {
      const box = await item.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);
    }
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });

    await menuEntry("theme-toggle");
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await menuEntry("theme-toggle");
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");

    await menuEntry("announcements-button");
    await page.getByTestId("announcements-popover").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("announcements-popover").waitFor({ state: "detached" });

    await menuEntry("volume-button");
    await page.getByTestId("volume-popover").waitFor();
    await page.getByTestId("volume-slider").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("volume-popover").waitFor({ state: "detached" });

    await menuEntry("profile-open");
    await page.getByTestId("profile-modal").waitFor();
    await context.close();
  });

  it("a tab strip wider than the screen scrolls sideways and shows the tab chosen whole", async () => {
    const { context, page } = await openPhone(size);
    await page.goto(`${world.stack.core.url}/settings`);
    const strip = page.getByRole("tablist").first();
    await strip.waitFor();
    const stripBox = (await strip.boundingBox())!;
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The first tab cut at the strip's right edge.
    const cut = await page.getByRole("tab").evaluateAll(
      (tabs, right) =>
        tabs.findIndex((t) => {
          const box = t.getBoundingClientRect();
          return box.left < right && box.right > right;
        }),
      stripBox.x + stripBox.width,
    );
    expect(cut).toBeGreaterThanOrEqual(0);
    const tab = page.getByRole("tab").nth(cut);
    await tab.tap();
    await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
    await expect
      .poll(async () => {
        const box = (await tab.boundingBox())!;
        return box.x >= stripBox.x - 0.5 && box.x + box.width <= stripBox.x + stripBox.width + 0.5;
      })
      .toBe(true);
    // Nothing of the page itself scrolls sideways.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
