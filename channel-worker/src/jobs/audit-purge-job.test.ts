// The audit log's retention as a timed job (decision 0108): the worker deletes the entries past their company's
// days (or the installation's 365), and nothing younger; the table stays append-only for everyone else.
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { TEST_WORKER, waitFor, waitForLaterRuns } from "../testing/outbound-fixtures.ts";
import { startWorker } from "../worker.ts";

const db = testDbForFile();

describe("#audit:purge", () => {
  it("deletes each company's entries past its retention, and keeps the rest", async () => {
    const company = async (name: string) =>
      (
        await db.pool.query<{ id: number }>(
          "INSERT INTO companies (name, due_date) VALUES ($1, '2999-12-31') RETURNING id",
          [name],
        )
      ).rows[0]!.id;
    const short = await company("Guarda 30 dias");
    const usual = await company("Guarda o padrão");
    await db.pool.query("INSERT INTO settings (company_id, key, value) VALUES ($1, 'auditRetentionDays', '30')", [
      short,
    ]);
    const entry = (companyId: number, daysAgo: number) =>
      db.pool.query(
        `INSERT INTO audit_entries (company_id, kind, subject, created_at)
         VALUES ($1, 'queue.create', $2, now() - make_interval(days => $3))`,
        [companyId, `${daysAgo} dias`, daysAgo],
      );
    for (const [c, d] of [
      [short, 40],
      [short, 1],
      [usual, 400],
      [usual, 40],
    ] as const)
      await entry(c, d);
    const left = async () =>
      (
        await db.pool.query<{ companyId: number; subject: string }>(
          `SELECT company_id AS "companyId", subject FROM audit_entries WHERE company_id IN ($1, $2) ORDER BY company_id, id`,
          [short, usual],
        )
      ).rows;
    const worker = await startWorker({
      databaseUrl: db.url,
      workerId: "audit-purge",
      jobIntervalMs: 200,
      ...TEST_WORKER,
    });
    try {
      await waitFor(async () => (await left()).length === 2, "the old entries to go");
      await waitForLaterRuns(db.pool, "audit:purge");
    } finally {
      await worker.stop();
    }
    expect(await left()).toEqual([
      { companyId: short, subject: "1 dias" },
      { companyId: usual, subject: "40 dias" },
    ]);
    await expect(db.pool.query("DELETE FROM audit_entries WHERE company_id = $1", [short])).rejects.toThrow(
      /append-only/,
    );
  }, 60_000);
});
