// The world a test file runs in, set up once before its tests and taken down after them: a core on a fresh
// database, a bare database, a temporary directory, and (with forFile) the companies, users and tokens the file
// seeds into them. Every part's fixtures (the sync server's, the worker's Graph API fake, the e2e browser stack)
// build on forFile, so no test file writes a beforeAll/afterAll pair of its own (decision 0029).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CoreConfig } from "../kernel/config.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "./for-file.ts";
import { startTestCore, type TestCore } from "./test-core.ts";
import { createTestDb, type TestDb } from "./test-db.ts";

export { type ForFileOptions, forFile, SET_UP_TIMEOUT_MS } from "./for-file.ts";

/**
 * A real core (HTTP on a free port) on a fresh database, for the tests of the file or describe block. Settings
 * that name another world (a fake's URL) are given as a function, read when the core starts.
 */
export function coreForFile(
  overrides: Partial<CoreConfig> | (() => Partial<CoreConfig> | Promise<Partial<CoreConfig>>) = {},
): TestCore {
  return forFile(async () => startTestCore(typeof overrides === "function" ? await overrides() : overrides), {
    stop: (core) => core.close(),
    timeout: SET_UP_TIMEOUT_MS,
  });
}

/** A fresh, migrated database with no core in front of it. */
export function testDbForFile(): TestDb {
  return forFile(createTestDb, { stop: (db) => db.drop(), timeout: SET_UP_TIMEOUT_MS });
}

/** An empty temporary directory, removed with what the tests left in it. */
export function tmpDirForFile(prefix: string): { path: string } {
  return forFile(async () => ({ path: await mkdtemp(path.join(tmpdir(), prefix)) }), {
    stop: (dir) => rm(dir.path, { recursive: true, force: true }),
  });
}
