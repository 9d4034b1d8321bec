// The built app as served by core, in a real browser: it runs under the
// Content-Security-Policy (no violation on the login page or the inbox, the
// realtime WebSocket allowed by connect-src 'self'), gets its scripts as
// brotli, and its first load of /login stays small.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { toInbox } from "./support.ts";

const world = browserStackForFile();

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

describe("serving", () => {
  it("runs the login page and the inbox under the CSP, with scripts sent as brotli", async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const scriptEncodings = new Map<string, string | undefined>();
    page.on("response", (r) => {
      if (/\/assets\/.+\.js$/.test(r.url())) scriptEncodings.set(r.url(), r.headers()["content-encoding"]);
    });

    await page.goto(`${world.stack.core.url}/login`);
    await page.getByTestId("login-email").waitFor();
    const bytes = await page.evaluate(() => {
      const entries = [
        ...performance.getEntriesByType("navigation"),
        ...performance.getEntriesByType("resource"),
      ] as PerformanceResourceTiming[];
      return entries.reduce((sum, e) => sum + e.transferSize, 0);
    });
    console.log(`first load of /login: ${(bytes / 1024).toFixed(1)} KB transferred`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(200 * 1024);

    // The server pokes each socket once it is up; listen from the socket's creation so that frame is not missed.
    const firstPoke = new Promise<string>((resolve) => {
      page.on("websocket", (ws) => {
        if (new URL(ws.url()).pathname === "/ws") ws.on("framereceived", (f) => resolve(String(f.payload)));
      });
    });
    await page.getByTestId("login-email").fill("admin@chatflow.local");
    await page.getByTestId("login-password").fill("chatflow");
    await page.getByTestId("login-submit").click();
    await toInbox(page);
    await page.getByTestId("tickets-tab-pending").waitFor();
    // CSP would have refused the socket before it was made: a frame through it proves connect-src 'self' covers ws:.
    expect(await firstPoke).toContain("poke");

    expect(violations).toEqual([]);
    // Scripts too small to be worth it are built without a .br and go out plain.
    // The build the stack serves (PWA_DIR, as test/stack.ts reads it).
    const dist = process.env.PWA_DIR ?? path.resolve(import.meta.dirname, "../dist");
    const precompressed = [...scriptEncodings].filter(([url]) =>
      existsSync(path.join(dist, `${new URL(url).pathname}.br`)),
    );
    expect(precompressed.length).toBeGreaterThan(2);
    for (const [url, encoding] of precompressed) expect(encoding, url).toBe("br");
    await context.close();
  });
});
