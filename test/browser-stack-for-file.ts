// The whole stack and Debian's chromium for one e2e test file: the world every browser test needs, started
// before the file's tests and stopped after them (forFile, like core's coreForFile).
import type { Browser } from "playwright-core";
import type { SocketFactory } from "../channel-worker/src/adapters/whatsapp-baileys-socket.ts";
import type { CoreConfig } from "../core/src/kernel/config.ts";
import { forFile } from "../core/src/testing/for-file.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";
import { type Stack, startStack } from "./stack.ts";

export type BrowserStack = { stack: Stack; browser: Browser };

/** Starts the stack and a browser before the file's tests and stops both after; read it inside hooks and tests. */
export function browserStackForFile(
  opts: {
    chromiumArgs?: string[];
    jobIntervalMs?: number;
    sync?: boolean;
    baileys?: boolean;
    /** WhatsApp by QR code on this socket factory (read when the file's stack starts; decision 0093). */
    baileysSocket?: () => Promise<SocketFactory> | SocketFactory;
    /** More of core's configuration, read when the file's stack starts. */
    core?: () => Partial<CoreConfig>;
  } = {},
): BrowserStack {
  return forFile(
    async () => {
      if (!chromiumAvailable()) throw new Error("Debian's chromium is missing: apt-get install -y chromium");
      const stack = await startStack({
        jobIntervalMs: opts.jobIntervalMs,
        sync: opts.sync,
        baileys: opts.baileys,
        ...(opts.baileysSocket ? { baileysSocket: await opts.baileysSocket() } : {}),
        core: opts.core?.(),
      });
      try {
        return { stack, browser: await launchChromium(opts.chromiumArgs) };
      } catch (err) {
        await stack.stop();
        throw err;
      }
    },
    {
      async stop({ stack, browser }) {
        await browser.close();
        await stack.stop();
      },
    },
  );
}
