// Builders for the users, queues, connections, settings and signup tests.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { createTokens } from "../auth/tokens.ts";
import { hashPassword } from "../kernel/password-hashing.ts";
import { buildCompany, buildQueue, buildUser } from "./factories.ts";
import type { TestCore } from "./test-core.ts";

let n = 0;

export async function buildPlan(
  pool: pg.Pool,
  o: {
    name?: string;
    users?: number;
    connections?: number;
    queues?: number;
    amount?: number;
    isPublic?: boolean;
    useFacebook?: boolean;
  } = {},
) {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO plans (name, users, connections, queues, amount, is_public, use_facebook)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      o.name ?? `Plan ${++n}-${Date.now()}`,
      o.users ?? 0,
      o.connections ?? 0,
      o.queues ?? 0,
      o.amount ?? 0,
      o.isPublic ?? true,
      o.useFacebook ?? true,
    ],
  );
  return { id: rows[0]!.id };
}

export async function setCompanyPlan(pool: pg.Pool, companyId: number, planId: number) {
  await pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [companyId, planId]);
}

const PASSWORD = "secret123";
// One password hash for every test user (cheap in tests, decision 0083, yet still made once).
let passwordHash: Promise<string> | undefined;

/**
 * A user of the company with a live session: its id, credentials and access token.
 * The session is made the way login makes it (session id on the row, token signed
 * with core's secret) without a login request for every user.
 */
export async function signedIn(
  core: TestCore,
  o: { companyId: number; profile?: "admin" | "user"; name?: string },
): Promise<{ id: number; email: string; password: string; token: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `user${++n}-${randomUUID().slice(0, 8)}@example.com`;
  const sessionId = randomUUID();
  const profile = o.profile ?? "admin";
  const { rows } = await core.db.pool.query<{ id: number }>(
    `INSERT INTO users (company_id, name, email, password_hash, profile, session_id, online)
     VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
    [o.companyId, o.name ?? "User", email, await passwordHash, profile, sessionId],
  );
  const id = rows[0]!.id;
  const token = await createTokens(core.config.jwtSecret, core.config.accessTtl).sign({
    userId: id,
    companyId: o.companyId,
    sessionId,
    profile,
    super: false,
  });
  return { id, email, password: PASSWORD, token };
}

/** A fresh company (`id`) with a signed-in admin, a plain user and one queue: the connection settings' tests. */
export async function companyWithQueue(core: TestCore) {
  const c = await buildCompany(core.db.pool);
  return {
    id: c.id,
    admin: await signedIn(core, { companyId: c.id, profile: "admin" }),
    user: await signedIn(core, { companyId: c.id, profile: "user" }),
    queue: await buildQueue(core.db.pool, { companyId: c.id }),
  };
}

/** A company's signed-in admin, and another company's (`other`), who must reach none of the first company's rows. */
export async function adminAndOutsider(core: TestCore) {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const admin = await signedIn(core, { companyId, profile: "admin" });
  const other = await signedIn(core, { companyId: (await buildCompany(pool)).id, profile: "admin" });
  return { pool, companyId, admin, other };
}

/** A company with an admin and an agent, each with a live session (signedIn): the start of one company's tests. */
export async function companyWithStaff(core: TestCore) {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const admin = await signedIn(core, { companyId, profile: "admin" });
  const agent = await signedIn(core, { companyId, profile: "user" });
  return { pool, companyId, admin, agent };
}

/**
 * Where most API tests start: a company with an admin and an agent, and a second company with its own admin (to
 * check the first company's rows are out of its reach), each signed in through the login route.
 */
export async function twoCompanies(core: TestCore) {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const otherCompanyId = (await buildCompany(pool)).id;
  const a = await buildUser(pool, { companyId, profile: "admin" });
  const u = await buildUser(pool, { companyId, profile: "user" });
  const o = await buildUser(pool, { companyId: otherCompanyId, profile: "admin" });
  const [sa, su, so] = await Promise.all([a, u, o].map((x) => core.login(x.email, x.password)));
  return {
    pool,
    companyId,
    otherCompanyId,
    admin: sa!.token,
    adminId: a.id,
    agent: su!.token,
    agentId: u.id,
    otherAdmin: so!.token,
  };
}

/** How many change-log entries name this row (each change the PWAs must pull). */
export async function changeCount(pool: pg.Pool, companyId: number, entity: string, id: number | string) {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM change_log WHERE company_id = $1 AND entity = $2 AND entity_id = $3",
    [companyId, entity, String(id)],
  );
  return rows[0]!.n;
}
