// The layers of Chat-flow as rules (docs/decisions/0084-layers.md has the picture). `npm run layers` checks the
// source; core/src/layers.test.ts runs the same rules inside `npm test`, on the tree and on small trees made to
// break each rule (so a rule that stopped matching would be noticed). Test files are left out: a test may reach
// anything it tests.
const { readFileSync } = require("node:fs");
const path = require("node:path");

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** core's exports map as a path pattern: what the worker and the sync server may import of core. */
function coreExports() {
  const { exports } = JSON.parse(readFileSync(path.join(__dirname, "core/package.json"), "utf8"));
  const targets = Object.values(exports).map((target) => {
    const file = `core/${target.replace(/^\.\//, "")}`;
    return file.endsWith("/*") ? `${escapeRegExp(file.slice(0, -1))}.+` : escapeRegExp(file);
  });
  return `^(${targets.join("|")})$`;
}

// core, bottom to top: the contract, the kernel, the database, the domains, the transport, the app's wiring.
const CORE = "^core/src/";
const CONTRACT = "^core/src/contract/";
const KERNEL = "^core/src/kernel/";
const DB = "^core/src/db/";
const TRANSPORT = "^core/src/(http|realtime|serving|sync|webhooks)/";
const APP = "^core/src/[^/]+\\.ts$";
const TESTING = "(^|/)(testing|test-support)/";
/**
 * The one exception, and why: the worker's entry loads the Baileys stand-in socket when CHATFLOW_BAILEYS_SOCKET=stand-in,
 * so tests can crash, freeze and signal a real worker process; it is a dynamic import, never loaded otherwise.
 */
const WORKER_ENTRY = "^channel-worker/src/main\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "core-folder-cycle",
      comment: "No two core folders import each other, directly or around a loop: the folders form layers.",
      severity: "error",
      scope: "folder",
      from: { path: CORE },
      to: { circular: true },
    },
    {
      name: "no-module-cycle",
      comment: "No file imports itself around a loop, in any part: the folders' layers hold inside them too.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "contract-is-shared",
      comment: "The contract is what every part shares, the browser included: it imports only itself.",
      severity: "error",
      from: { path: CONTRACT },
      to: { path: CORE, pathNot: CONTRACT },
    },
    {
      name: "contract-has-no-server-code",
      comment: "The contract runs in the browser too: no Node built-in and no package but zod and yjs.",
      severity: "error",
      from: { path: CONTRACT },
      to: {
        dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"],
        pathNot: "node_modules/(zod|yjs)/",
      },
    },
    {
      name: "kernel-imports-no-domain",
      comment: "The kernel (errors, transactions, the change log, config, time) is under every domain.",
      severity: "error",
      from: { path: KERNEL },
      to: { path: CORE, pathNot: `${CONTRACT}|${KERNEL}` },
    },
    {
      name: "db-imports-no-domain",
      comment: "The database layer (pool, entities, migrations, select lists) is under every domain.",
      severity: "error",
      from: { path: DB },
      to: { path: CORE, pathNot: `${CONTRACT}|${KERNEL}|${DB}` },
    },
    {
      name: "domain-imports-no-transport",
      comment:
        "A domain never imports the transport (HTTP edge, realtime, serving, the sync protocol, webhooks) or the wiring.",
      severity: "error",
      from: { path: CORE, pathNot: `${TRANSPORT}|${APP}|${TESTING}` },
      to: { path: `${TRANSPORT}|${APP}` },
    },
    {
      name: "transport-imports-no-wiring",
      comment: "The wiring (app.ts, server.ts, main.ts) is the top: nothing below imports it.",
      severity: "error",
      from: { path: TRANSPORT },
      to: { path: APP },
    },
    {
      name: "core-imports-no-other-part",
      comment: "core is the library the other parts use; it never imports them.",
      severity: "error",
      from: { path: CORE },
      to: { path: "^(channel-worker|sync-server|pwa)/" },
    },
    {
      name: "only-tests-import-testing",
      comment: "Test builders, fakes and worlds are for tests only.",
      severity: "error",
      from: { pathNot: `${TESTING}|${WORKER_ENTRY}` },
      to: { path: TESTING },
    },
    {
      name: "worker-entry-loads-stand-in-on-demand",
      comment:
        "The worker's entry may load test code only by a dynamic import (the stand-in socket, see WORKER_ENTRY).",
      severity: "error",
      from: { path: WORKER_ENTRY },
      to: { path: TESTING, dependencyTypesNot: ["dynamic-import"] },
    },
    {
      name: "pwa-imports-only-the-contract",
      comment: "The browser build reaches no server package: of the other parts only core's contract.",
      severity: "error",
      from: { path: "^pwa/src/", pathNot: TESTING },
      to: { path: "^(core|sync-server|channel-worker)/", pathNot: CONTRACT },
    },
    {
      name: "parts-use-core-exports",
      comment: "The worker and the sync server use core through its exports map only (core/package.json).",
      severity: "error",
      from: { path: "^(channel-worker|sync-server)/src/" },
      to: { path: CORE, pathNot: coreExports() },
    },
    {
      name: "parts-reach-core-by-name",
      comment: "Another part's files are imported by package name (@chatflow/core/...), never by a relative path.",
      severity: "error",
      from: { path: "^(channel-worker|sync-server|pwa)/" },
      to: { path: "^(core|channel-worker|sync-server)/", pathNot: "^$1/", dependencyTypes: ["local"] },
    },
    {
      name: "worker-and-sync-server-apart",
      comment: "The worker and the sync server share only core.",
      severity: "error",
      from: { path: "^(channel-worker|sync-server)/" },
      to: { path: "^(channel-worker|sync-server)/", pathNot: "^$1/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(\\.test\\.tsx?$|^pwa/e2e/|/dist/|node_modules)" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    // typescript 7 has no JavaScript API yet: swc parses the sources.
    parser: "swc",
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
