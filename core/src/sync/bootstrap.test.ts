// The first pull in pages (decision 0040): newest tickets with their conversations,
// then the rest of the tickets, then their conversations, then the change log.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type PullResponse, REPLICA_BOOT_LIMITS } from "../contract/sync.ts";
import { buildCompany, buildQueue, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { BOOT_FIRST } from "./bootstrap.ts";

const core = coreForFile();

/**
 * A company with `open` attended tickets (the admin's), `closed` closed ones, each with two messages, in two
 * queues; updated_at one minute apart, the lowest id newest. Answers ids newest first per group.
 */
async function seedCompany(open: number, closed: number) {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const admin = await buildUser(pool, { companyId: company.id, profile: "admin" });
  const wa = await buildWhatsapp(pool, { companyId: company.id });
  const queues = [await buildQueue(pool, { companyId: company.id }), await buildQueue(pool, { companyId: company.id })];
  const total = open + closed;
  const { rows } = await pool.query<{ id: number; status: string }>(
    `WITH c AS (
       INSERT INTO contacts (company_id, name, number)
       SELECT $1::int, 'Cliente ' || i, (5521900000000 + $1::int * 100000 + i)::text FROM generate_series(1, $3::int) i
       RETURNING id, name)
     INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, channel, updated_at)
     SELECT $1::int, c.id, $2::int, CASE WHEN n <= $4 THEN 'open' ELSE 'closed' END, $5,
       CASE WHEN n % 2 = 0 THEN $6::int ELSE $7::int END, 'whatsapp',
       now() - (CASE WHEN n <= $4 THEN n ELSE n - $4 END) * interval '1 minute'
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM c) c
     RETURNING id, status`,
    [company.id, wa.id, total, open, admin.id, queues[0]!.id, queues[1]!.id],
  );
  await pool.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, body, from_me, created_at)
     SELECT gen_random_uuid(), t.company_id, t.id, t.contact_id, 'mensagem ' || k, k = 2, now() - k * interval '1 second'
     FROM tickets t CROSS JOIN generate_series(1, 2) k WHERE t.company_id = $1`,
    [company.id],
  );
  const ids = (status: string) =>
    rows
      .filter((r) => r.status === status)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const session = await core.login(admin.email, admin.password);
  return { company, admin, queues, open: ids("open"), closed: ids("closed"), token: session.token };
}

async function pullAll(token: string, cursor?: string): Promise<PullResponse[]> {
  const pages: PullResponse[] = [];
  for (;;) {
    const query = cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`;
    const res = await core.api("GET", `/sync/pull${query}`, { token });
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.cursor;
    if (!res.body.more) return pages;
  }
}

const ticketIds = (page: PullResponse) => page.put.tickets.map((t) => t.id);
const messageTickets = (page: PullResponse) => [...new Set(page.put.messages.map((m) => m.ticketId))];

