// The work each of ingest's statements does grows with the batch, never with the company's tickets or contacts
// (decision 0066). On tables never analyzed (a young database, or autovacuum not yet round) the planner believed a
// company's tickets were one row and scanned all of them once per ticket of the batch, through the dashboard's
// (company_id, created_at) indexes or a nested loop over the batch: 92 messages/s instead of 1,000. Every statement
// ingest runs, triggers included, is read back through auto_explain (sent to this client as a notice) with its
// actual row counts, before and after an ANALYZE.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildWhatsapp } from "../testing/factories.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { type InboundMessage, ingest } from "./ingest.ts";

const db = testDbForFile();
const CONTACTS = 2000;

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** The rows a plan touched: each node's output and what its filters threw away, times its loops. */
function rowsTouched(node: PlanNode): number {
  const n = (k: string) => Number(node[k] ?? 0);
  const own =
    (n("Actual Rows") +
      n("Rows Removed by Filter") +
      n("Rows Removed by Join Filter") +
      n("Rows Removed by Index Recheck")) *
    Math.max(1, n("Actual Loops"));
  return own + (node.Plans ?? []).reduce((s, p) => s + rowsTouched(p), 0);
}

/** Runs `events` through ingest on a connection that reports every statement's plan; answers rows per statement. */
async function ingestExplained(events: InboundMessage[]): Promise<{ sql: string; rows: number }[]> {
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  const plans: { sql: string; rows: number }[] = [];
  try {
    const client = await pool.connect();
    await client.query("LOAD 'auto_explain'");
    for (const setting of [
      "auto_explain.log_min_duration = 0",
      "auto_explain.log_analyze = on",
      "auto_explain.log_timing = off",
      "auto_explain.log_nested_statements = on",
      "auto_explain.log_format = json",
      "auto_explain.log_level = notice",
    ]) {
      await client.query(`SET ${setting}`);
    }
    client.on("notice", (msg) => {
      const at = msg.message?.indexOf("{") ?? -1;
      if (at < 0) return;
      const plan = JSON.parse(msg.message!.slice(at)) as { "Query Text": string; Plan: PlanNode };
      plans.push({ sql: plan["Query Text"].replace(/\s+/g, " ").trim(), rows: rowsTouched(plan.Plan) });
    });
    client.release();
    await transaction(pool, (c) => ingest(c, events));
  } finally {
    await pool.end();
  }
  return plans;
}

describe("#ingest plans", () => {
  let companyId = 0;
  let whatsappId = 0;
  const says = (i: number, run: string): InboundMessage => ({
    kind: "message",
    companyId,
    whatsappId,
    channel: "whatsappapi",
    remoteId: `wamid.${run}.${i}`,
    from: `5511${String(i).padStart(9, "0")}`,
    name: `Contact ${i}`,
    body: `message ${i}`,
    mediaType: "chat",
    timestamp: new Date(),
  });
  /** Contacts from `from` on: below CONTACTS known ones, past it new ones (a ticket each is created). */
  let fresh = 0;
  const batch = (from: number, size: number, run = randomUUID()) =>
    Array.from({ length: size }, (_, i) => says(from + i, run));

  /**
   * Each statement's rows for batches of 1, 10 and 100 messages of known contacts, and of new ones (tickets
   * created). A seq scan of the company's rows once per batch may be the planner's choice; once per message of
   * the batch, or once per contact, is what this guards against (2,000 x 1,409 rows for one message, before).
   */
  async function expectBatchBounded() {
    for (const size of [1, 10, 100]) {
      for (const events of [batch(300 + size, size), batch(CONTACTS + fresh, size)]) {
        fresh += size;
        const plans = await ingestExplained(events);
        expect(plans.length).toBeGreaterThan(5);
        const worst = plans.reduce((a, b) => (b.rows > a.rows ? b : a));
        expect(worst.rows, worst.sql).toBeLessThan(3 * CONTACTS + 30 * size);
      }
    }
  }

  it("reads a batch's tickets and contacts by id on tables never analyzed", async () => {
    companyId = (await buildCompany(db.pool)).id;
    whatsappId = (await buildWhatsapp(db.pool, { companyId })).id;
    // 2,000 contacts, each with a ticket, made by ingest itself; nothing has run ANALYZE.
    for (let from = 0; from < CONTACTS; from += 250) {
      const run = randomUUID();
      await transaction(db.pool, (c) =>
        ingest(
          c,
          Array.from({ length: 250 }, (_, i) => says(from + i, run)),
        ),
      );
    }
    const { rows } = await db.pool.query<{ n: number; analyzed: boolean }>(
      `SELECT count(*)::int AS n, (SELECT last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL
         FROM pg_stat_user_tables WHERE relname = 'tickets') AS analyzed
       FROM tickets WHERE company_id = $1`,
      [companyId],
    );
    expect(rows[0]!.n).toBe(CONTACTS);
    if (rows[0]!.analyzed) console.warn("tickets were analyzed already (autovacuum): this case ran with statistics");
    await expectBatchBounded();
  });

  it("does too once statistics exist", async () => {
    await db.pool.query("ANALYZE");
    await expectBatchBounded();
  });

  it("leaves the dashboard's period indexes to queries that name created_at (migration 0063)", async () => {
    const client = await db.pool.connect();
    try {
      await client.query("SET enable_seqscan = off");
      const indexOf = async (sql: string) => {
        const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, [companyId]);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      };
      const period = "created_at >= now() - interval '30 days' AND created_at < now()";
      expect(await indexOf(`SELECT id FROM tickets WHERE company_id = $1 AND ${period}`)).toContain(
        "tickets_company_created",
      );
      expect(
        await indexOf(`SELECT count(*) FROM contacts WHERE company_id = $1 AND NOT is_group AND ${period}`),
      ).toContain("contacts_company_created");
      expect(await indexOf("SELECT id FROM tickets WHERE company_id = $1")).not.toContain("tickets_company_created");
      expect(await indexOf("SELECT id FROM contacts WHERE company_id = $1 AND NOT is_group")).not.toContain(
        "contacts_company_created",
      );
    } finally {
      await client.query("RESET enable_seqscan");
      client.release();
    }
  });
});
