import { describe, expect, it, vi } from "vitest";
import { buildCompany, buildQueue, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { ActorCache } from "./actor-cache.ts";
import type { UserRow } from "./load-user.ts";

// A long ttl: anything fresh these tests see came from an eviction, not from expiry.
const core = coreForFile({ actorCacheMs: 60_000 });

const me = (token: string) => core.api("GET", "/auth/me", { token });
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3000, interval: 20 });

describe("actor cache", () => {
  it("serves a signed-in user's row from memory: a change no trigger reports is not seen", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id, name: "Before" });
    expect((await me(u.token)).body.name).toBe("Before");
    await core.db.pool.query("ALTER TABLE users DISABLE TRIGGER users_notify");
    try {
      await core.db.pool.query("UPDATE users SET name = 'After' WHERE id = $1", [u.id]);
      expect((await me(u.token)).body.name).toBe("Before");
    } finally {
      await core.db.pool.query("ALTER TABLE users ENABLE TRIGGER users_notify");
    }
  });

  it("ends the first session at once when the user signs in again", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const first = await core.login(u.email, u.password);
    expect((await me(first.token)).status).toBe(200);
    const second = await core.login(u.email, u.password);
    const old = await me(first.token);
    expect(old.status).toBe(401);
    expect(old.body.error).toBe("ERR_SESSION_EXPIRED");
    expect((await me(second.token)).status).toBe(200);
  });

  it("refuses a token at once after its logout", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const s = await core.login(u.email, u.password);
    expect((await me(s.token)).status).toBe(200);
    expect((await core.api("DELETE", "/auth/logout", { token: s.token })).status).toBe(204);
    expect((await me(s.token)).body.error).toBe("ERR_SESSION_EXPIRED");
  });

  it("sees an admin's change to a user's profile and queues", async () => {
    const company = await buildCompany(core.db.pool);
    const admin = await signedIn(core, { companyId: company.id, profile: "admin" });
    const agent = await signedIn(core, { companyId: company.id, profile: "user" });
    const queue = await buildQueue(core.db.pool, { companyId: company.id, name: "Vendas" });
    expect((await me(agent.token)).body).toMatchObject({ profile: "user", queues: [] });
    const res = await core.api("PUT", `/users/${agent.id}`, {
      token: admin.token,
      body: { profile: "admin", queueIds: [queue.id] },
    });
    expect(res.status).toBe(200);
    await eventually(async () => {
      expect((await me(agent.token)).body).toMatchObject({ profile: "admin", queues: [{ id: queue.id }] });
    });
  });

  it("sees changes made by plain SQL to the user, its queues, a queue's name and the company", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id, profile: "user" });
    const queue = await buildQueue(core.db.pool, { companyId: company.id, name: "Suporte" });
    expect((await me(u.token)).body.queues).toEqual([]);

    await core.db.pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
      u.id,
      queue.id,
      company.id,
    ]);
    await eventually(async () => expect((await me(u.token)).body.queues).toMatchObject([{ name: "Suporte" }]));

    await core.db.pool.query("UPDATE queues SET name = 'Suporte 2' WHERE id = $1", [queue.id]);
    await eventually(async () => expect((await me(u.token)).body.queues).toMatchObject([{ name: "Suporte 2" }]));

    // The due date passes: the company's calls answer 402 (billing excepted).
    expect((await core.api("GET", "/tickets", { token: u.token })).status).toBe(200);
    await core.db.pool.query("UPDATE companies SET due_date = '2001-01-01' WHERE id = $1", [company.id]);
    await eventually(async () => {
      const res = await core.api("GET", "/tickets", { token: u.token });
      expect(res.body.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
    });

    await core.db.pool.query("DELETE FROM users WHERE id = $1", [u.id]);
    await eventually(async () => expect((await me(u.token)).body.error).toBe("ERR_SESSION_EXPIRED"));
  });
});

describe("actor cache listener", () => {
  const listenerPid = async () =>
    (
      await core.db.pool.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'chatflow-actor-cache' AND datname = current_database()",
      )
    ).rows[0]?.pid;

  it("listens again after its connection is killed, and evictions work as before", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id, name: "Antes" });
    expect((await me(u.token)).body.name).toBe("Antes");
    const pid = await listenerPid();
    expect(pid).toBeDefined();
    await core.db.pool.query("SELECT pg_terminate_backend($1)", [pid]);
    // Back on a new connection...
    await eventually(async () => {
      const now = await listenerPid();
      expect(now).toBeDefined();
      expect(now).not.toBe(pid);
    });
    // ...and a change is seen, whether it was made while down or after.
    await core.db.pool.query("UPDATE users SET name = 'Depois' WHERE id = $1", [u.id]);
    await eventually(async () => expect((await me(u.token)).body.name).toBe("Depois"));
  });
});

describe("ActorCache", () => {
  const row = (id: number, companyId: number) => ({ id, companyId }) as UserRow;
  // Listening without a database: what start() does once LISTEN succeeded.
  const listeningCache = () => {
    const cache = new ActorCache(60_000);
    (cache as unknown as { listening: boolean }).listening = true;
    return cache;
  };

  it("drops a row read before an eviction instead of caching it", () => {
    const cache = listeningCache();
    const stamp = cache.stamp();
    cache.evictUser(99); // another user's change lands while this row was being read
    cache.put(1, row(1, 10), stamp);
    expect(cache.get(1)).toBeUndefined();
    cache.put(1, row(1, 10), cache.stamp());
    expect(cache.get(1)?.id).toBe(1);
  });

  it("evicts a whole company and nothing else", () => {
    const cache = listeningCache();
    for (const [id, companyId] of [
      [1, 10],
      [2, 10],
      [3, 20],
    ] as const)
      cache.put(id, row(id, companyId), cache.stamp());
    cache.evictCompany(10);
    expect([cache.get(1), cache.get(2), cache.get(3)?.id]).toEqual([undefined, undefined, 3]);
  });

  it("caches nothing without a listener or with a ttl of 0", async () => {
    const idle = new ActorCache(60_000);
    idle.put(1, row(1, 10), idle.stamp());
    expect(idle.get(1)).toBeUndefined();
    const off = new ActorCache(0);
    await off.start("postgres://unused");
    off.put(1, row(1, 10), off.stamp());
    expect(off.get(1)).toBeUndefined();
  });
});
