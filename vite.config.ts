// The PWA build (root pwa/) and the vitest projects of every part.
import path from "node:path";
import react from "@vitejs/plugin-react";
import type { ChunkingContext } from "rolldown";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { precompress } from "./pwa/scripts/precompress-plugin.ts";
import LongestFirstSequencer from "./test/sequencer.ts";

const LOGIN_PAGE = path.resolve(import.meta.dirname, "pwa/src/auth/login-page.tsx");
const AUTH_DIR = path.resolve(import.meta.dirname, "pwa/src/auth") + path.sep;
let loginReach: Set<string> | undefined;

/** "login-kit" for a module the login page imports statically, at any depth (its own auth/ modules aside). */
function loginKit(id: string, ctx: ChunkingContext): string | null {
  if (!loginReach) {
    loginReach = new Set();
    const queue = [LOGIN_PAGE];
    while (queue.length > 0) {
      const next = queue.pop()!;
      if (loginReach.has(next)) continue;
      loginReach.add(next);
      queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return loginReach.has(id) && !id.startsWith(AUTH_DIR) ? "login-kit" : null;
}

export default defineConfig({
  root: "pwa",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // The page's own <link rel="modulepreload"> tags stay; a lazy screen's import no longer adds one tag per
    // chunk it needs (decision 0102): inserting some 80 of them cost the first load of /tickets about 100 ms of
    // main thread, while the browser fetches a chunk's imports itself as it parses it (from the service worker).
    // The login page's import keeps its tags (issue 24): a first visit lands there, on a phone's network, where
    // every level of imports the browser finds only by parsing a chunk costs a round trip before the form paints;
    // its dozen chunks are asked for at once instead.
    // Fewer, larger chunks where a first visit waits on them (issue 24): on a phone's network every request
    // costs a round trip and a browser opens only a few connections at a time. The entry's modules are one chunk
    // (they were ten), and the kit the login form is built of is one more beside the login page's own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "entry", tags: ["$initial"] },
            { name: loginKit, debugName: "login-kit" },
          ],
        },
      },
    },
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === "html" || /(^|\/)login-page-[\w-]+\.js$/.test(file) ? deps : [],
    },
  },
  plugins: [
    react(),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["favicon.svg", "icons/*.png"],
      manifest: {
        name: "Chat-flow",
        short_name: "Chat-flow",
        description: "Customer-service inbox for WhatsApp, Facebook and Instagram",
        theme_color: "#0000FF",
        background_color: "#ffffff",
        display: "standalone",
        start_url: "/",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        clientsClaim: true,
        navigateFallback: "/index.html",
        // Only navigations reach this: /tickets/:uuid is an app route there, even though
        // the API also has /tickets and /messages for fetch calls.
        navigateFallbackDenylist: [/^\/(api|auth|sync|ws|webhooks|version)\b/],
        globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
        // Web push (decision 0031): the push and notificationclick handlers, a plain script in pwa/public.
        // generateSW stays: importing them keeps Workbox writing the precache and routing as before.
        importScripts: ["/push-sw.js"],
      },
    }),
    precompress(),
  ],
  server: { port: 5173 },
  test: {
    root: ".",
    // Tests against a real PostgreSQL and real servers: on a busy 2-core machine a file's set-up and a test
    // that writes thousands of rows pass 5 s. These are guard rails against hangs, not performance checks
    // (the figures come from bench/).
    testTimeout: 30_000,
    // Two files at a time (vitest's default is one fewer than the cores: one here). The tests wait on
    // PostgreSQL, chromium and the stack far more than they compute, and every file has its own database,
    // ports and browser, so two at a time halve the run on this 2-core machine (CI must stay under 20 min).
    maxWorkers: 2,
    // Node 24's V8 can abort a long-lived process that frees WebAssembly code ("Check failed:
    // jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500): it hit a worker that runs many files
    // (isolate: false below) once, through fetch's llhttp tiering up. WebAssembly stays on its baseline compiler
    // and its code is never collected, so no wasm code is freed while a worker lives (decision 0106).
    execArgv: ["--liftoff-only", "--no-wasm-code-gc"],
    hookTimeout: 60_000,
    reporters: ["default", "./test/summary-reporter.ts"],
    // The browser files first, the screens' before them (test/sequencer.ts): the longest no longer start last.
    sequence: { sequencer: LongestFirstSequencer },
    globalSetup: ["./test/global-setup.ts"],
    // Every project hashes passwords at argon2's least cost (decision 0083); the projects add their own set-up.
    setupFiles: ["./test/cheap-password-hashing-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "core",
          root: ".",
          include: ["core/src/**/*.test.ts"],
          environment: "node",
          // Files of one worker share its modules (decision 0106): a file's own set-up no longer loads core again.
          isolate: false,
          setupFiles: ["./test/tenant-guard-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "channel-worker",
          root: ".",
          include: ["channel-worker/src/**/*.test.ts"],
          environment: "node",
          // Files of one worker share its modules (decision 0106): a file's own set-up no longer loads core again.
          isolate: false,
          setupFiles: ["./test/tenant-guard-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "sync-server",
          root: ".",
          include: ["sync-server/src/**/*.test.ts"],
          environment: "node",
          // Files of one worker share its modules (decision 0106): a file's own set-up no longer loads core again.
          isolate: false,
          setupFiles: ["./test/tenant-guard-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "scripts",
          root: ".",
          include: ["scripts/**/*.test.ts"],
          environment: "node",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "pwa",
          root: ".",
          include: ["pwa/src/**/*.test.{ts,tsx}"],
          environment: "node",
          // Feature texts load lazily in the app (i18n.ts); the tests see them mounted, as screens do.
          setupFiles: ["./pwa/src/test-support/feature-texts-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          root: ".",
          include: ["pwa/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
