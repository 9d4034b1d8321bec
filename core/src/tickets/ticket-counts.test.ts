import { describe, expect, it } from "vitest";
import { buildCompany, buildQueue, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { buildAgent, salesAndSupport, seedTickets } from "../testing/ticket-list-factories.ts";
import { COUNT_CAP, FOLD_THRESHOLD, foldTicketCounts } from "./ticket-counts.ts";

const core = coreForFile();

const KEY = "status, queue_id, user_id, is_group";

/** The counters (with their pending deltas) and the tickets themselves, grouped the same way. */
async function countersAndTruth(companyId: number) {
  const pool = core.db.pool;
  const q = (sql: string) => pool.query(sql, [companyId]).then((r) => r.rows);
  const counters = await q(`SELECT ${KEY}, sum(n)::int AS n FROM (
      SELECT ${KEY}, n FROM ticket_counts WHERE company_id = $1
      UNION ALL SELECT ${KEY}, n FROM ticket_count_deltas WHERE company_id = $1) c
    GROUP BY ${KEY} HAVING sum(n) <> 0 ORDER BY ${KEY}`);
  const truth = await q(
    `SELECT ${KEY}, count(*)::int AS n FROM tickets WHERE company_id = $1 GROUP BY ${KEY} ORDER BY ${KEY}`,
  );
  return { counters, truth };
}

async function expectCountersRight(companyId: number) {
  const { counters, truth } = await countersAndTruth(companyId);
  expect(counters).toEqual(truth);
}

describe("#tickets.list count", () => {
  it("keeps the counters right across inserts, status changes, transfers and deletes", async () => {
    const pool = core.db.pool;
    const company = await buildCompany(pool);
    const admin = await buildUser(pool, { companyId: company.id });
    const sales = await buildQueue(pool, { companyId: company.id });
    const support = await buildQueue(pool, { companyId: company.id });
    const agent = await buildAgent(pool, { companyId: company.id, queueIds: [sales.id] });
    const { token } = await core.login(admin.email, admin.password);
    const count = async (query: string) =>
      (await core.api("GET", `/tickets?showAll=true&${query}`, { token })).body.count as number;

    const ids = await seedTickets(
      pool,
      company.id,
      Array.from({ length: 30 }, (_, i) => ({ status: "pending", queueId: i < 20 ? sales.id : null })),
    );
    await expectCountersRight(company.id);
    expect([await count("status=pending"), await count(`queueIds=[${sales.id}]`)]).toEqual([30, 20]);

    // Accept: pending -> open with an owner.
    await pool.query("UPDATE tickets SET status = 'open', user_id = $2 WHERE id = ANY($1)", [
      ids.slice(0, 5),
      agent.id,
    ]);
    await expectCountersRight(company.id);
    expect([await count("status=pending"), await count("status=open"), await count(`users=[${agent.id}]`)]).toEqual([
      25, 5, 5,
    ]);

    // Transfer to another queue and user; a message (only updated_at) changes no counter.
    await pool.query("UPDATE tickets SET queue_id = $2, user_id = $3 WHERE id = $1", [ids[0], support.id, admin.id]);
    await pool.query("UPDATE tickets SET updated_at = now(), last_message = 'oi' WHERE id = ANY($1)", [ids]);
    await expectCountersRight(company.id);
    expect([await count(`queueIds=[${support.id}]`), await count(`users=[${agent.id}]`)]).toEqual([1, 4]);

    // Close, then delete a ticket; deleting a queue empties it from its tickets (ON DELETE SET NULL);
    // deleting a user too; deleting a contact deletes its tickets (ON DELETE CASCADE).
    await pool.query("UPDATE tickets SET status = 'closed' WHERE id = ANY($1)", [ids.slice(1, 3)]);
    await pool.query("DELETE FROM tickets WHERE id = $1", [ids[3]]);
    await pool.query("DELETE FROM queues WHERE id = $1", [support.id]);
    await pool.query("DELETE FROM users WHERE id = $1", [agent.id]);
    await pool.query("DELETE FROM contacts WHERE id = (SELECT contact_id FROM tickets WHERE id = $1)", [ids[29]]);
    await expectCountersRight(company.id);
    expect([
      await count("status=closed"),
      await count("status=open"),
      await count("status=pending"),
      await count(""),
    ]).toEqual([2, 2, 24, 28]);

    // Folding the deltas into the counters changes no count.
    await foldTicketCounts(pool, company.id);
    const deltas = await pool.query("SELECT count(*)::int AS n FROM ticket_count_deltas WHERE company_id = $1", [
      company.id,
    ]);
    expect(deltas.rows[0].n).toBe(0);
    await expectCountersRight(company.id);
    expect(await count("")).toBe(28);
  });

  it("counts what the caller may see, as the list does", async () => {
    const pool = core.db.pool;
    const { company, sales, support, agent, colleague } = await salesAndSupport(pool);
    await seedTickets(pool, company.id, [
      { status: "pending", queueId: sales.id },
      { status: "pending", queueId: support.id },
      { status: "open", queueId: sales.id, userId: agent.id },
      { status: "open", queueId: sales.id, userId: colleague.id },
      { status: "closed", queueId: sales.id, userId: colleague.id },
      { status: "group", queueId: sales.id, isGroup: true },
    ]);
    const { token } = await core.login(agent.email, agent.password);
    for (const query of ["", "status=open", "status=pending", "showAll=true", "withUnreadMessages=false"]) {
      const res = await core.api("GET", `/tickets?${query}`, { token });
      expect({ query, count: res.body.count }).toEqual({ query, count: res.body.tickets.length });
    }
    expect((await core.api("GET", "/tickets", { token })).body.count).toBe(3);
  });

  it(`counts filters the counters cannot answer on the tickets, up to ${COUNT_CAP}`, async () => {
    const pool = core.db.pool;
    const company = await buildCompany(pool);
    const admin = await buildUser(pool, { companyId: company.id });
    const contacts = await pool.query<{ id: number }>(
      `INSERT INTO contacts (company_id, name, number) SELECT $1::int, 'Bulk ' || i, 'bulk-' || $1::int || '-' || i
       FROM generate_series(1, $2) i RETURNING id`,
      [company.id, COUNT_CAP + 50],
    );
    await pool.query(
      `INSERT INTO tickets (company_id, contact_id, status, unread_messages)
       SELECT $1, id, 'pending', 1 FROM unnest($2::int[]) AS id`,
      [company.id, contacts.rows.map((r) => r.id)],
    );
    const { token } = await core.login(admin.email, admin.password);
    const all = await core.api("GET", "/tickets?status=pending", { token });
    expect(all.body.count).toBe(COUNT_CAP + 50);
    const unread = await core.api("GET", "/tickets?status=pending&withUnreadMessages=true", { token });
    expect(unread.body).toMatchObject({ count: COUNT_CAP, hasMore: true });
    const found = await core.api("GET", "/tickets?searchParam=bulk%2012", { token });
    expect(found.body.count).toBe(111); // "Bulk 12", "Bulk 120".."Bulk 129", "Bulk 1200".."Bulk 1299"
  });

  it("never makes two writers wait on one counter row, and folds pending deltas as counts are read", async () => {
    const pool = core.db.pool;
    const company = await buildCompany(pool);
    const admin = await buildUser(pool, { companyId: company.id });
    // Two open transactions each create a pending ticket without a queue (the same counter key).
    const [c1, c2] = (
      await pool.query<{ id: number }>(
        "INSERT INTO contacts (company_id, name, number) VALUES ($1, 'A', $2), ($1, 'B', $3) RETURNING id",
        [company.id, `a-${company.id}`, `b-${company.id}`],
      )
    ).rows;
    const tx1 = await pool.connect();
    const tx2 = await pool.connect();
    try {
      await tx1.query("BEGIN");
      await tx2.query("BEGIN");
      await tx2.query("SET LOCAL lock_timeout = '1s'");
      await tx1.query("INSERT INTO tickets (company_id, contact_id) VALUES ($1, $2)", [company.id, c1!.id]);
      await tx2.query("INSERT INTO tickets (company_id, contact_id) VALUES ($1, $2)", [company.id, c2!.id]);
      await tx2.query("COMMIT");
      await tx1.query("COMMIT");
    } finally {
      tx1.release();
      tx2.release();
    }
    await expectCountersRight(company.id);

    // Enough moves to pass the threshold: the next count folds them into the counters.
    const [id] = await seedTickets(pool, company.id, [{ status: "pending" }]);
    for (let i = 0; i < FOLD_THRESHOLD / 2 + 1; i++) {
      await pool.query("UPDATE tickets SET status = $2 WHERE id = $1", [id, i % 2 ? "pending" : "open"]);
    }
    const { token } = await core.login(admin.email, admin.password);
    expect((await core.api("GET", "/tickets?showAll=true", { token })).body.count).toBe(3);
    await expect
      .poll(async () => {
        const { rows } = await pool.query("SELECT count(*)::int AS n FROM ticket_count_deltas WHERE company_id = $1", [
          company.id,
        ]);
        return rows[0].n;
      })
      .toBe(0);
    await expectCountersRight(company.id);
    expect((await core.api("GET", "/tickets?showAll=true", { token })).body.count).toBe(3);
  });
});
