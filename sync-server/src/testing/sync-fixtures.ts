// Test helpers: signed-in users with real core sessions, real HocuspocusProvider
// clients, and polling with a deadline instead of sleeps.

import { createTokens } from "@chatflow/core/auth/tokens.ts";
import { login } from "@chatflow/core/sessions/session.ts";
import { buildCompany, buildUser } from "@chatflow/core/testing/factories.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "@chatflow/core/testing/for-file.ts";
import { createTestDb, type TestDb } from "@chatflow/core/testing/test-db.ts";
import { type AuthorizedScope, HocuspocusProvider } from "@hocuspocus/provider";
import type pg from "pg";
import * as Y from "yjs";
import { type SyncServer, type SyncServerOptions, startSyncServer } from "../server.ts";

export const TEST_SECRET = "sync-server-test-secret-that-is-long-enough";

export type TestSync = { db: TestDb; server: SyncServer; close(): Promise<void> };

/** A fresh migrated database and a sync server on a free port; stores land within ~50 ms. */
export async function startTestSync(o: Partial<SyncServerOptions> = {}): Promise<TestSync> {
  const db = await createTestDb();
  const server = await startTestServer(db, o);
  return {
    db,
    server,
    async close() {
      await server.stop();
      await db.drop();
    },
  };
}

/** The sync server of a test file, with the clients and extra servers its tests open on it. */
export type SyncWorld = TestSync & {
  /** Opens a client on the file's server (or on `at`, another server or a URL); closed after the file's tests. */
  open(name: string, token: string, at?: SyncServer | string): TestClient;
  /** Another sync server on the file's database (a restart, other options); stopped after the file's tests. */
  startServer(o?: Partial<SyncServerOptions>): Promise<SyncServer>;
};

/** A database and a sync server for the tests of the file; every client and server they open is closed after. */
export function syncForFile(o: Partial<SyncServerOptions> = {}): SyncWorld {
  return forFile(
    async (): Promise<SyncWorld> => {
      const sync = await startTestSync(o);
      const clients: TestClient[] = [];
      const servers: SyncServer[] = [];
      return {
        ...sync,
        open(name, token, at = sync.server) {
          const client = openClient(typeof at === "string" ? at : at.url, name, token);
          clients.push(client);
          return client;
        },
        async startServer(options = {}) {
          const server = await startTestServer(sync.db, options);
          servers.push(server);
          return server;
        },
        async close() {
          for (const c of clients) c.destroy();
          for (const s of servers) await s.stop();
          await sync.close();
        },
      };
    },
    { stop: (world) => world.close(), timeout: SET_UP_TIMEOUT_MS },
  );
}

export function startTestServer(db: TestDb, o: Partial<SyncServerOptions> = {}): Promise<SyncServer> {
  return startSyncServer({
    databaseUrl: db.url,
    port: 0,
    jwtSecret: TEST_SECRET,
    storeDebounceMs: 50,
    storeMaxDebounceMs: 200,
    ...o,
  });
}

/** A flow of the company and its drawing's document name: a flow's drawing is stored only while the flow exists. */
export async function newFlowDocument(pool: pg.Pool, companyId: number, name = "Fluxo"): Promise<string> {
  const { rows } = await pool.query<{ id: number }>(
    "INSERT INTO flows (company_id, name) VALUES ($1, $2) RETURNING id",
    [companyId, name],
  );
  return `company/${companyId}/flow/${rows[0]!.id}`;
}

export type SignedIn = { userId: number; email: string; password: string; token: string };

/** Logs in through core, so the token's session is the user's live one. */
export async function signIn(pool: pg.Pool, user: { email: string; password: string }): Promise<string> {
  const deps = { pool, tokens: createTokens(TEST_SECRET, 900), refreshTtl: 3600 };
  return (await login(deps, { email: user.email, password: user.password })).token;
}

export async function signedInUser(
  pool: pg.Pool,
  o: { companyId: number; profile?: "admin" | "user" },
): Promise<SignedIn> {
  const user = await buildUser(pool, o);
  return { userId: user.id, email: user.email, password: user.password, token: await signIn(pool, user) };
}

/** The file's company and its signed-in admin, made once (signing in is slow on a shared machine: 30 s allowed). */
export function companyAdminForFile(sync: SyncWorld) {
  return forFile(
    async () => {
      const companyId = (await buildCompany(sync.db.pool)).id;
      return { companyId, admin: await signedInUser(sync.db.pool, { companyId, profile: "admin" }) };
    },
    { timeout: 30_000 },
  );
}

export type TestClient = {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** Settles with the scope the server granted. */
  authenticated: Promise<AuthorizedScope>;
  /** Settles with the reason the server refused. */
  refused: Promise<string>;
  /** Settles with the reason when the server closes this document's connection. */
  closed: Promise<string>;
  destroy(): void;
};

export function openClient(url: string, name: string, token: string): TestClient {
  const doc = new Y.Doc();
  let onAuthenticated!: (scope: AuthorizedScope) => void;
  let onRefused!: (reason: string) => void;
  let onClosed!: (reason: string) => void;
  const authenticated = new Promise<AuthorizedScope>((r) => (onAuthenticated = r));
  const refused = new Promise<string>((r) => (onRefused = r));
  const closed = new Promise<string>((r) => (onClosed = r));
  // Node 24's global WebSocket is what the provider uses when no polyfill is given.
  const provider = new HocuspocusProvider({
    url,
    name,
    document: doc,
    token,
    onAuthenticated: ({ scope }) => onAuthenticated(scope),
    onAuthenticationFailed: ({ reason }) => onRefused(reason),
    onClose: ({ event }) => onClosed(event.reason),
  });
  return {
    provider,
    doc,
    authenticated,
    refused,
    closed,
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** Resolves once `check` returns a truthy value (which it returns); fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Settles with the promise's value, or fails after `timeoutMs`. */
export function within<T>(promise: Promise<T>, what: string, timeoutMs = 5000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
