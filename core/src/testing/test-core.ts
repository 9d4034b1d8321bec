// Starts a real core (HTTP on a free port) on a fresh test database, with a
// tiny fetch-based client for the tests.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CoreConfig } from "../kernel/config.ts";
import { type Core, startCore } from "../server.ts";
import { createMigratedDatabase } from "./test-db.ts";

export type TestCore = Core & {
  config: CoreConfig;
  api(method: string, url: string, opts?: { token?: string; body?: unknown; cookie?: string }): Promise<ApiAnswer>;
  login(email: string, password: string): Promise<{ token: string; cookie: string; user: { id: number } }>;
  close(): Promise<void>;
};

/**
 * The abuse limits out of the way: every test file logs in and signs up from one address. A test of one limit
 * spreads these and sets its own (abuse-limits.test.ts sets them all).
 */
export const TEST_LIMITS: CoreConfig["limits"] = {
  loginPerAccount: { max: 1_000_000, windowSeconds: 60 },
  loginPerIp: { max: 1_000_000, windowSeconds: 60 },
  signupPerIp: { max: 1_000_000, windowSeconds: 60 },
  contactLookupPerUser: { max: 1_000_000, windowSeconds: 60 },
  externalApiPerToken: { max: 1_000_000, windowSeconds: 60 },
  emailRefusalsPerCompany: { max: 1_000_000, windowSeconds: 60 },
  passwordHashConcurrency: 2,
};

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes
export type ApiAnswer = { status: number; body: any; headers: Headers };

export async function startTestCore(overrides: Partial<CoreConfig> = {}): Promise<TestCore> {
  const empty = await createMigratedDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-core-"));
  const config: CoreConfig = {
    port: 0,
    databaseUrl: empty.url,
    dataDir,
    jwtSecret: "test-secret-0123456789-abcdefghijklmnop",
    pwaDir: undefined,
    accessTtl: 900,
    refreshTtl: 3600,
    adminEmail: "admin@chatflow.local",
    adminPassword: "chatflow",
    secureCookies: false,
    // Off: tests change users with plain SQL and call the API at once (actor-cache.test.ts turns it on).
    actorCacheMs: 0,
    importWorkers: 2,
    importWaitMs: 10_000,
    // A test that stops its core mid-request waits for it; no test's answer takes this long.
    drainTimeoutMs: 5_000,
    limits: TEST_LIMITS,
    ...overrides,
  };
  const core = await startCore(config);
  const api: TestCore["api"] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${core.url}${url}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* plain text answer */
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    ...core,
    config,
    api,
    async login(email, password) {
      const res = await api("POST", "/auth/login", { body: { email, password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      const setCookie = res.headers.get("set-cookie") ?? "";
      return { token: res.body.token, user: res.body.user, cookie: setCookie.split(";")[0]! };
    },
    async close() {
      await core.stop();
      await empty.drop();
    },
  };
}
