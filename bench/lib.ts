// Shared pieces of the benchmarks: a fresh database and its seed rows, core in a child process, the admin's
// sign-in, percentiles.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Page } from "playwright-core";
import { buildCore, CORE_NODE_FLAGS } from "../scripts/node-flags.ts";

/** Each tree's core is built once per benchmark process (as `npm start` runs it), then started from its build. */
const coreEntries = new Map<string, string>();
function coreEntry(tree: string): string {
  let entry = coreEntries.get(tree);
  if (!entry) {
    entry = buildCore(tree);
    coreEntries.set(tree, entry);
  }
  return entry;
}

const root = path.resolve(import.meta.dirname, "..");

export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `chatflow_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export type CoreChild = {
  url: string;
  child: ChildProcess;
  rssMb(): number;
  /** CPU time (user + system) the process has used so far, in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
};

/**
 * Core built from `tree` in a child process on a free port, and the URL it says it listens on (rejected if it exits
 * first). `env` adds to or overrides its environment (PWA_DIR to serve the built app).
 */
async function spawnCore(
  tree: string,
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string>,
  cwd?: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...CORE_NODE_FLAGS, coreEntry(tree)], {
    cwd,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: "0", DATA_DIR: dataDir, PWA_DIR: "/nonexistent", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const listening = (c: Buffer) => {
      out += c.toString();
      const m = out.match(/core listening on (http:\/\/[^\s"]+)/);
      if (!m) return;
      // Once started, core's lines (an access-log line per request) are read and dropped: kept and searched, they
      // cost this process, which shares the CPU with core, time that grew with the square of the run's requests.
      child.stdout!.off("data", listening);
      child.stdout!.resume();
      out = "";
      resolve(m[1]!);
    };
    child.stdout!.on("data", listening);
    child.once("exit", (code) => reject(new Error(`core exited ${code}`)));
  });
  return { child, url };
}

/** Stops core with SIGTERM, resolved once it has exited. */
const stopCore = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** Core alone on a free port; `env` adds to or overrides its environment (PWA_DIR to serve the built app). */
export async function startCoreChild(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<CoreChild> {
  const { child, url } = await spawnCore(root, databaseUrl, dataDir, env);
  return {
    url,
    child,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      return kb / 1024;
    },
    cpuMs() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second here).
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop: () => stopCore(child),
  };
}

/** user + system time of a process so far, in ms (clock ticks of 10 ms); 0 once it is gone. */
export function procCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The pids of the client backends serving `database`, except the asking one. Autovacuum's workers are left out: one
 * vacuuming a large table during a round made that round's figure several times higher.
 */
export async function backendPids(pool: pg.Pool, database: string): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    [database],
  );
  return rows.map((r) => r.pid);
}

/** Core from another checkout `tree` (an A/B comparison), on a free port. */
export async function startCoreFromTree(tree: string, databaseUrl: string, dataDir: string) {
  const { child, url } = await spawnCore(tree, databaseUrl, dataDir, {}, tree);
  return { url, pid: child.pid!, stop: () => stopCore(child) };
}

/** The ids a seeding `INSERT ... RETURNING id` answers. */
export async function insertedIds(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<number[]> {
  return (await pool.query<{ id: number }>(sql, params)).rows.map((r) => r.id);
}

/** `count` agents of company 1 (profile user), "Agente i" with e-mail agent<i>@bench.local. */
export function seedAgents(pool: pg.Pool, count: number): Promise<number[]> {
  return insertedIds(
    pool,
    `INSERT INTO users (company_id, name, email, password_hash, profile)
     SELECT 1, 'Agente ' || i, 'agent' || i || '@bench.local', 'x', 'user' FROM generate_series(1, $1) i RETURNING id`,
    [count],
  );
}

/** The seeded admin's access token, through POST /auth/login (the benchmarks that call the API directly). */
export async function adminToken(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@chatflow.local", password: "chatflow" }),
  });
  return ((await login.json()) as { token: string }).token;
}

/**
 * Signs in as the seeded admin on the PWA's login page, asking for the inbox (`?next=/tickets`: the super user would
 * land on /companies otherwise, decision 0091); the caller waits for what its benchmark needs next.
 */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login?next=/tickets`);
  await page.getByTestId("login-email").fill("admin@chatflow.local");
  await page.getByTestId("login-password").fill("chatflow");
  await page.getByTestId("login-submit").click();
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export type SeededConversation = { ticket: number; uuid: string; contact: number; admin: number };

/** One open ticket of the seeded admin with `contact`, on a connected Cloud API connection: the first pull brings it. */
export async function seedOpenTicket(
  pool: pg.Pool,
  contact: { name: string; number: string },
): Promise<SeededConversation> {
  const { rows } = await pool.query<SeededConversation>(
    `WITH w AS (INSERT INTO whatsapps (company_id, name, channel, status, is_default)
                VALUES (1, 'Bench', 'whatsappapi', 'CONNECTED', true) RETURNING id),
          c AS (INSERT INTO contacts (company_id, name, number, whatsapp_id, channel)
                SELECT 1, $1, $2, id, 'whatsappapi' FROM w RETURNING id),
          t AS (INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, channel)
                SELECT 1, c.id, w.id, 'open', (SELECT id FROM users WHERE email = 'admin@chatflow.local'), 'whatsappapi'
                FROM c, w RETURNING id, uuid, contact_id, user_id)
     SELECT id AS ticket, uuid, contact_id AS contact, user_id AS admin FROM t`,
    [contact.name, contact.number],
  );
  return rows[0]!;
}

/**
 * Writes `n` messages of `t` into the signed-in page's replica (the app's own IndexedDB, as the pull and older pages
 * would have stored them), a minute apart, every third from the agent. With `variety`, every 50th is edited and every
 * 40th quotes the one before it, as a lived-in conversation has.
 */
export async function fillReplica(
  page: Page,
  t: SeededConversation,
  n: number,
  options: { variety?: boolean } = {},
): Promise<void> {
  await page.evaluate(
    async ({ n, ticketId, contactId, userId, variety }) => {
      const open = indexedDB.open("chatflow");
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = idb.transaction("messages", "readwrite");
      const store = tx.objectStore("messages");
      const start = Date.now() - n * 60_000;
      const idOf = (i: number) => `01900000-0000-7000-8000-${String(i).padStart(12, "0")}`;
      for (let i = 0; i < n; i++) {
        const at = new Date(start + i * 60_000).toISOString();
        const fromMe = i % 3 === 0;
        store.put({
          id: idOf(i),
          ticketId,
          contactId,
          companyId: 1,
          userId: fromMe ? userId : null,
          body: `Mensagem ${i}: *pedido* _${i}_ https://exemplo.com/p/${i}`,
          fromMe,
          read: true,
          mediaType: "chat",
          mediaUrl: null,
          dataJson: null,
          ack: fromMe ? 3 : 0,
          isDeleted: false,
          isEdited: variety && i % 50 === 0,
          isForwarded: false,
          isPrivate: false,
          quotedMsgId: variety && i % 40 === 1 ? idOf(i - 1) : null,
          errorCode: null,
          createdAt: at,
          updatedAt: at,
        });
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      idb.close();
    },
    { n, ticketId: t.ticket, contactId: t.contact, userId: t.admin, variety: options.variety ?? false },
  );
}