describe("#sync.pull first pull in pages", () => {
  it("brings the newest tickets with their conversations, then every other ticket, then their conversations", async () => {
    const s = await seedCompany(BOOT_FIRST + 30, 20);
    const [first, rest, conversations, ...more] = await pullAll(s.token);

    expect(more).toEqual([]);
    // Page 1: the newest tickets in progress with both messages each, and the reference lists.
    expect(first!.reset).toBe(true);
    expect(first!.more).toBe(true);
    expect(ticketIds(first!)).toEqual(s.open.slice(0, BOOT_FIRST));
    expect(first!.put.messages).toHaveLength(2 * BOOT_FIRST);
    expect(first!.put.contacts).toHaveLength(BOOT_FIRST);
    expect(first!.put.queues.map((q) => q.id).sort()).toEqual(s.queues.map((q) => q.id).sort());
    expect(first!.pendingConversations).toBeUndefined();

    // Page 2: the other tickets in progress, then the closed ones, newest first, without messages.
    const later = [...s.open.slice(BOOT_FIRST), ...s.closed];
    expect(rest!.reset).toBe(false);
    expect(ticketIds(rest!)).toEqual(later);
    expect(rest!.put.contacts).toHaveLength(later.length);
    expect(rest!.put.messages).toEqual([]);
    expect(rest!.pendingConversations).toEqual(later);
    expect(rest!.ticketsComplete).toEqual({ inProgress: true, closed: true });
    expect(first!.ticketsComplete).toBeUndefined();

    // Page 3: their conversations, and the replica is whole: the cursor is a plain one again.
    expect(conversations!.more).toBe(false);
    expect(conversations!.put.tickets).toEqual([]);
    expect(conversations!.heldConversations).toEqual(later);
    expect(messageTickets(conversations!).sort()).toEqual([...later].sort());
    expect(conversations!.put.messages).toHaveLength(2 * later.length);
    expect(conversations!.cursor).toMatch(/^\d+v\d+$/);

    const after = await core.api("GET", `/sync/pull?cursor=${conversations!.cursor}`, { token: s.token });
    expect(after.body).toMatchObject({ reset: false, more: false });
    expect(after.body.put.tickets).toEqual([]);
  });

  it("answers in one page when the newest tickets are all there are", async () => {
    const s = await seedCompany(3, 0);
    const pages = await pullAll(s.token);
    expect(pages).toHaveLength(1);
    expect(ticketIds(pages[0]!)).toEqual(s.open);
    expect(pages[0]!.ticketsComplete).toEqual({ inProgress: true, closed: true });
    expect(pages[0]!.cursor).toMatch(/^\d+v\d+$/);
  });

  it("delivers what changed between its pages in the pull after the last one", async () => {
    const s = await seedCompany(BOOT_FIRST + 5, 0);
    const first = await core.api("GET", "/sync/pull", { token: s.token });
    // A reply on the newest ticket while the device is still taking the first pull.
    const id = randomUUID();
    const pushed = await core.api("POST", "/sync/push", {
      token: s.token,
      body: {
        clientId: `c-${id}`,
        mutations: [{ id: 1, name: "sendMessage", args: { id, ticketId: s.open[0], body: "entre páginas" } }],
      },
    });
    expect(pushed.body.results).toEqual([{ id: 1, ok: true }]);
    const pages = await pullAll(s.token, first.body.cursor);
    const last = pages.at(-1)!;
    const next = await core.api("GET", `/sync/pull?cursor=${last.cursor}`, { token: s.token });
    expect(next.body.put.messages.map((m: { id: string }) => m.id)).toContain(id);
    expect(next.body.put.tickets.map((t: { id: number }) => t.id)).toContain(s.open[0]);
  });

  it("walks only the tickets a plain agent may see, in every page", async () => {
    const s = await seedCompany(BOOT_FIRST + 40, 10);
    const pool = core.db.pool;
    const agent = await buildUser(pool, { companyId: s.company.id, profile: "user" });
    await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
      agent.id,
      s.queues[0]!.id,
      s.company.id,
    ]);
    // Nobody's tickets in the agent's queue, in progress and closed: visible to them; the admin's others are not.
    await pool.query(
      "UPDATE tickets SET user_id = NULL, status = CASE WHEN status = 'open' THEN 'pending' ELSE status END WHERE company_id = $1 AND queue_id = $2",
      [s.company.id, s.queues[0]!.id],
    );
    const session = await core.login(agent.email, agent.password);
    const pages = await pullAll(session.token);
    const seen = pages.flatMap(ticketIds);
    const { rows } = await pool.query<{ id: number }>(
      "SELECT id FROM tickets WHERE company_id = $1 AND queue_id = $2",
      [s.company.id, s.queues[0]!.id],
    );
    expect([...seen].sort()).toEqual(rows.map((r) => r.id).sort());
    expect(pages.flatMap(messageTickets).every((id) => seen.includes(id))).toBe(true);
  });

  it("stops at the newest closed tickets of its limit and says the replica does not hold them all", async () => {
    const s = await seedCompany(1, REPLICA_BOOT_LIMITS.closed + 1);
    const pages = await pullAll(s.token);
    const seen = pages.flatMap(ticketIds);
    expect(seen).toEqual([...s.open, ...s.closed.slice(0, REPLICA_BOOT_LIMITS.closed)]);
    expect(pages[1]!.ticketsComplete).toEqual({ inProgress: true, closed: false });
  });

  it("refuses a cursor it did not make", async () => {
    const s = await seedCompany(1, 0);
    for (const cursor of [
      "5v1bx0.1.2.3",
      "5v1bm0.1.2",
      "5v1bm0.1.2.3x",
      "5v1bm0.1.2.2147483648",
      "5v1bm0.1.123456789012345678.3",
    ]) {
      const res = await core.api("GET", `/sync/pull?cursor=${cursor}`, { token: s.token });
      expect(res.status).toBe(400);
    }
  });
});
