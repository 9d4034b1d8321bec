// Debian's chromium driven by playwright-core, with the flags this machine
// needs (no background networking: its closed network refuses those calls).
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** The flags every launch here passes. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** extraArgs: e.g. chromium's fake camera and microphone for recording tests. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
