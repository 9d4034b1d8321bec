import { describe, expect, it } from "vitest";
import type { EntityName, PullResponse } from "../contract/sync.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildContact, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { type PruneOptions, pruneChangeLog } from "./prune-change-log.ts";

const core = coreForFile();

/** A company with an admin signed in and three tickets; contactId is the last ticket's contact. */
async function world() {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const admin = await buildUser(pool, { companyId: company.id, profile: "admin" });
  const wa = await buildWhatsapp(pool, { companyId: company.id });
  const tickets = [];
  let contactId = 0;
  // One open ticket per contact and connection: a contact each.
  for (let i = 0; i < 3; i++) {
    contactId = (await buildContact(pool, { companyId: company.id })).id;
    tickets.push(await buildTicket(pool, { companyId: company.id, contactId, whatsappId: wa.id }));
  }
  const session = await core.login(admin.email, admin.password);
  return { companyId: company.id, contactId, ticketIds: tickets.map((t) => t.id), token: session.token };
}

type World = Awaited<ReturnType<typeof world>>;

/** Changes tickets (their last message) and records one log entry per change, as a use case would. */
async function touch(w: World, ticketIds: number[], text: string) {
  await transaction(core.db.pool, async (client) => {
    for (const id of ticketIds) {
      await client.query("UPDATE tickets SET last_message = $2, updated_at = now() WHERE id = $1", [id, text]);
    }
    await recordChanges(
      client,
      ticketIds.map((id) => ({ companyId: w.companyId, entity: "tickets", id })),
    );
  });
}

const record = (changes: Change[]) => transaction(core.db.pool, (client) => recordChanges(client, changes));
const prune = (opts: PruneOptions = {}) => transaction(core.db.pool, (client) => pruneChangeLog(client, opts));
/** Runs until nothing is left to do anywhere, so a test starts from a pruned log. */
const settle = () => prune({ maxRows: 1_000_000 });

/** Makes the company's entries up to `seq` older than the 30-day retention. */
async function age(companyId: number, uptoSeq: number, days = 31) {
  await core.db.pool.query(
    "UPDATE change_log SET created_at = now() - make_interval(days => $3) WHERE company_id = $1 AND seq <= $2",
    [companyId, uptoSeq, days],
  );
}

async function log(companyId: number): Promise<string[]> {
  const { rows } = await core.db.pool.query<{ seq: number; entity: string; entity_id: string }>(
    "SELECT seq, entity, entity_id FROM change_log WHERE company_id = $1 ORDER BY seq",
    [companyId],
  );
  return rows.map((r) => `${r.seq} ${r.entity}:${r.entity_id}`);
}

async function sync(companyId: number) {
  const { rows } = await core.db.pool.query<{ last_seq: number; pruned_seq: number }>(
    "SELECT last_seq, pruned_seq FROM company_sync WHERE company_id = $1",
    [companyId],
  );
  return rows[0]!;
}

const pullAt = async (w: World, cursor?: string): Promise<PullResponse> => {
  const res = await core.api("GET", cursor === undefined ? "/sync/pull" : `/sync/pull?cursor=${cursor}`, {
    token: w.token,
  });
  expect(res.status).toBe(200);
  return res.body;
};

/** An answer with its lists sorted: the order of rows within a list carries no meaning. */
function normalized(p: PullResponse) {
  const key = (x: unknown) => (typeof x === "object" && x !== null ? String((x as { id: unknown }).id) : String(x));
  const sort = (xs: unknown[]) => [...xs].sort((a, b) => key(a).localeCompare(key(b)));
  const entities = Object.keys(p.put) as EntityName[];
  return {
    cursor: p.cursor,
    reset: p.reset,
    more: p.more,
    put: Object.fromEntries(entities.map((e) => [e, sort(p.put[e] ?? [])])),
    del: Object.fromEntries(entities.map((e) => [e, sort(p.del[e] ?? [])])),
  };
}

