// The billing job as a timed job (decision 0079): two workers, runs after runs, and each company due soon gets
// its invoice exactly once.
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { TEST_WORKER, waitFor, waitForLaterRuns } from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";

const db = testDbForFile();

describe("#invoices:create-due", () => {
  it("two workers make a company's next invoice once, from its plan", async () => {
    const plan = await db.pool.query<{ id: number }>(
      "INSERT INTO plans (name, users, connections, queues, amount) VALUES ('Plano Ouro', 5, 3, 4, 99.5) RETURNING id",
    );
    // Company 1 hosts the platform and never pays: the company under test is another one.
    await db.pool.query(
      "INSERT INTO companies (name, due_date) SELECT 'Plataforma', '2999-12-31' WHERE NOT EXISTS (SELECT 1 FROM companies)",
    );
    // Due in two days (the job looks INVOICE_LEAD_DAYS ahead).
    const company = await db.pool.query<{ id: number; due: string }>(
      `INSERT INTO companies (name, due_date, plan_id, recurrence)
       VALUES ('Loja', (now() AT TIME ZONE 'America/Sao_Paulo')::date + 2, $1, 'MENSAL')
       RETURNING id, to_char(due_date, 'YYYY-MM-DD') AS due`,
      [plan.rows[0]!.id],
    );
    const { id: companyId, due } = company.rows[0]!;
    const invoices = async () =>
      (
        await db.pool.query(
          "SELECT detail, users, connections, queues, value, to_char(due_date, 'YYYY-MM-DD') AS due, status FROM invoices WHERE company_id = $1",
          [companyId],
        )
      ).rows;
    const start = (workerId: string) =>
      startWorker({ databaseUrl: db.url, workerId, jobIntervalMs: 200, ...TEST_WORKER });
    const workers: Worker[] = await Promise.all([start("bill-a"), start("bill-b")]);
    try {
      await waitFor(async () => (await invoices()).length > 0, "the invoice to appear");
      await waitForLaterRuns(db.pool, "invoices:create-due");
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(await invoices()).toEqual([
      { detail: "Plano Ouro", users: 5, connections: 3, queues: 4, value: 9950, due, status: "open" },
    ]);
  }, 60_000);
});
