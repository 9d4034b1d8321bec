// Cores started together on one empty database (a deploy, several machines): each migrates and seeds under the
// advisory lock, so all come up, the migrations run once and company 1 is seeded once.
import pg from "pg";
import { expect, it } from "vitest";
import { createEmptyDatabase } from "../testing/test-db.ts";
import { prepareDatabaseInWorker } from "./prepare.ts";

it("prepares one empty database from three cores at once: all succeed, one migrates and seeds", async () => {
  const db = await createEmptyDatabase();
  try {
    const admin = { email: "admin@example.com", password: "Segredo123!" };
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => prepareDatabaseInWorker({ databaseUrl: db.url, admin })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const created = outcomes.map((o) => (o.status === "fulfilled" ? o.value.created : null));
    expect(created.filter(Boolean)).toHaveLength(1);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const runs = await client.query<{ name: string; times: number }>(
        "SELECT name, count(*)::int AS times FROM mikro_orm_migrations GROUP BY name HAVING count(*) > 1",
      );
      expect(runs.rows).toEqual([]);
      const total = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM mikro_orm_migrations");
      expect(total.rows[0]!.n).toBeGreaterThan(10);
      const companies = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM companies");
      expect(companies.rows[0]!.n).toBe(1);
    } finally {
      await client.end();
    }
  } finally {
    await db.drop();
  }
}, 120_000);