describe("#sync.prune-change-log", () => {
  it("deletes entries past the retention, as a prefix of the log, and raises pruned_seq over them", async () => {
    const w = await world();
    const [t1, t2, t3] = w.ticketIds as [number, number, number];
    await touch(w, [t1, t2], "old");
    await touch(w, [t3], "recent");
    await touch(w, [t1], "old again");
    const before = await log(w.companyId);
    await age(w.companyId, 2);
    // Entry 4 is old too but comes after a recent one: deleting it would leave a hole below pruned_seq.
    await core.db.pool.query(
      "UPDATE change_log SET created_at = now() - interval '40 days' WHERE company_id = $1 AND seq = 4",
      [w.companyId],
    );

    expect(await prune()).toBeGreaterThanOrEqual(2);
    expect(await log(w.companyId)).toEqual(before.slice(2));
    expect(await sync(w.companyId)).toEqual({ last_seq: 4, pruned_seq: 2 });
  });

  it("rebuilds the replica of a client offline past the retention; one that pulled since carries on", async () => {
    const w = await world();
    const [t1, t2, t3] = w.ticketIds as [number, number, number];
    const offline = await pullAt(w);
    await touch(w, [t1, t2], "while the first client was away");
    const recent = await pullAt(w, offline.cursor);
    await age(w.companyId, (await sync(w.companyId)).last_seq);
    await touch(w, [t3], "after the second client pulled");
    await prune();

    const stale = await pullAt(w, offline.cursor);
    expect(stale.reset).toBe(true);
    expect(stale.put.tickets.map((t) => t.id).sort()).toEqual([t1, t2, t3].sort());
    const fresh = await pullAt(w, recent.cursor);
    expect(fresh.reset).toBe(false);
    expect(fresh.put.tickets.map((t) => [t.id, t.lastMessage])).toEqual([[t3, "after the second client pulled"]]);
  });

  it("answers a client with a recent cursor exactly what it would have answered without pruning", async () => {
    const w = await world();
    const [t1, t2, t3] = w.ticketIds as [number, number, number];
    await touch(w, [t1, t2, t3], "expires");
    const since = await pullAt(w);
    await age(w.companyId, (await sync(w.companyId)).last_seq);
    await touch(w, [t1], "one");
    await touch(w, [t2, t1], "two");
    await record([{ companyId: w.companyId, entity: "contacts", id: w.contactId }]);
    await transaction(core.db.pool, async (client) => {
      await client.query("DELETE FROM tickets WHERE id = $1", [t3]);
      await recordChanges(client, [{ companyId: w.companyId, entity: "tickets", id: t3 }]);
    });
    await touch(w, [t1], "three");
    await record([{ companyId: w.companyId, entity: "contacts", id: w.contactId }]);

    const before = normalized(await pullAt(w, since.cursor));
    expect(await prune()).toBeGreaterThan(0);
    const { pruned_seq } = await sync(w.companyId);
    expect(`${pruned_seq}v0`).toBe(since.cursor);
    // Everything after the cursor is kept: t1, t2 and t1, the contact, t3's delete, t1, the contact.
    expect((await log(w.companyId)).map((e) => e.split(" ")[1])).toEqual([
      `tickets:${t1}`,
      `tickets:${t2}`,
      `tickets:${t1}`,
      `contacts:${w.contactId}`,
      `tickets:${t3}`,
      `tickets:${t1}`,
      `contacts:${w.contactId}`,
    ]);
    expect(normalized(await pullAt(w, since.cursor))).toEqual(before);
    expect(before.del.tickets).toEqual([t3]);
    const last = Object.fromEntries(
      (before.put.tickets as { id: number; lastMessage: string }[]).map((t) => [t.id, t.lastMessage]),
    );
    expect(last).toEqual({ [t1]: "three", [t2]: "two" });
  });

  it("leaves other companies' entries alone, even for the same entity ids", async () => {
    const a = await buildCompany(core.db.pool);
    const b = await buildCompany(core.db.pool);
    await record([
      { companyId: a.id, entity: "tickets", id: 1 },
      { companyId: b.id, entity: "tickets", id: 1 },
    ]);
    await record([{ companyId: a.id, entity: "tickets", id: 1 }]);
    await age(a.id, 1);
    await age(b.id, 1, 29);
    const bLog = await log(b.id);

    await prune();
    expect(await log(a.id)).toEqual(["2 tickets:1"]);
    expect(await sync(a.id)).toEqual({ last_seq: 2, pruned_seq: 1 });
    expect(await log(b.id)).toEqual(bLog);
    expect(await sync(b.id)).toEqual({ last_seq: 1, pruned_seq: 0 });
  });

  it("deletes no more entries in one run than its bound, and catches up over later runs", async () => {
    await settle();
    const a = await buildCompany(core.db.pool);
    const b = await buildCompany(core.db.pool);
    const expired: Change[] = [];
    for (let i = 0; i < 250; i++) expired.push({ companyId: a.id, entity: "contacts", id: i });
    await record(expired);
    await age(a.id, 250);
    const young: Change[] = [];
    for (let i = 0; i < 250; i++) young.push({ companyId: b.id, entity: "tickets", id: 7 });
    await record(young);

    expect(await prune({ maxRows: 100 })).toBe(100);
    expect(await sync(a.id)).toEqual({ last_seq: 250, pruned_seq: 100 });
    const runs = [];
    for (let i = 0; i < 10; i++) runs.push(await prune({ maxRows: 100 }));
    expect(Math.max(...runs)).toBeLessThanOrEqual(100);
    expect(await log(a.id)).toEqual([]);
    expect(await sync(a.id)).toEqual({ last_seq: 250, pruned_seq: 250 });
    // Nothing of b had expired: all of it stays.
    expect(await log(b.id)).toHaveLength(250);
    expect(await sync(b.id)).toEqual({ last_seq: 250, pruned_seq: 0 });
  });
});
