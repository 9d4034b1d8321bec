// Feature texts load lazily (i18n.ts, issue 7's < 200 KB first load): /login never fetches them,
// and a private screen waits for them, so no screen ever shows a raw key such as "ticketList.newTicket",
// even when the texts' chunk arrives late.
import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { FEATURE_TEXTS } from "../src/i18n/feature-texts.ts";
import { ADMIN, until } from "./support.ts";

const world = browserStackForFile();

/** "ns1|ns2|...": a text or attribute holding "<namespace>.<key>" is a raw key on screen. */
const NAMESPACES = FEATURE_TEXTS.map((f) => f.namespace).join("|");

describe("feature texts", () => {
  it("are not fetched by /login, and a private screen waits for them instead of painting raw keys", async () => {
    // No service worker: once it controls the page it serves the chunk from its precache, where neither
    // page.route nor the page's request events see it (its own precache fetch is not the app's first load).
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 }, serviceWorkers: "block" });
    const page = await context.newPage();
    const textRequests: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/feature-texts-[^/]+\.js$/.test(r.url())) textRequests.push(r.url());
    });
    // Every text node and attribute the page ever shows, checked as it is added (not only at the end).
    await page.addInitScript((namespaces: string) => {
      const raw = new RegExp(`(^|\\s)(${namespaces})\\.[A-Za-z]`);
      const seen: string[] = [];
      (window as unknown as { rawKeys: string[] }).rawKeys = seen;
      const check = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE && raw.test(node.textContent ?? "")) seen.push(node.textContent ?? "");
        if (node instanceof Element) {
          for (const a of node.attributes) if (raw.test(a.value)) seen.push(`${a.name}=${a.value}`);
          for (const child of node.childNodes) check(child);
        }
      };
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === "childList") for (const n of r.addedNodes) check(n);
          else if (r.type === "characterData" || r.type === "attributes") check(r.target);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    }, NAMESPACES);

    await page.goto(`${world.stack.core.url}/login`);
    await page.getByTestId("login-email").fill(ADMIN.email);
    await page.getByTestId("login-password").fill(ADMIN.password);
    expect(textRequests).toEqual([]);

    // Hold the texts' chunk back until the app has signed in and gone to the inbox.
    let held: Route | undefined;
    await page.route(/\/assets\/feature-texts-[^/]+\.js$/, (route) => {
      held = route;
    });
    await page.getByTestId("login-submit").click();
    // The super user lands on the companies (decision 0091).
    await page.waitForURL(/\/companies/);
    const route = await until("the feature texts requested", () => held);
    // While held, the companies screen has not rendered (its add button carries a feature text).
    expect(await page.getByTestId("companies-add").count()).toBe(0);
    await route.continue();

    await page.getByTestId("companies-add").waitFor({ timeout: 30_000 });
    expect((await page.getByTestId("companies-add").textContent())?.trim()).toBe("Adicionar empresa");
    expect(await page.evaluate(() => (window as unknown as { rawKeys: string[] }).rawKeys)).toEqual([]);
    expect(textRequests).toHaveLength(1);
    await context.close();
  });
});
