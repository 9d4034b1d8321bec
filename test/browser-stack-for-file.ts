// The whole stack and Debian's chromium for one e2e test file: the beforeAll/afterAll pair
// every browser test needs, written once (like core's useTestCore).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { chromiumAvailable, launchChromium } from "./browser.ts";
import { type Stack, startStack } from "./stack.ts";

export type BrowserStack = { stack: Stack; browser: Browser };

/** Starts the stack and a browser before the file's tests and stops both after; read it inside hooks and tests. */
export function browserStackForFile(opts: { chromiumArgs?: string[] } = {}): BrowserStack {
  const world = {} as BrowserStack;
  beforeAll(async () => {
    if (!chromiumAvailable()) throw new Error("Debian's chromium is missing: apt-get install -y chromium");
    world.stack = await startStack();
    world.browser = await launchChromium(opts.chromiumArgs);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.stack?.stop();
  });
  return world;
}
